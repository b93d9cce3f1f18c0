#include "integrators/integrator.h"

#include "math/floating_point.h"

namespace mbw {

void Integrator::initialize(const State& consistent) {
  // the scheme starts from the consistent state, its counters from zero
  state_ = previous_ = consistent;
  stats_ = IntegratorStats{};
  doInitialize();
  // the work integrals start at zero, with the powers of the (possibly re-evaluated) first state
  work_ = previousWork_ = WorkIntegrals{};
  power_ = previousPower_ = powerAt(state_);
}

StepResult Integrator::step(double h) {
  const ScopedFlushSubnormals flush;
  // the step's start kept for the interpolation and the work between the points
  previous_ = state_;
  previousWork_ = work_;
  previousPower_ = power_;
  StepResult r = doStep(h);
  // a scheme that does not say otherwise took the whole step
  if (r.h == 0.0) r.h = h;
  // the counters, with rejections by reason
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
  // the cubic Hermite of the integrals over the last step
  return hermiteWork(previous_.t, previousWork_, previousPower_, state_.t, work_, power_, t);
}

bool Integrator::doInterpolate(double t, State& out) {
  // the cubic Hermite of the last step's ends; false: not on the constraints
  hermite_.evaluate(formulation_, previous_, state_, t, out);
  return false;
}

}  // namespace mbw
