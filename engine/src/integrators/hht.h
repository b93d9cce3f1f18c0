#pragma once
// HHT-I3: the Hilber-Hughes-Taylor method on the index-3 DAE as Negrut, Rampalli, Ottarsson and
// Sajdak implemented it for MSC.ADAMS (J. Comput. Nonlinear Dynam. 2, 2007; also the HHT
// of Project Chrono): Newmark updates
//     q_{n+1} = q_n (+) (h v_n + h^2 (1/2 - beta) a_n + beta h^2 a_{n+1})
//     v_{n+1} = v_n + h ((1 - gamma) a_n + gamma a_{n+1})
// and the equations of motion with alpha-weighted force terms,
//     a_{n+1} + (1 + alpha) f_{n+1} - alpha f_n = 0,   f = M^-1 (Phi_q^T lambda - Q),
//     Phi(q_{n+1}) / (beta h^2) = 0,
// gamma = (1 - 2 alpha) / 2, beta = (1 - alpha)^2 / 4, alpha in [-1/3, 0]: second order,
// A-stable, spectral radius at infinity (1 + alpha) / (1 - alpha) in [1/2, 1]. Multiplied by
// M(q_{n+1}) this is Negrut et al.'s (M a)_{n+1} + (1 + alpha) (Phi_q^T lambda - Q)_{n+1}
// - alpha (Phi_q^T lambda - Q)_n = 0 when M is constant. Where M depends on q (Euler parameters)
// their form weights M_n f_n instead of M_{n+1} f_n, an O(h) inconsistency that made it first
// order on the double pendulum here (slope 1.2 in positions); the weighting of M^-1 (...) keeps
// second order. f_n needs no solve: f_{n+1} = (alpha f_n - a_{n+1}) / (1 + alpha), f_0 = -a_0.
// Solved by the shared Index3Solver (cq = beta h^2, cv = gamma h, force weight 1 + alpha,
// acceleration history -alpha f_n) with the constant predictor a_{n+1} = a_n. Fixed step.

#include <optional>

#include "integrators/index3_integrator.h"
#include "integrators/linear_model.h"

namespace mbw {

class Hht final : public Index3Integrator {
 public:
  Hht(Formulation& formulation, IntegratorSettings settings);
  static Capabilities capabilities();
  static LinearModel linearModel(const IntegratorSettings& settings);
  // alpha from the settings: --alpha, or from --rho-inf, default -0.3
  static double alpha(const IntegratorSettings& settings);

 private:
  void doInitialize() override;
  StepResult doStep(double h) override;

  double alpha_, beta_, gamma_;
  State next_;
  VectorXd f_, history_;               // f_n = M^-1 (Phi_q^T lambda - Q)_n and -alpha f_n
  std::optional<Power> shiftedPower_;  // p_n, the power shifted as a_n (none at the start: P_0)
};

}  // namespace mbw
