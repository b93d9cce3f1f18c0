#include "integrators/backward_euler.h"

namespace mbw {

BackwardEuler::BackwardEuler(Formulation& formulation, IntegratorSettings settings)
    : Index3Integrator(formulation, settings) {}

Capabilities BackwardEuler::capabilities() {
  Capabilities c;
  c.family = "index-3 DAE, one-step";
  c.description =
      "implicit Euler on the index-3 equations (Kissel et al. 2021); first order, L-stable";
  c.order = 1;
  c.lStable = true;
  c.source = "Kissel et al. 2021 eqs 32-35";
  c.workRule = "implicit Euler: W_n+1 = W_n + h P_n+1 (first order)";
  c.formulations = {"rp", "rA", "rE"};
  return c;
}

LinearModel BackwardEuler::linearModel() {
  // R(z) = 1 / (1 - z) at z = i Omega
  return {1, [](double w) {
            return Eigen::MatrixXcd::Constant(1, 1, 1.0 / (1.0 - std::complex<double>(0.0, w)));
          }};
}

StepResult BackwardEuler::doStep(double h) {
  // time point t_{n+1}: q = q_n (+) h (v_n + h vdot), v = v_n + h vdot
  anchor_ = state_.q;
  point_.t = state_.t + h;
  point_.anchor = &anchor_;
  point_.dqHat = h * state_.v;
  point_.vHat = state_.v;
  point_.cq = h * h;
  point_.cv = h;
  // the predictor: the last step's accelerations and multipliers
  next_.vdot = state_.vdot;
  next_.lambda = state_.lambda;
  // Newton at the time point; the next step the same size
  StepResult r;
  r.nextStep = settings_.step;
  if (!solvePoint(next_, h, false, r)) return r;
  // accepted: the new point is the state
  std::swap(state_, next_);
  // the work by the same rule: W_n+1 = W_n + h P_n+1
  const Power p = powerAt(state_);
  acceptWork(advanced(work_, h, p), p);
  return r;
}

}  // namespace mbw
