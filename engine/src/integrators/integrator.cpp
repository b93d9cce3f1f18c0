#include "integrators/integrator.h"

#include "math/floating_point.h"

namespace mbw {

void Integrator::initialize(const State& consistent) {
  state_ = previous_ = consistent;
  stats_ = IntegratorStats{};
  doInitialize();
}

StepResult Integrator::step(double h) {
  const ScopedFlushSubnormals flush;
  previous_ = state_;
  StepResult r = doStep(h);
  r.h = h;
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

bool Integrator::doInterpolate(double t, State& out) {
  hermite_.evaluate(formulation_, previous_, state_, t, out);
  return false;
}

}  // namespace mbw
