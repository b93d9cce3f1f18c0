#include "integrators/rosenbrock_nystrom.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "integrators/cpu_time.h"
#include "integrators/step_control.h"

namespace mbw {

// --- set-up, Jacobians, error norm ---------------------------------------------------------------

RosenbrockNystrom::RosenbrockNystrom(Formulation& formulation, IntegratorSettings settings,
                                     const RosenbrockTableau& tableau)
    : StateSpaceIntegrator(formulation, settings, true, settings.jacobian == "exact"),
      tableau_(tableau),
      k_(nystromCoefficients(tableau)) {}

void RosenbrockNystrom::doInitialize() {
  // the partition and the ODE at the start; f there serves the first step's stage 1
  StateSpaceIntegrator::doInitialize();
  const int d = ode_->size();
  fStart_ = ydd_;
  startEvaluated_ = initFailure_.empty();
  // the Jacobians due at the first step; no rejection yet
  jacobianCurrent_ = false;
  lastRejected_ = false;
  // stage increments and work vectors sized once: the steps allocate nothing
  z_.assign(tableau_.stages(), VectorXd::Zero(d));
  for (VectorXd* v : {&fStage_, &ft_, &forcing_, &Y_, &Yd_, &rhs_, &sum_, &yNew_, &ydNew_, &yHat_,
                      &ydHat_, &vddNew_, &fdPlus_, &fdArg_})
    v->setZero(d);
  // the Jacobians, the iteration matrix and its LU, d x d
  J1_.setZero(d, d);
  J2_.setZero(d, d);
  S_.setZero(d, d);
  lu_ = Eigen::PartialPivLU<MatrixXd>(d);
  // the factorization's CPU time; step doubling for a W-method controlled per unit step
  factorizationSeconds_ = &(stats_.phaseSeconds["factorization"] = 0.0);
  doubling_ = tableau_.wMethod && perUnitStep_ && settings_.variableStep && d > 0;
  // the stages' powers, twice over for the two half steps of doubling
  stagePower_.assign(2 * tableau_.stages(), Power{});
  for (VectorXd* v : {&yMid_, &ydMid_, &fMid_, &yBig_, &ydBig_}) v->setZero(d);
  // the work integrals: the W-method's by its stages, ROS4's by the interpolatory rule afresh
  interpolatoryWork_.reset();
  workByQuadrature_ = !tableau_.wMethod;
}

bool RosenbrockNystrom::evaluateStart() {
  // f at the step's start, unless the ODE's last evaluation was there
  if (startEvaluated_) return true;
  PhaseTimer timer(*evaluationSeconds_);
  startEvaluated_ = ode_->evaluate(state_.t, y_, yd_, fStart_);
  return startEvaluated_;
}

void RosenbrockNystrom::computeJacobians() {
  PhaseTimer timer(*jacobianSeconds_);
  ++stats_.jacobianEvaluations;
  // exact: J1, J2 and f_t of the ODE (eqs 26, 46)
  if (settings_.jacobian == "exact") {
    ode_->jacobians(J1_, J2_, ft_);
    return;
  }
  // forward differences (W-methods): columns of d f/dv, d f/dvdot, and d f/dt
  const int d = ode_->size();
  const double root = std::sqrt(std::numeric_limits<double>::epsilon());
  // a column (f(perturbed) - f(start)) / eps, zero where the evaluation fails
  auto column = [&](double t, const VectorXd& y, const VectorXd& yd, double eps, auto out) {
    if (ode_->evaluate(t, y, yd, fdPlus_))
      out = (fdPlus_ - fStart_) / eps;
    else
      out.setZero();
  };
  // one column of J1 and of J2 per independent coordinate, then f_t
  for (int j = 0; j < d; ++j) {
    // a step sqrt(eps) max(1, |y_j|) in y_j, then the same in ydot_j
    const double ey = root * std::max(1.0, std::abs(y_[j]));
    fdArg_ = y_;
    fdArg_[j] += ey;
    column(state_.t, fdArg_, yd_, ey, J1_.col(j));
    const double ev = root * std::max(1.0, std::abs(yd_[j]));
    fdArg_ = yd_;
    fdArg_[j] += ev;
    column(state_.t, y_, fdArg_, ev, J2_.col(j));
  }
  // f_t by a step in t
  const double et = root * std::max(1.0, std::abs(state_.t));
  column(state_.t + et, y_, yd_, et, ft_.head(d));
  startEvaluated_ = false;  // the differences moved the ODE's last point
}

double RosenbrockNystrom::errorNorm() const {
  // eqs (13)-(14) over the independent positions and velocities
  const int d = ode_->size();
  double sum = 0.0;
  for (int i = 0; i < d; ++i) {
    // each component over its scale atol + rtol max(|old|, |new|), positions and velocities
    const double sy =
        settings_.atol + std::max(std::abs(y_[i]), std::abs(yNew_[i])) * settings_.rtol;
    const double sv =
        settings_.atol + std::max(std::abs(yd_[i]), std::abs(ydNew_[i])) * settings_.rtol;
    const double ey = (yNew_[i] - yHat_[i]) / sy, ev = (ydNew_[i] - ydHat_[i]) / sv;
    sum += ey * ey + ev * ev;
  }
  // the root mean square over the 2 d components
  return d ? std::sqrt(sum / (2.0 * d)) : 0.0;
}

// a rejected attempt: the next try smaller; a fixed step, or one below the minimum, fails the run
StepResult RosenbrockNystrom::reject(double h, double factor, std::string reason) {
  StepResult r;
  r.kind = StepResult::Kind::Rejected;
  r.reason = std::move(reason);
  r.nextStep = h * factor;
  startEvaluated_ = false;  // the ODE's last point moved (the Jacobians stay those of t_n)
  lastRejected_ = true;
  collectStats();
  // a fixed step cannot be retried, nor a variable one below the minimum: the run fails
  if (!settings_.variableStep || r.nextStep < settings_.minStep) {
    r.kind = StepResult::Kind::Failed;
    std::ostringstream os;
    os << r.reason;
    if (settings_.variableStep)
      os << "; the step would fall below the minimum " << settings_.minStep;
    r.reason = os.str();
  }
  return r;
}

void RosenbrockNystrom::restartOde() {
  // the ODE's last point is the new start, its Jacobians and the work rule's history are not
  fStart_ = ydd_;
  startEvaluated_ = true;
  jacobianCurrent_ = false;
  lastRejected_ = false;
  interpolatoryWork_.reset();
  newtonIterationsBefore_ = ode_->newtonIterations();
}

StepResult RosenbrockNystrom::odeStep(double h) {
  // the Newton iterations of the dependent positions this step took
  StepResult r = attempt(h);
  r.newtonIterations = static_cast<int>(ode_->newtonIterations() - newtonIterationsBefore_);
  newtonIterationsBefore_ = ode_->newtonIterations();
  return r;
}

bool RosenbrockNystrom::doInterpolate(double t, State& out) {
  startEvaluated_ = false;  // the ODE's last point moved (the Jacobians stay those of t_n)
  return StateSpaceIntegrator::doInterpolate(t, out);
}

// --- the stages and the step (Algorithm 1) -------------------------------------------------------

void RosenbrockNystrom::factorize(double h) {
  // Algorithm 1 step 7: the iteration matrix S of eq 25e and its LU
  PhaseTimer timer(*factorizationSeconds_);
  const double g = k_.gamma;
  // S = I - h gamma J2 - h^2 gamma^2 J1
  S_.setIdentity();
  S_.noalias() -= (h * g) * J2_;
  S_.noalias() -= (h * h * g * g) * J1_;
  lu_.compute(S_);
}

bool RosenbrockNystrom::stages(double h, double t0, const VectorXd& y0, const VectorXd& yd0,
                               const VectorXd& f0, Power* powers) {
  const double g = k_.gamma;
  startEvaluated_ = false;
  // f_t + J1 vdot_n, the forcing of every stage (eq 25f)
  forcing_.noalias() = J1_ * yd0;
  forcing_ += ft_;
  for (int i = 0; i < tableau_.stages(); ++i) {
    // the stage's right-hand side f(t0 + alpha_i h, Y_i, Y'_i), the start's f for the first
    if (i == 0) {
      fStage_ = f0;
    } else if (k_.newPoint[i]) {
      // Y_i = y0 + alpha_i h v0 + h sum theta_ij z_j, Y'_i = v0 + sum a_ij z_j
      Y_ = y0 + (h * k_.alphaI[i]) * yd0;
      Yd_ = yd0;
      for (int j = 0; j < i; ++j) {
        Y_.noalias() += (h * k_.theta(i, j)) * z_[j];
        Yd_.noalias() += k_.a(i, j) * z_[j];
      }
      PhaseTimer timer(*evaluationSeconds_);
      if (!ode_->evaluate(t0 + k_.alphaI[i] * h, Y_, Yd_, fStage_)) {
        stageFailure_ = "stage " + std::to_string(i + 1) + ": " + ode_->failure();
        return false;
      }
    }
    // a W-method's work integrals take the stage's power (the stage point's, or the start's)
    if (powers && i > 0) powers[i] = k_.newPoint[i] ? powerAt(ode_->fullState()) : powers[i - 1];
    // eq 25f: S z_i = h gamma f_i + h^2 gamma gamma_i (f_t + J1 vdot_n) + gamma sum c_ij z_j
    //                 + h^2 gamma J1 sum delta_ij z_j
    rhs_ = (h * g) * fStage_ + (h * h * g * k_.gammaI[i]) * forcing_;
    sum_.setZero();
    for (int j = 0; j < i; ++j) {
      rhs_.noalias() += (g * k_.c(i, j)) * z_[j];
      sum_.noalias() += k_.delta(i, j) * z_[j];
    }
    // the J1 term from the second stage on (its sum is empty for the first)
    if (i > 0) rhs_.noalias() += (h * h * g) * (J1_ * sum_);
    z_[i] = lu_.solve(rhs_);
  }
  return true;
}

void RosenbrockNystrom::combine(double h, const VectorXd& y0, const VectorXd& yd0, VectorXd& y,
                                VectorXd& yd, VectorXd* yHat, VectorXd* ydHat) const {
  // eqs 25a, b and, with the embedded weights, the estimate's solution
  // y = y0 + h v0 + h sum mu_i z_i, v = v0 + sum m_i z_i
  y = y0 + h * yd0;
  yd = yd0;
  for (int i = 0; i < tableau_.stages(); ++i) {
    y.noalias() += (h * k_.mu[i]) * z_[i];
    yd.noalias() += k_.m[i] * z_[i];
  }
  if (!yHat) return;
  // the embedded solution beside it, for the error estimate
  *yHat = y0 + h * yd0;
  *ydHat = yd0;
  for (int i = 0; i < tableau_.stages(); ++i) {
    yHat->noalias() += (h * k_.muhat[i]) * z_[i];
    ydHat->noalias() += k_.mhat[i] * z_[i];
  }
}

bool RosenbrockNystrom::doubledStep(double h) {
  const double half = 0.5 * h, t = state_.t;
  const int s = tableau_.stages();
  // the whole step h, for the estimate only
  factorize(h);
  if (!stages(h, t, y_, yd_, fStart_, nullptr)) return false;
  combine(h, y_, yd_, yBig_, ydBig_, nullptr, nullptr);
  // the first half step, and f at its end: the second's start
  factorize(half);
  Power* powers = tableau_.wMethod ? stagePower_.data() : nullptr;
  if (powers) powers[0] = power_;
  if (!stages(half, t, y_, yd_, fStart_, powers)) return false;
  combine(half, y_, yd_, yMid_, ydMid_, nullptr, nullptr);
  {
    PhaseTimer timer(*evaluationSeconds_);
    if (!ode_->evaluate(t + half, yMid_, ydMid_, fMid_)) {
      stageFailure_ = "half step: " + ode_->failure();
      return false;
    }
  }
  // the second half step (the W-method keeps the Jacobians of the start)
  // the second half's stage powers after the first's
  if (powers) powers[s] = powerAt(ode_->fullState());
  if (!stages(half, t + half, yMid_, ydMid_, fMid_, powers ? powers + s : nullptr)) return false;
  combine(half, yMid_, ydMid_, yNew_, ydNew_, nullptr, nullptr);
  // Richardson: the two half steps' local error is (y_halves - y_whole) / (2^p - 1), the
  // difference errorNorm() takes between yNew and yHat
  const double share = 1.0 / ((1 << tableau_.order) - 1);
  yHat_ = yNew_ - share * (yNew_ - yBig_);
  ydHat_ = ydNew_ - share * (ydNew_ - ydBig_);
  return true;
}

StepResult RosenbrockNystrom::attempt(double h) {
  StepResult r;
  if (initializationFailed(r)) return r;
  // Algorithm 1 steps 5-6: Jacobians (unless the last accepted step took them here)
  if (!jacobianCurrent_) {
    if (!evaluateStart()) return reject(h, 0.5, "the state does not lie on the constraints");
    computeJacobians();
    jacobianCurrent_ = true;
  }

  // steps 7-12: the stages and the solution, with the embedded one or by step doubling
  if (doubling_) {
    if (!doubledStep(h)) return reject(h, 0.25, stageFailure_);
  } else {
    // the single step h with its embedded solution
    factorize(h);
    if (tableau_.wMethod) stagePower_[0] = power_;
    if (!stages(h, state_.t, y_, yd_, fStart_, tableau_.wMethod ? stagePower_.data() : nullptr))
      return reject(h, 0.25, stageFailure_);
    combine(h, y_, yd_, yNew_, ydNew_, &yHat_, &ydHat_);
  }

  // the error and the next step: the measure behaves like h^(q + 1) per step, like h^q per unit
  // step (q the order of the estimate: the embedded order, or the method's own by doubling)
  double factor = 1.0, local = 0.0;
  if (settings_.variableStep) {
    local = errorNorm();
    // per unit step, the estimate over the step's share of the tolerance
    const double err =
        perUnitStep_ ? local / std::max(toleranceShare(h, settings_), kMinimumShare) : local;
    const int q = doubling_ ? tableau_.order : tableau_.embeddedOrder;
    const double q1 = q + (perUnitStep_ ? 0.0 : 1.0);
    // h_new = h fac err^(-1/q1), bounded (eq 16); above 1 rejected, and no growth right after a
    // rejection
    factor = settings_.safetyFactor * std::pow(std::max(err, 1e-10), -1.0 / q1);
    factor = std::max(settings_.minStepFactor, std::min(settings_.maxStepFactor, factor));
    if (!std::isfinite(err) || err > 1.0)
      return reject(h, std::isfinite(err) ? std::min(factor, 0.9) : 0.25,
                    std::isfinite(err) ? "error estimate > 1" : "error estimate not finite");
    if (lastRejected_) factor = std::min(factor, 1.0);
  }

  // step 13: dependent coordinates at the new point (and f there, the next step's stage 1)
  {
    PhaseTimer timer(*evaluationSeconds_);
    if (!ode_->evaluate(state_.t + h, yNew_, ydNew_, vddNew_))
      return reject(h, 0.5, "new point: " + ode_->failure());
  }
  lastRejected_ = false;
  // the accepted estimate summed for the statistics
  stats_.localErrorSum += local;
  finishStep(r);  // step 14: partition check; takes the full state (in new coordinates if changed)
  advanceWork(h);
  fStart_ = ydd_;
  startEvaluated_ = true;
  // the next step's Jacobians, while the ODE is here
  computeJacobians();
  jacobianCurrent_ = true;
  // without independent coordinates there is no error to control: the step stays the first one
  r.nextStep = settings_.variableStep && ode_->size() > 0 ? h * factor : settings_.step;
  // bounded by the largest step allowed
  if (settings_.variableStep && settings_.maxStep > 0.0)
    r.nextStep = std::min(r.nextStep, settings_.maxStep);
  return r;
}

// --- the work integrals and the capabilities -----------------------------------------------------

void RosenbrockNystrom::advanceWork(double h) {
  const Power end = powerAt(state_);
  if (tableau_.wMethod) {
    // the W-method on the integrals (a W-method keeps its order with a zero Jacobian row for
    // them): W_n+1 = W_n + h sum_i b_i P(stage i)
    WorkIntegrals w = work_;
    // one step h, or two of h/2 by doubling, each with its stages' powers
    const int steps = doubling_ ? 2 : 1, s = tableau_.stages();
    const double sub = h / steps;
    for (int k = 0; k < steps; ++k)
      for (int i = 0; i < s; ++i) w = advanced(w, sub * tableau_.b[i], stagePower_[k * s + i]);
    acceptWork(w, end);
    return;
  }
  // ROS4's weights integrate only to first order without f_t and the exact Jacobian (sum b_i
  // alpha_i = 0.467): the fourth-order interpolatory rule over the accepted points instead
  acceptWork(interpolatoryWork_.advance(previous_.t, work_, power_, state_.t, end), end);
}

Capabilities RosenbrockNystrom4::capabilities() {
  Capabilities c;
  c.family = "state-space ODE, Rosenbrock";
  c.description =
      "Rosenbrock-Nystrom, 4 stages, order 4(3), L-stable, exact Jacobians (Sandu et al. 2001)";
  c.order = 4;
  c.lStable = true;
  c.errorEstimate = true;
  c.variableStep = true;
  c.formulations = {"rp", "joint"};
  c.refusals = stateSpaceRefusals();
  c.jacobians = {"exact"};
  c.errorControls = {"auto", "per-unit-step", "per-step"};
  c.iterationCount = "projection iterations (dependent coordinates)";
  c.workRule = "the fourth-order interpolatory rule over the last four accepted points";
  return c;
}

Capabilities WMethod2::capabilities() {
  Capabilities c;
  c.family = "state-space ODE, Rosenbrock";
  c.description =
      "W-method of order 2(1), L-stable, any Jacobian: exact or forward differences (Sandu et al. "
      "2001)";
  c.order = 2;
  c.lStable = true;
  c.errorEstimate = true;
  c.variableStep = true;
  c.formulations = {"rp", "joint"};
  c.refusals = stateSpaceRefusals();
  c.jacobians = {"exact", "fd"};
  // per unit step (the default) the estimate is by step doubling: the first-order embedded one
  // (O(h^2)) would ask for steps in proportion to the tolerance
  c.errorControls = {"auto", "per-unit-step", "per-step"};
  c.iterationCount = "projection iterations (dependent coordinates)";
  c.workRule = "stage values and weights b_i (the W-method on the integrals)";
  return c;
}

}  // namespace mbw
