#include "integrators/rosenbrock_nystrom.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "integrators/cpu_time.h"
#include "integrators/step_control.h"

namespace mbw {

// --- set-up, Jacobians, error norm ---------------------------------------------------------------

// the error control per unit step by default unless the method is a W-method (w2: per step)
RosenbrockNystrom::RosenbrockNystrom(Formulation& formulation, IntegratorSettings settings,
                                     const RosenbrockTableau& tableau)
    : StateSpaceIntegrator(formulation, settings, !tableau.wMethod),
      tableau_(tableau),
      k_(nystromCoefficients(tableau)) {}

void RosenbrockNystrom::doInitialize() {
  // the partition and the ODE at the start; f there serves the first step's stage 1
  StateSpaceIntegrator::doInitialize();
  const int d = ode_.size();
  fStart_ = ydd_;
  startEvaluated_ = initFailure_.empty();
  jacobianCurrent_ = false;
  lastRejected_ = false;
  // stage increments and work vectors sized once: the steps allocate nothing
  z_.assign(tableau_.stages(), VectorXd::Zero(d));
  for (VectorXd* v : {&fStage_, &ft_, &forcing_, &Y_, &Yd_, &rhs_, &sum_, &yNew_, &ydNew_, &yHat_,
                      &ydHat_, &vddNew_, &fdPlus_, &fdArg_})
    v->setZero(d);
  J1_.setZero(d, d);
  J2_.setZero(d, d);
  S_.setZero(d, d);
  lu_ = Eigen::PartialPivLU<MatrixXd>(d);
  // the factorization's CPU time, and the work integrals' rule (W-methods: their stage powers)
  factorizationSeconds_ = &(stats_.phaseSeconds["factorization"] = 0.0);
  stagePower_.assign(tableau_.stages(), Power{});
  interpolatoryWork_.reset();
  workByQuadrature_ = !tableau_.wMethod;
}

// f at the step's start, unless the ODE's last evaluation was there
bool RosenbrockNystrom::evaluateStart() {
  if (startEvaluated_) return true;
  PhaseTimer timer(*evaluationSeconds_);
  startEvaluated_ = ode_.evaluate(state_.t, y_, yd_, fStart_);
  return startEvaluated_;
}

void RosenbrockNystrom::computeJacobians() {
  PhaseTimer timer(*jacobianSeconds_);
  ++stats_.jacobianEvaluations;
  // exact: J1, J2 and f_t of the ODE (eqs 26, 46)
  if (settings_.jacobian == "exact") {
    ode_.jacobians(J1_, J2_, ft_);
    return;
  }
  // forward differences (W-methods): columns of d f/dv, d f/dvdot, and d f/dt
  const int d = ode_.size();
  const double root = std::sqrt(std::numeric_limits<double>::epsilon());
  auto column = [&](double t, const VectorXd& y, const VectorXd& yd, double eps, auto out) {
    if (ode_.evaluate(t, y, yd, fdPlus_))
      out = (fdPlus_ - fStart_) / eps;
    else
      out.setZero();
  };
  // one column of J1 and of J2 per independent coordinate, then f_t
  for (int j = 0; j < d; ++j) {
    const double ey = root * std::max(1.0, std::abs(y_[j]));
    fdArg_ = y_;
    fdArg_[j] += ey;
    column(state_.t, fdArg_, yd_, ey, J1_.col(j));
    const double ev = root * std::max(1.0, std::abs(yd_[j]));
    fdArg_ = yd_;
    fdArg_[j] += ev;
    column(state_.t, y_, fdArg_, ev, J2_.col(j));
  }
  const double et = root * std::max(1.0, std::abs(state_.t));
  column(state_.t + et, y_, yd_, et, ft_.head(d));
  startEvaluated_ = false;  // the differences moved the ODE's last point
}

double RosenbrockNystrom::errorNorm() const {
  // eqs (13)-(14) over the independent positions and velocities
  const int d = ode_.size();
  double sum = 0.0;
  for (int i = 0; i < d; ++i) {
    const double sy =
        settings_.atol + std::max(std::abs(y_[i]), std::abs(yNew_[i])) * settings_.rtol;
    const double sv =
        settings_.atol + std::max(std::abs(yd_[i]), std::abs(ydNew_[i])) * settings_.rtol;
    const double ey = (yNew_[i] - yHat_[i]) / sy, ev = (ydNew_[i] - ydHat_[i]) / sv;
    sum += ey * ey + ev * ev;
  }
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

// the ODE's start after a crossing
void RosenbrockNystrom::restartOde() {
  // the ODE's last point is the new start, its Jacobians and the work rule's history are not
  fStart_ = ydd_;
  startEvaluated_ = true;
  jacobianCurrent_ = false;
  lastRejected_ = false;
  interpolatoryWork_.reset();
  newtonIterationsBefore_ = ode_.newtonIterations();
}

// --- the step (Algorithm 1) ----------------------------------------------------------------------

StepResult RosenbrockNystrom::odeStep(double h) {
  // the Newton iterations of the dependent positions this step took
  StepResult r = attempt(h);
  r.newtonIterations = static_cast<int>(ode_.newtonIterations() - newtonIterationsBefore_);
  newtonIterationsBefore_ = ode_.newtonIterations();
  return r;
}

// output between the steps moves the ODE's last point
bool RosenbrockNystrom::doInterpolate(double t, State& out) {
  startEvaluated_ = false;  // the ODE's last point moved (the Jacobians stay those of t_n)
  return StateSpaceIntegrator::doInterpolate(t, out);
}

StepResult RosenbrockNystrom::attempt(double h) {
  StepResult r;
  if (initializationFailed(r)) return r;
  const int s = tableau_.stages();
  const double g = k_.gamma, t = state_.t;
  // Algorithm 1 steps 5-7: Jacobians (unless the last accepted step took them here), the
  // iteration matrix S and its LU
  if (!jacobianCurrent_) {
    // a start off the constraints: try again with half the step
    if (!evaluateStart()) return reject(h, 0.5, "the state does not lie on the constraints");
    computeJacobians();
    jacobianCurrent_ = true;
  }
  {
    PhaseTimer timer(*factorizationSeconds_);
    // S = I - h gamma J2 - h^2 gamma^2 J1 (eq 25e)
    S_.setIdentity();
    S_.noalias() -= (h * g) * J2_;
    S_.noalias() -= (h * h * g * g) * J1_;
    lu_.compute(S_);
  }
  // f_t + J1 vdot_n, the forcing of every stage (eq 25f)
  startEvaluated_ = false;
  forcing_.noalias() = J1_ * yd_;
  forcing_ += ft_;

  // steps 8-11: the stages
  for (int i = 0; i < s; ++i) {
    // the stage's f: stage 1 the start's; a stage at a new point evaluates the ODE at Y_i, Y'_i
    if (i == 0) {
      fStage_ = fStart_;
    } else if (k_.newPoint[i]) {
      Y_ = y_ + (h * k_.alphaI[i]) * yd_;
      Yd_ = yd_;
      for (int j = 0; j < i; ++j) {
        Y_.noalias() += (h * k_.theta(i, j)) * z_[j];
        Yd_.noalias() += k_.a(i, j) * z_[j];
      }
      PhaseTimer timer(*evaluationSeconds_);
      if (!ode_.evaluate(t + k_.alphaI[i] * h, Y_, Yd_, fStage_))
        return reject(h, 0.25, "stage " + std::to_string(i + 1) + ": " + ode_.failure());
    }
    // a W-method's work integrals take the stage's power (the stage point's, or the start's)
    if (tableau_.wMethod)
      stagePower_[i] = i == 0           ? power_
                       : k_.newPoint[i] ? powerAt(ode_.fullState())
                                        : stagePower_[i - 1];
    // the right-hand side of eq (25f), then S z_i = rhs with the one LU
    rhs_ = (h * g) * fStage_ + (h * h * g * k_.gammaI[i]) * forcing_;
    sum_.setZero();
    for (int j = 0; j < i; ++j) {
      rhs_.noalias() += (g * k_.c(i, j)) * z_[j];
      sum_.noalias() += k_.delta(i, j) * z_[j];
    }
    if (i > 0) rhs_.noalias() += (h * h * g) * (J1_ * sum_);
    z_[i] = lu_.solve(rhs_);
  }

  // step 12: the solution (eqs 25a-b), the embedded one and the error
  yNew_ = y_ + h * yd_;
  ydNew_ = yd_;
  yHat_ = yNew_;
  ydHat_ = yd_;
  for (int i = 0; i < s; ++i) {
    yNew_.noalias() += (h * k_.mu[i]) * z_[i];
    ydNew_.noalias() += k_.m[i] * z_[i];
    yHat_.noalias() += (h * k_.muhat[i]) * z_[i];
    ydHat_.noalias() += k_.mhat[i] * z_[i];
  }
  // the error (eqs 13-14) and the step factor (eq 16), bounded; a rejected step is tried again
  // smaller
  double factor = 1.0, local = 0.0;
  if (settings_.variableStep) {
    local = errorNorm();
    // per unit step the measure behaves like h^q (q the embedded order), per step like h^(q + 1)
    const double err =
        perUnitStep_ ? local / std::max(toleranceShare(h, settings_), kMinimumShare) : local;
    const double q1 = tableau_.embeddedOrder + (perUnitStep_ ? 0.0 : 1.0);
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
    if (!ode_.evaluate(t + h, yNew_, ydNew_, vddNew_))
      return reject(h, 0.5, "new point: " + ode_.failure());
  }
  lastRejected_ = false;
  stats_.localErrorSum += local;
  finishStep(r);  // step 14: partition check; takes the full state (in new coordinates if changed)
  // the work integrals over the step; f at the new point is the next step's stage 1
  advanceWork(h);
  fStart_ = ydd_;
  startEvaluated_ = true;
  // the next step's Jacobians, while the ODE is here
  computeJacobians();
  jacobianCurrent_ = true;
  // without independent coordinates there is no error to control: the step stays the first one
  r.nextStep = settings_.variableStep && ode_.size() > 0 ? h * factor : settings_.step;
  // the next step, no longer than the largest allowed
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
    for (int i = 0; i < tableau_.stages(); ++i) w = advanced(w, h * tableau_.b[i], stagePower_[i]);
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
  c.formulations = {"rp"};
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
  c.formulations = {"rp"};
  c.refusals = stateSpaceRefusals();
  c.jacobians = {"exact", "fd"};
  // per unit step, the first-order embedded estimate (O(h^2)) would ask for steps in proportion to
  // the tolerance
  c.errorControls = {"auto", "per-step", "per-unit-step"};
  c.iterationCount = "projection iterations (dependent coordinates)";
  c.workRule = "stage values and weights b_i (the W-method on the integrals)";
  return c;
}

}  // namespace mbw
