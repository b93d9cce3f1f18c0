#include "integrators/hht.h"

namespace mbw {

double Hht::alpha(const IntegratorSettings& s) {
  // alpha given, else from rho_inf = (1 + alpha) / (1 - alpha), else -0.3
  if (s.alpha) return *s.alpha;
  if (s.rhoInf >= 0.0) return (s.rhoInf - 1.0) / (s.rhoInf + 1.0);
  return -0.3;
}

Hht::Hht(Formulation& formulation, IntegratorSettings settings)
    // Newmark's beta and gamma from alpha: second order, unconditionally stable
    : Index3Integrator(formulation, settings),
      alpha_(alpha(settings)),
      beta_((1.0 - alpha_) * (1.0 - alpha_) / 4.0),
      gamma_((1.0 - 2.0 * alpha_) / 2.0) {}

Capabilities Hht::capabilities() {
  Capabilities c;
  c.family = "index-3 DAE, Newmark family";
  c.description =
      "HHT-I3 (ADAMS, Chrono): second order, alpha in [-1/3, 0] (default -0.3), "
      "or rho_inf in [0.5, 1]";
  c.source = "Negrut, Rampalli, Ottarsson, Sajdak, J. Comput. Nonlinear Dynam. 2 (2007)";
  c.order = 2;
  c.hasRhoInf = true;
  c.hasAlpha = true;
  // rho_inf in [0.5, 1] is alpha in [-1/3, 0]; the default is alpha = -0.3's
  c.rhoInfMin = 0.5;
  c.rhoInfMax = 1.0;
  c.rhoInfDefault = (1.0 - 0.3) / (1.0 + 0.3);
  c.formulations = {"rp", "rA", "rE"};
  c.workRule = "the velocity update on the alpha-shifted power (second order)";
  return c;
}

LinearModel Hht::linearModel(const IntegratorSettings& s) {
  // the coefficients as the constructor takes them
  const double a = alpha(s), beta = (1 - a) * (1 - a) / 4, gamma = (1 - 2 * a) / 2;
  // one step on x'' = -w^2 x acting on (x, h v, h^2 a)
  return {1, [a, beta, gamma](double w) {
            const double w2 = w * w;
            Eigen::MatrixXcd m(3, 3);
            // each column: one step from a unit vector of (x, h v, h^2 a)
            for (int col = 0; col < 3; ++col) {
              const Eigen::Vector3d x = Eigen::Vector3d::Unit(col);
              // A' (1 + (1 + a) beta w2) = -w2 x - (1 + a) w2 (V + (1/2 - beta) A)  (x' eliminated)
              const double acc = (-w2 * x[0] - (1 + a) * w2 * (x[1] + (0.5 - beta) * x[2])) /
                                 (1 + (1 + a) * beta * w2);
              // Newmark's position and velocity updates with the new acceleration
              m(0, col) = x[0] + x[1] + (0.5 - beta) * x[2] + beta * acc;
              m(1, col) = x[1] + (1 - gamma) * x[2] + gamma * acc;
              m(2, col) = acc;
            }
            return m;
          }};
}

void Hht::doInitialize() {
  // f = M^-1 (Phi_q^T lambda - Q) at the start: -vdot, by the equations of motion
  f_ = -state_.vdot;
  shiftedPower_.reset();
}

StepResult Hht::doStep(double h) {
  // Newmark at t_n+1:
  //     q = q_n (+) (h v_n + h^2 (1/2 - beta) vdot_n + beta h^2 vdot),
  //     v = v_n + h (1 - gamma) vdot_n + gamma h vdot
  point_.t = state_.t + h;
  point_.anchor = &state_.q;
  point_.dqHat = h * state_.v + (h * h * (0.5 - beta_)) * state_.vdot;
  point_.vHat = state_.v + (h * (1.0 - gamma_)) * state_.vdot;
  point_.cq = beta_ * h * h;
  point_.cv = gamma_ * h;
  // the forces weighted 1 + alpha, the last step's shifted by -alpha (hht.h)
  point_.forceWeight = 1.0 + alpha_;
  history_ = -alpha_ * f_;
  point_.accelerationHistory = &history_;
  // the predictor: the last step's accelerations and multipliers
  next_.vdot = state_.vdot;
  next_.lambda = state_.lambda;
  StepResult r;
  r.nextStep = settings_.step;
  if (!solvePoint(next_, h, false, r)) return r;
  // f at the new point, from its residual: the next step's history
  f_ = (alpha_ * f_ - next_.vdot) / (1.0 + alpha_);
  std::swap(state_, next_);
  // the work by the velocity update: W_n+1 = W_n + h ((1 - gamma) p_n + gamma p_n+1) with the
  // alpha-shifted power p_n+1 = (1 + alpha) P_n+1 - alpha P_n, as a_n+1 is shifted (p_0 = P_0)
  const Power now = powerAt(state_);
  // p_n: the last step's shifted power, P_0 at the first step
  const Power start = shiftedPower_.value_or(power_);
  const Power shifted{(1.0 + alpha_) * now.in - alpha_ * power_.in,
                      (1.0 + alpha_) * now.dissipated - alpha_ * power_.dissipated};
  const Power mean{(1.0 - gamma_) * start.in + gamma_ * shifted.in,
                   (1.0 - gamma_) * start.dissipated + gamma_ * shifted.dissipated};
  // kept as the next step's p_n
  shiftedPower_ = shifted;
  acceptWork(advanced(work_, h, mean), now);
  return r;
}

}  // namespace mbw
