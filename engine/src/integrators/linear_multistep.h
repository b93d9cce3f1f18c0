#pragma once
// LMS2, LMS3, LMS4 on the index-3 DAE (Zhang et al. 2022 sections 2.1, 3): at t_N,
//     v_N = sum_j a_j v_{N-j} + h sum_{j>=1} b_j vdot_{N-j} + h b0 vdot_N
//     g_N = sum_j a_j g_{N-j} + h sum_{j>=1} b_j gdot_{N-j} + h b0 gdot_N
// with g_{N-j} = q_{N-j} (-) q_{N-1} the past positions relative to the latest point and
// gdot = T(g)^-1 v their rates (section 3.1), solved by the shared Index3Solver (cq = (b0 h)^2,
// cv = b0 h). Start-up and any change of step size that the coefficients cannot follow: the
// trapezoidal rule (eq 3), which needs only the latest point. Predictor: second order (eqs 12,
// 14), constant at the first step.
//
// LMS2 also runs with variable steps (MBDyn's coefficients in h_N / h_{N-1}); its local error is
// estimated by the difference between the solution and the cubic Hermite extrapolation of the
// two previous points (fourth-order accurate, so the difference is the LMS2 local error to
// leading order; at the trapezoidal first step, h^2/12 times the change of the accelerations),
// and steps are limited to twice the previous one (zero-stability).
//
// The work integrals of the energy balance follow the same formula, W_N = sum_j a_j W_N-j +
// h sum_j b_j P_N-j (work_integrals.h), over the same history (restarted with it).

#include "integrators/index3_integrator.h"
#include "integrators/linear_model.h"
#include "integrators/lms_coefficients.h"
#include "integrators/point_history.h"

namespace mbw {

class LinearMultistep final : public Index3Integrator {
 public:
  LinearMultistep(Formulation& formulation, IntegratorSettings settings, int steps);
  static Capabilities capabilities(int steps);
  static LinearModel linearModel(int steps, const IntegratorSettings& settings);
  static double rhoInf(const IntegratorSettings& settings);

 private:
  void doInitialize() override;
  StepResult doStep(double h) override;
  // the coefficients for a step h from the current history (restarting it when needed)
  LmsCoefficients coefficientsFor(double h);
  // the work integrals of the accepted step by the formula of its coefficients
  void advanceWork(const LmsCoefficients& c, double h);
  // Error norm of the local error estimate of LMS2's positions: the solution's increment against
  // the cubic Hermite extrapolation of the two previous points (O(h^3): the method's local error
  // dominates the extrapolation's O(h^4)), and the trapezoidal start-up's -h^3/12 q''' at the
  // first step, where the velocity constraints' violation its truncation leaves also counts (as
  // the position error h |Phi_q (v_1 - v)| = 2 |Phi_q e| it causes at each later step).
  // Velocities are left out otherwise (step_control.h).
  double localError(double h);

  // the work integrals and powers at the points of history_
  struct WorkPoint {
    double t;
    WorkIntegrals work;
    Power power;
  };

  int steps_;
  double rho_;
  LmsCoefficients constant_;
  PointHistory history_;
  History<WorkPoint> workHistory_;
  State next_;
  std::vector<VectorXd> g_, gdot_;  // increments and rates of the past points (K)
  VectorXd known_, errorQ_;
  MatrixXd phiQ_;  // Phi_q at the end of the start-up step (its velocity drift)
  bool rejectedLast_ = false;
};

}  // namespace mbw
