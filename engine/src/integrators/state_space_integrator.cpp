#include "integrators/state_space_integrator.h"

#include <sstream>

namespace mbw {
namespace {

StateSpaceSettings odeSettings(const IntegratorSettings& s) {
  StateSpaceSettings o;
  o.constraintTolerance = s.constraintTolerance;
  o.maxNewtonIterations = s.maxNewtonIterations;
  o.repartitionGrowth = s.repartitionGrowth;
  return o;
}

}  // namespace

StateSpaceIntegrator::StateSpaceIntegrator(Formulation& formulation, IntegratorSettings settings)
    : Integrator(formulation, settings), ode_(formulation, odeSettings(settings)) {}

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
  state_ = ode_.fullState();
  ode_.gatherIndependent(state_.q, y_);
  ode_.gatherIndependent(state_.v, yd_);
  ode_.gatherIndependent(state_.vdot, ydd_);
  collectStats();
  return check.changed;
}

void StateSpaceIntegrator::collectStats() {
  stats_.functionEvaluations = ode_.evaluations();
  stats_.factorizations = ode_.factorizations();
}

}  // namespace mbw
