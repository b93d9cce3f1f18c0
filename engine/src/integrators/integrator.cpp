#include "integrators/integrator.h"

#include "math/floating_point.h"

namespace mbw {

void Integrator::initialize(const State& consistent) {
  state_ = previous_ = consistent;
  stats_ = IntegratorStats{};
  doInitialize();
  // the work integrals start at zero, with the powers of the (possibly re-evaluated) first state
  work_ = previousWork_ = WorkIntegrals{};
  power_ = previousPower_ = powerAt(state_);
}

StepResult Integrator::step(double h) {
  const ScopedFlushSubnormals flush;
  previous_ = state_;
  previousWork_ = work_;
  previousPower_ = power_;
  StepResult r = doStep(h);
  if (r.h == 0.0) r.h = h;
  stats_.newtonIterations += r.newtonIterations;
  stats_.timePoints += r.timePoints;
  if (r.kind == StepResult::Kind::Accepted) {
    ++stats_.steps;
  } else {
    ++stats_.rejectedSteps;
    ++stats_.rejections[r.reason];
  }
  return r;
}

WorkIntegrals Integrator::doWorkAt(double t) {
  return hermiteWork(previous_.t, previousWork_, previousPower_, state_.t, work_, power_, t);
}

bool Integrator::doInterpolate(double t, State& out) {
  hermite_.evaluate(formulation_, previous_, state_, t, out);
  return false;
}

}  // namespace mbw
