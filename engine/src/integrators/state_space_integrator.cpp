#include "integrators/state_space_integrator.h"

#include <algorithm>
#include <sstream>

#include "integrators/step_control.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

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

std::map<std::string, std::string> stateSpaceRefusals() {
  const std::string why =
      "the coordinate partition of Sandu et al. 2001 is written for Euler parameters, whose positions and "
      "velocities share one layout (use rp)";
  return {{"rA", why}, {"rE", why}};
}

StateSpaceIntegrator::StateSpaceIntegrator(Formulation& formulation, IntegratorSettings settings,
                                           bool perUnitStepByDefault)
    : Integrator(formulation, settings),
      perUnitStep_(controlPerUnitStep(settings, perUnitStepByDefault)),
      ode_(formulation, odeSettings(settings, perUnitStep_)) {}

void StateSpaceIntegrator::doInitialize() {
  jacobianSeconds_ = &(stats_.phaseSeconds["jacobian"] = 0.0);
  evaluationSeconds_ = &(stats_.phaseSeconds["function evaluations"] = 0.0);
  initFailure_.clear();
  if (!ode_.initialize(state_)) {
    initFailure_ = ode_.failure();
    return;
  }
  state_ = ode_.fullState();
  ode_.gatherIndependent(state_.q, y_);
  ode_.gatherIndependent(state_.v, yd_);
  ode_.gatherIndependent(state_.vdot, ydd_);
}

bool StateSpaceIntegrator::initializationFailed(StepResult& r) const {
  if (initFailure_.empty()) return false;
  r.kind = StepResult::Kind::Failed;
  r.reason = "cannot start the state-space integration: " + initFailure_;
  return true;
}

bool StateSpaceIntegrator::finishStep(StepResult& r) {
  ode_.acceptPoint();
  // Algorithm 1 step 14: the partition check, an event when it triggered
  const PartitionCheck check = ode_.checkPartition();
  if (check.triggered) {
    ++stats_.repartitions;
    std::ostringstream os;
    os.precision(3);
    os << "repartition: cond(Phi_u) = " << check.condition << " exceeds " << settings_.repartitionGrowth
       << " x " << check.reference << " (at the last partitioning); ";
    if (check.changed) os << "new independent coordinates: " << check.description;
    else os << "Gauss-Jordan kept the same coordinates";
    r.event = os.str();
  }
  // a jump to another branch of the constraint manifold, or steps crawling towards a singular
  // position, end the run at the last good state
  const double t = ode_.fullState().t, h = t - state_.t;
  estimateSingularTime(check, t);
  if (leftBranch(r) || crawlsToSingularity(r, h)) return false;
  // the new full state and its independent coordinates
  state_ = ode_.fullState();
  ode_.gatherIndependent(state_.q, y_);
  ode_.gatherIndependent(state_.v, yd_);
  ode_.gatherIndependent(state_.vdot, ydd_);
  collectStats();
  return check.changed;
}

bool StateSpaceIntegrator::leftBranch(StepResult& r) {
  const State& now = ode_.fullState();
  // the velocities' defect of the trapezoidal rule over the step, against their size
  const double h = now.t - state_.t;
  jump_ = now.v - state_.v - (0.5 * h) * (state_.vdot + now.vdot);
  const double size = std::max(now.v.cwiseAbs().maxCoeff(), state_.v.cwiseAbs().maxCoeff());
  const double defect = jump_.cwiseAbs().maxCoeff();
  if (!(defect > kBranchJump * size)) return false;
  // only where Phi_q is near a rank drop: the branches of the manifold meet there
  const std::string where = singularPosition();
  if (where.empty()) return false;
  std::ostringstream os;
  os.precision(3);
  os << "left the branch of the motion at a singular position: at t = " << now.t
     << " s the velocities jumped by " << defect << " (" << defect / size << " of their largest) over a step of "
     << h << " s, where " << where
     << "; what may help: a tighter tolerance (--rtol, --atol) or a smaller step (--step), or an index-3 integrator "
        "(hht, lms2, bathe: they pass singular positions)";
  r.kind = StepResult::Kind::Failed;
  r.reason = os.str();
  r.h = h;
  return true;
}

void StateSpaceIntegrator::estimateSingularTime(const PartitionCheck& check, double t) {
  condition_ = check.condition;
  // a singular position passed: none ahead
  if (singularTime_ >= 0.0 && t > singularTime_) {
    singularTime_ = -1.0;
    crawlingSteps_ = 0;
  }
  if (!check.triggered || check.singularity.empty()) return;
  // the time the weakest equation's independent part extrapolates to zero, while it falls
  const double p = check.weakestPivot;
  if (pivot_ > p && t > pivotTime_) {
    const double tStar = t + (t - pivotTime_) * p / (pivot_ - p);
    if (singularTime_ < 0.0) approachDistance_ = tStar - t;
    singularTime_ = tStar;
  }
  pivotTime_ = t;
  pivot_ = p;
}

bool StateSpaceIntegrator::crawlsToSingularity(StepResult& r, double h) {
  // the tiny steps accepted towards the singular position ahead
  if (singularTime_ < 0.0) return false;
  if (h < kCrawlStep * approachDistance_) ++crawlingSteps_;
  if (crawlingSteps_ < kCrawlSteps) return false;
  // too many: the run fails at the last good state, saying where and what may help
  const State& now = ode_.fullState();
  std::ostringstream os;
  os.precision(6);
  os << "the steps shrink towards a singular position expected at t = " << singularTime_ << " s: "
     << crawlingSteps_ << " steps ";
  os.precision(3);
  os << "under " << kCrawlStep * approachDistance_ << " s up to t = ";
  os.precision(9);
  os << now.t;
  os.precision(3);
  os << " s, the last of " << h << " s, where " << singularPosition()
     << " (the dependent coordinates are ill-determined there: cond(Phi_u) = " << condition_
     << "); what may help: error control per step (--error-control per-step) at a looser tolerance, or "
        "an index-3 integrator (hht, lms2, bathe: they pass singular positions)";
  r.kind = StepResult::Kind::Failed;
  r.reason = os.str();
  r.h = h;
  return true;
}

std::string StateSpaceIntegrator::singularPosition() const {
  const std::string where = rankDropDescription(formulation_);
  return where.empty() ? ode_.singularity() : where;
}

bool StateSpaceIntegrator::doInterpolate(double t, State& out) {
  // the Hermite interpolant's independent coordinates (the cubic of each), the dependent ones
  // from the ODE; the interpolant itself where the ODE cannot solve there
  Integrator::doInterpolate(t, out);
  ode_.gatherIndependent(out.q, outY_);
  ode_.gatherIndependent(out.v, outYd_);
  if (!evaluateForOutput(t, outY_, outYd_, outYdd_)) return false;
  out = ode_.fullState();
  return true;
}

bool StateSpaceIntegrator::evaluateForOutput(double t, const VectorXd& v, const VectorXd& vdot,
                                             VectorXd& vddot) {
  ++outputEvaluations_;
  return ode_.evaluate(t, v, vdot, vddot);
}

void StateSpaceIntegrator::collectStats() {
  stats_.functionEvaluations = ode_.evaluations() - outputEvaluations_;
  stats_.factorizations = ode_.factorizations();
}

}  // namespace mbw
