#pragma once
// Predictors of the unknown derivative at a new time point t_N from the points solved before it
// (Zhang et al. 2022 section 3.1), applied at the velocity level (y = v, ydot = vdot), where every
// formulation's coordinates form a vector space:
//   constant      ydot_N = ydot_{N-1}                                                  (eq 15)
//   second order  ydot_N = (m0 y_{N-1} + m1 y_{N-2}) / (t_N - t_{N-1})
//                          + n0 ydot_{N-1} + n1 ydot_{N-2}                         (eqs 12, 14)
//   fourth order  the same over three points                                     (eqs 16, 17)
// i.e. the derivative at t_N of the Hermite interpolant through the past values and derivatives
// (exact for polynomials of degree 3 and 5). The paper does not say how multipliers are
// predicted; here they are extrapolated by the polynomial through the same points (degree 0, 1, 2).
// Past points may lie on either side of t_N (ESDIRK stages are not ordered in time).

#include <array>

#include "math/types.h"

namespace mbw {

struct Predictor {
  int points = 1;                 // past points used, 1..3, most recent first
  double m[3] = {0.0, 0.0, 0.0};  // weights of y_{N-i}, including 1/(t_N - t_{N-1})
  double n[3] = {1.0, 0.0, 0.0};  // weights of ydot_{N-i}
  double l[3] = {1.0, 0.0, 0.0};  // weights of lambda_{N-i}
};

Predictor constantPredictor();
// t1 = t_{N-1}, t2 = t_{N-2}
Predictor secondOrderPredictor(double tN, double t1, double t2);
Predictor fourthOrderPredictor(double tN, double t1, double t2, double t3);

// the past points' vectors, most recent first (entries beyond p.points are not read)
using PastVectors = std::array<const VectorXd*, 3>;
// out = sum m_i y_i + sum n_i ydot_i
void predictDerivative(const Predictor& p, const PastVectors& y, const PastVectors& ydot,
                       VectorXd& out);
void predictMultipliers(const Predictor& p, const PastVectors& lambda, VectorXd& out);

// Weights of the value at t_N of the cubic Hermite interpolant through (y, ydot) at t1 and t2:
// y_N = wy[0] y1 + wy[1] y2 + wd[0] ydot1 + wd[1] ydot2 (used for error estimates).
struct HermiteValue {
  double wy[2], wd[2];
};
HermiteValue hermiteValue(double tN, double t1, double t2);

}  // namespace mbw
