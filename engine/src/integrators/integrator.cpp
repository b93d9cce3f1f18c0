#include "integrators/integrator.h"

#include "math/floating_point.h"

namespace mbw {

void Integrator::initialize(const State& consistent) {
  state_ = consistent;
  stats_ = IntegratorStats{};
  doInitialize();
}

StepResult Integrator::step(double h) {
  const ScopedFlushSubnormals flush;
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

}  // namespace mbw
