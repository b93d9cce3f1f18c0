#include "integrators/state_space_integrator.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "integrators/hht.h"
#include "integrators/step_control.h"
#include "solvers/constraint_rank.h"
#include "statespace/joint_ode.h"
#include "statespace/loop_joint_ode.h"
#include "statespace/state_space_ode.h"

namespace mbw {
namespace {

// the ODE's settings: per unit step, the dependent positions solved to at most 1e-7 atol (see the
// header)
StateSpaceSettings odeSettings(const IntegratorSettings& s, bool perUnitStep) {
  StateSpaceSettings o;
  o.constraintTolerance = s.constraintTolerance;
  if (s.variableStep && perUnitStep)
    o.constraintTolerance = std::min(s.constraintTolerance, std::max(1e-13, 1e-7 * s.atol));
  o.maxNewtonIterations = s.maxNewtonIterations;
  o.repartitionGrowth = s.repartitionGrowth;
  return o;
}

}  // namespace

// --- set-up and the end of a step ----------------------------------------------------------------

// the formulations the state-space integrators refuse, with the reason `mbw-cli list` gives
std::map<std::string, std::string> stateSpaceRefusals() {
  const std::string why =
      "the coordinate partition of Sandu et al. 2001 is written for Euler parameters, whose "
      "positions and "
      "velocities share one layout (use rp)";
  return {{"rA", why}, {"rE", why}};
}

StateSpaceIntegrator::StateSpaceIntegrator(Formulation& formulation, IntegratorSettings settings,
                                           bool perUnitStepByDefault, bool exactJacobians)
    : Integrator(formulation, settings),
      perUnitStep_(controlPerUnitStep(settings, perUnitStepByDefault)) {
  // the joint coordinates of the model's tree (partitioned when joints close loops), or the
  // partitioned rp coordinates
  if (settings.jointCoordinates && buildKinematicTree(formulation.model()).loopJoints.empty())
    ode_ = std::make_unique<JointOde>(formulation, exactJacobians);
  else if (settings.jointCoordinates)
    ode_ = std::make_unique<LoopJointOde>(formulation, odeSettings(settings, perUnitStep_));
  else
    ode_ = std::make_unique<StateSpaceOde>(formulation, odeSettings(settings, perUnitStep_));
}

void StateSpaceIntegrator::doInitialize() {
  // the CPU time counters of the cost split, and no crossing yet
  jacobianSeconds_ = &(stats_.phaseSeconds["jacobian"] = 0.0);
  evaluationSeconds_ = &(stats_.phaseSeconds["function evaluations"] = 0.0);
  initFailure_.clear();
  // no crossing armed, no singular time estimated, no pivot history
  crossingEnd_ = singularTime_ = -1.0;
  crossedLastStep_ = false;
  crossingFactorizations_ = 0;
  largestStep_ = 0.0;
  pivot_ = 0.0;
  // the partition and the first evaluation at the initial state; a failure waits for the first step
  if (!ode_->initialize(state_)) {
    initFailure_ = ode_->failure();
    return;
  }
  // the full state on the constraints, and its independent coordinates
  state_ = ode_->fullState();
  ode_->independentState(y_, yd_, ydd_);
}

bool StateSpaceIntegrator::initializationFailed(StepResult& r) const {
  if (initFailure_.empty()) return false;
  r.kind = StepResult::Kind::Failed;
  r.reason = "cannot start the state-space integration: " + initFailure_;
  return true;
}

bool StateSpaceIntegrator::finishStep(StepResult& r) {
  // the new point is an anchor of the ODE's next predictions
  ode_->acceptPoint();
  // Algorithm 1 step 14: the partition check, an event when it triggered
  const PartitionCheck check = ode_->checkPartition();
  if (check.triggered) {
    // the event: the growth of cond(Phi_u) (or of the tangent basis), and the new independent
    // coordinates if any
    ++stats_.repartitions;
    std::ostringstream os;
    os.precision(3);
    os << "repartition: " << check.measure << " = " << check.condition << " exceeds "
       << settings_.repartitionGrowth << " x " << check.reference
       << " (at the last partitioning); ";
    if (check.changed)
      os << "new independent coordinates: " << check.description;
    else
      os << "Gauss-Jordan kept the same coordinates";
    r.event = os.str();
  } else if (check.changed) {
    // the joint coordinates' spherical angles re-based: the event names the joints
    r.event = check.description;
  }
  // a jump to another branch of the constraint manifold ends the run at the last good state; a
  // singular position ahead is crossed by the next step
  const double t = ode_->fullState().t, h = t - state_.t;
  estimateSingularTime(check, t);
  if (leftBranch(r)) return false;
  armCrossing(r, h);
  // the new full state and its independent coordinates
  state_ = ode_->fullState();
  ode_->independentState(y_, yd_, ydd_);
  collectStats();
  return check.changed;
}

// --- branches, singular positions and their crossing ---------------------------------------------

bool StateSpaceIntegrator::leftBranch(StepResult& r) {
  // only a partition of constrained coordinates has branches
  if (!ode_->partitioned()) return false;
  const State& now = ode_->fullState();
  // the velocities' defect of the trapezoidal rule over the step, against their size
  const double h = now.t - state_.t;
  jump_ = now.v - state_.v - (0.5 * h) * (state_.vdot + now.vdot);
  const double size = std::max(now.v.cwiseAbs().maxCoeff(), state_.v.cwiseAbs().maxCoeff());
  const double defect = jump_.cwiseAbs().maxCoeff();
  if (!(defect > kBranchJump * size)) return false;
  // only where Phi_q is near a rank drop: the branches of the manifold meet there
  const std::string where = singularPosition();
  if (where.empty()) return false;
  // a jump there fails the run, saying where and what may help
  std::ostringstream os;
  os.precision(3);
  os << "left the branch of the motion at a singular position: at t = " << now.t
     << " s the velocities jumped by " << defect << " (" << defect / size
     << " of their largest) over a step of " << h << " s, where " << where
     << "; what may help: a tighter tolerance (--rtol, --atol) or a smaller step (--step), or an "
        "index-3 integrator "
        "(hht, lms2, bathe: they pass singular positions)";
  r.kind = StepResult::Kind::Failed;
  r.reason = os.str();
  r.h = h;
  return true;
}

void StateSpaceIntegrator::estimateSingularTime(const PartitionCheck& check, double t) {
  // a singular position passed: none ahead
  if (singularTime_ >= 0.0 && t > singularTime_) singularTime_ = -1.0;
  // only a triggered check near a singular position estimates t* (see the header)
  if (!check.triggered || check.singularity.empty()) return;
  // the time the weakest equation's independent part extrapolates to zero, while it falls
  const double p = check.weakestPivot;
  if (pivot_ > p && t > pivotTime_) {
    // the pivot's fall since the last check extrapolated linearly to zero
    const double tStar = t + (t - pivotTime_) * p / (pivot_ - p);
    singularTime_ = tStar;
  }
  // this check's pivot and time, for the next estimate
  pivotTime_ = t;
  pivot_ = p;
}

StepResult StateSpaceIntegrator::doStep(double h) {
  // a crossing armed by the last step is this step
  crossedLastStep_ = crossingEnd_ >= 0.0;
  if (crossedLastStep_) return crossingStep(h);
  StepResult r = odeStep(h);
  // a crossing armed by this step is the run's next step, then the ODE's own steps again
  if (r.kind == StepResult::Kind::Accepted && crossingEnd_ >= 0.0) {
    resumeStep_ = r.nextStep;
    r.nextStep = crossingEnd_ - state_.t;
  }
  return r;
}

void StateSpaceIntegrator::armCrossing(StepResult& r, double h) {
  // the largest step since the last crossing bounds the crossing's steps
  const double t = ode_->fullState().t;
  largestStep_ = std::max(largestStep_, h);
  if (!settings_.variableStep || singularTime_ <= t || crossingEnd_ >= 0.0) return;
  // a singular position ahead, variable steps, no crossing armed yet: cross to 2 t* - t
  crossingEnd_ = t + 2.0 * (singularTime_ - t);
  std::ostringstream os;
  os.precision(6);
  os << "singular position ahead at t = " << singularTime_ << " s, where " << singularPosition()
     << ": crossed with HHT (index-3) from t = " << t << " s to t = " << crossingEnd_ << " s";
  r.event = r.event.empty() ? os.str() : r.event + "; " + os.str();
}

StepResult StateSpaceIntegrator::crossingStep(double h) {
  StepResult r;
  // symmetric about t* (or up to the run's end), in steps no longer than the ODE's largest since
  // the last crossing (near t* its steps shrink with the noise, and HHT's Newton matrix grows
  // ill-conditioned like 1 / h^2)
  const State start = state_;
  const double end = std::min(crossingEnd_, start.t + h), span = end - start.t;
  // at least kCrossingSteps steps, and none longer than the ODE's largest
  const int leastSteps = std::max(kCrossingSteps, static_cast<int>(std::ceil(span / largestStep_)));
  std::string failure;
  for (int attempt = 0; attempt < kCrossingAttempts; ++attempt) {
    // an odd number of steps, so that t* lies inside a step (a time point on the singular position
    // leaves Newton a singular matrix); another attempt moves the time points
    const int steps = (leastSteps | 1) + 2 * attempt;
    // HHT in fixed steps from the crossing's start
    IntegratorSettings s;
    s.step = span / steps;
    s.constraintTolerance = settings_.constraintTolerance;
    // Newton to the settings' tolerance at every step (a few dozen steps need not the tighter one
    // of long fixed-step runs), and the augmented Lagrangian fallback by the rank drop with a
    // hundred times the default penalty: at a fixed 5e-5 s through the forty-window N four-bar's
    // first singular position HHT failed with the defaults and with the fixed tolerance alone, and
    // passed with both changed
    s.newtonToleranceRule = "fixed";
    s.penalty = 100.0 * kDefaultPenalty;
    Hht hht(formulation_, s);
    hht.initialize(start);
    StepResult b;
    // the steps, the last one landing on the crossing's end
    for (int k = 0; k < steps && b.kind == StepResult::Kind::Accepted; ++k) {
      b = hht.step(k + 1 == steps ? end - hht.state().t : s.step);
      r.newtonIterations += b.newtonIterations;
      r.timePoints += b.timePoints;
    }
    // the crossing's factorizations counted with the ODE's
    crossingFactorizations_ += hht.stats().factorizations;
    if (b.kind == StepResult::Kind::Accepted) {
      // HHT's state and the integrals over the crossing; resumeOde takes the powers at its end
      state_ = hht.state();
      const WorkIntegrals& w = hht.work();
      work_ = {work_.work + w.work, work_.dissipated + w.dissipated};
      if (!resumeOde(r)) return r;
      r.h = span;
      r.nextStep = resumeStep_;
      return r;
    }
    // this attempt failed: its reason, and the next attempt with two steps more
    std::ostringstream os;
    os << b.reason << (b.detail.empty() ? "" : " (" + b.detail + ")")
       << " in the step from t = " << hht.state().t << " s of " << steps << " steps";
    failure = os.str();
  }
  // every attempt failed: the run ends at the crossing's start
  std::ostringstream os;
  os << "crossing the singular position at t = " << singularTime_ << " s with HHT: " << failure;
  r.kind = StepResult::Kind::Failed;
  r.reason = os.str();
  r.h = span;
  return r;
}

bool StateSpaceIntegrator::resumeOde(StepResult& r) {
  // the ODE partitioned and evaluated afresh at HHT's state
  if (!ode_->initialize(state_)) {
    r.kind = StepResult::Kind::Failed;
    r.reason = "cannot resume the state-space ODE after crossing the singular position at t = " +
               std::to_string(singularTime_) + " s: " + ode_->failure();
    return false;
  }
  // the full state and its independent coordinates, and the powers there
  state_ = ode_->fullState();
  ode_->independentState(y_, yd_, ydd_);
  acceptWork(work_, powerAt(state_));
  // the singular position is behind: the next one is estimated afresh
  crossingEnd_ = singularTime_ = -1.0;
  pivot_ = 0.0;
  largestStep_ = 0.0;
  restartOde();
  collectStats();
  return true;
}

// Phi_q near a rank drop at the current positions, or the ODE's last note
std::string StateSpaceIntegrator::singularPosition() const {
  if (!ode_->partitioned()) return {};
  const std::string where = rankDropDescription(formulation_);
  return where.empty() ? ode_->singularity() : where;
}

// --- output between the steps, counters ----------------------------------------------------------

bool StateSpaceIntegrator::doInterpolate(double t, State& out) {
  // within a crossing: the cubic Hermite of its ends (off the constraints: the output projects it)
  if (crossedLastStep_) return Integrator::doInterpolate(t, out);
  // the Hermite interpolant's independent coordinates (the cubic of each), the dependent ones
  // from the ODE; the interpolant itself where the ODE cannot solve there
  Integrator::doInterpolate(t, out);
  ode_->gatherIndependent(out, outY_, outYd_);
  if (!evaluateForOutput(t, outY_, outYd_, outYdd_)) return false;
  out = ode_->fullState();
  return true;
}

bool StateSpaceIntegrator::evaluateForOutput(double t, const VectorXd& v, const VectorXd& vdot,
                                             VectorXd& vddot) {
  // counted apart from the integration's evaluations
  ++outputEvaluations_;
  return ode_->evaluate(t, v, vdot, vddot);
}

void StateSpaceIntegrator::collectStats() {
  // evaluations and factorizations of the ODE and of the crossings, without the output's
  stats_.functionEvaluations = ode_->evaluations() - outputEvaluations_;
  stats_.factorizations = ode_->factorizations() + crossingFactorizations_;
}

}  // namespace mbw
