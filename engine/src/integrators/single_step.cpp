#include "integrators/single_step.h"

namespace mbw {

// the settings' rho_inf, or the method's default (negative: not given)
double SingleStep::rhoInf(const IntegratorSettings& s) {
  return s.rhoInf >= 0.0 ? s.rhoInf : kIndex3DefaultRhoInf;
}

SingleStep::SingleStep(Formulation& formulation, IntegratorSettings settings, int r)
    : Index3Integrator(formulation, settings), c_(singleStepCoefficients(r, rhoInf(settings))) {}

Capabilities SingleStep::capabilities(int r) {
  Capabilities c;
  c.family = "index-3 DAE, single step with auxiliary variables";
  c.description = "SS" + std::to_string(r) + ": the single-step equivalent of LMS" +
                  std::to_string(r) + (r > 2 ? " (complex auxiliaries)" : "") +
                  "; constant predictor (Zhang et al. 2022 eqs 4, 9-11)";
  c.source =
      "Zhang et al. 2022 section 2.2; gammas as MBDyn implements them (singlestepsol_impl.cc)";
  c.order = 2;
  c.hasRhoInf = true;
  c.rhoInfDefault = kIndex3DefaultRhoInf;
  c.rhoInfMaxExcluded = r > 2;  // as LMS3/LMS4
  c.formulations = {"rp", "rA", "rE"};
  c.workRule = "the velocity formula with auxiliaries of the powers (second order)";
  return c;
}

LinearModel SingleStep::linearModel(int r, const IntegratorSettings& s) {
  const SingleStepCoefficients c = singleStepCoefficients(r, rhoInf(s));
  // the map of one step on y' = i Omega y / h (the oscillator's mode, linear_model.h)
  return {1, [c](double w) { return c.amplification({0.0, w}); }};
}

void SingleStep::doInitialize() {
  // every auxiliary level starts at the initial accelerations and velocities
  const int levels = c_.levels();
  velocityAux_.assign(levels, state_.vdot.cast<std::complex<double>>());
  positionAux_.assign(levels, state_.v.cast<std::complex<double>>());
  powerAux_.assign(levels, Eigen::Vector2cd::Zero());
  powerAuxStarted_ = false;  // at the first step, from the powers of the start
}

StepResult SingleStep::doStep(double h) {
  // known parts of eqs 9-11 at both levels (the position increment relative to q_{N-1})
  sum_ = (c_.bPrev * state_.vdot).cast<std::complex<double>>();
  for (int l = 0; l < c_.levels(); ++l) sum_ += c_.bAux[l] * velocityAux_[l];
  // v_N = v_N-1 + h (b_prev vdot_N-1 + sum_l b_l w_l + b0 vdot_N): its known part
  point_.vHat = state_.v + h * sum_.real();
  sum_ = (c_.bPrev * state_.v).cast<std::complex<double>>();
  for (int l = 0; l < c_.levels(); ++l) sum_ += c_.bAux[l] * positionAux_[l];
  // the same on the velocities gives the position increment; cv = b0 h, cq = (b0 h)^2
  const double c0 = h * c_.b0;
  point_.dqHat = h * sum_.real() + c0 * point_.vHat;
  // the point at t_N, its increment anchored at q_N-1
  point_.t = state_.t + h;
  point_.anchor = &state_.q;
  point_.cq = c0 * c0;
  point_.cv = c0;
  point_.incrementRates = true;

  // constant predictor (eq 15)
  next_.vdot = state_.vdot;
  next_.lambda = state_.lambda;
  StepResult r;
  r.nextStep = settings_.step;
  if (!solvePoint(next_, h, false, r)) return r;
  // accepted: the auxiliaries of both levels move on, the state with them
  updateAuxiliaries(velocityAux_, state_.vdot, next_.vdot);
  updateAuxiliaries(positionAux_, state_.v, next_.v);
  std::swap(state_, next_);
  advanceWork(h);
  return r;
}

void SingleStep::advanceWork(double h) {
  // the work integrals by the velocity formula on the powers, their auxiliaries started from the
  // step's start
  const Power p = powerAt(state_);
  // the powers at the step's ends as complex vectors (in, dissipated)
  const Eigen::Vector2cd now(p.in, p.dissipated), before(power_.in, power_.dissipated);
  if (!powerAuxStarted_) {
    for (Eigen::Vector2cd& w : powerAux_) w = before;
    powerAuxStarted_ = true;
  }
  // b0 P_N + b_prev P_N-1 + sum_l b_l w_l
  Eigen::Vector2cd sum = c_.b0 * now + c_.bPrev * before;
  for (int l = 0; l < c_.levels(); ++l) sum += c_.bAux[l] * powerAux_[l];
  // the auxiliaries' update of eqs 18-20 on the powers
  Eigen::Vector2cd below = now, belowOld = before;
  for (int l = 0; l < c_.levels(); ++l) {
    const Eigen::Vector2cd next = c_.c[l] * powerAux_[l] + c_.d[l] * below + c_.e[l] * belowOld;
    belowOld = powerAux_[l];
    powerAux_[l] = next;
    below = next;
  }
  // the integrals advanced by h times the sum's real part
  acceptWork({work_.work + h * sum.real()[0], work_.dissipated + h * sum.real()[1]}, p);
}

void SingleStep::updateAuxiliaries(std::vector<Eigen::VectorXcd>& w, const VectorXd& rateOld,
                                   const VectorXd& rateNew) {
  // w_l = c_l w_l + d_l w_l-1,new + e_l w_l-1,old (eqs 18-20), level 0 the rate itself
  below_ = rateNew.cast<std::complex<double>>();
  belowOld_ = rateOld.cast<std::complex<double>>();
  for (int l = 0; l < c_.levels(); ++l) {
    sum_ = c_.c[l] * w[l] + c_.d[l] * below_ + c_.e[l] * belowOld_;
    belowOld_.swap(w[l]);  // the old w^(l) feeds the next level
    w[l] = sum_;
    below_ = w[l];
  }
}

}  // namespace mbw
