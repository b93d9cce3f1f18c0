#pragma once
// Rosenbrock methods in the standard form of Sandu et al. 2001 eqs (11a)-(12) (Hairer and Wanner,
// Solving ODEs II, section IV.7): alpha_ij, gamma_ij with gamma_ii = gamma, weights b and embedded
// bhat; and the coefficients of the associated Rosenbrock-Nystrom method of Sandu et al. 2001
// Theorem 2.1 (eqs 25a-f), derived from them:
//     a = alpha Gamma^-1,  c = diag(1/gamma) - Gamma^-1,  delta = Gamma + Gamma alpha Gamma^-1,
//     theta = alpha + alpha^2 Gamma^-1,  m = b Gamma^-1,  mu = b + b alpha Gamma^-1  (same for
//     mhat, muhat),  alpha_i = row sums of alpha,  gamma_i = row sums of Gamma.
// (The paper prints a_21 = 0.2; the formula gives 2.0, as ros4.f's A21 does.)

#include <string>
#include <vector>

#include "math/types.h"

namespace mbw {

struct RosenbrockTableau {
  std::string name;
  std::string source;
  int order = 0, embeddedOrder = 0;
  double gamma = 0.0;
  MatrixXd alpha, Gamma;  // s x s, strictly lower / lower triangular
  VectorXd b, bhat;
  bool wMethod = false;  // keeps its order with any Jacobian (and none for added quadratures)
  int stages() const { return static_cast<int>(b.size()); }
};

struct NystromCoefficients {
  double gamma = 0.0;
  MatrixXd a, c, delta, theta;  // used below the diagonal
  VectorXd m, mhat, mu, muhat;
  VectorXd alphaI, gammaI;     // stage times and the f_t weights
  std::vector<bool> newPoint;  // stage i evaluates f at a new point (else it reuses stage i-1's)
};

NystromCoefficients nystromCoefficients(const RosenbrockTableau& tableau);

// Sandu et al. 2001 section 4: the 4-stage, order-4 L-stable method, Hairer-Wanner's ROS4 "LSTAB"
// design (alpha_2 = 2 gamma, b_3 = 0, alpha_4j = alpha_3j: 3 function evaluations) at the exact
// L-stable gamma = 0.572816062482134855408... (root of 24 g^4 - 96 g^3 + 72 g^2 - 16 g + 1); alpha,
// Gamma, b from ../shared/refdata/integrators/rosenbrock.md ("ROS4 L-stable, exact gamma"). The
// embedded order-3 weights are the paper's choice within the one-parameter family of eq (37),
// bhat_1 = alpha_31 (the paper's table, computed there with gamma rounded to 8 digits, agrees to
// 2e-9), recomputed at the exact gamma.
const RosenbrockTableau& ros4LStable();

// Sandu et al. 2001 section 4: the order-2 W-method of Verwer et al. (ROS2, gamma = 1 + 1/sqrt(2)),
// which keeps its order with any approximation of the Jacobian; embedded first-order weights bhat =
// (0, 1) as in the paper's table (mhat = (2, 1)/gamma).
const RosenbrockTableau& ros2W();

}  // namespace mbw
