#include "integrators/index3_integrator.h"

#include "integrators/step_control.h"

namespace mbw {

Index3Integrator::Index3Integrator(Formulation& formulation, IntegratorSettings settings)
    : Integrator(formulation, settings), solver_(formulation, index3SolverOptions(settings)) {}

bool Index3Integrator::solvePoint(State& x, double h, bool variableStep, StepResult& r,
                                  const std::string& where) {
  // Newton's tolerance for this point, from the step (step_control.h)
  point_.newtonTolerance =
      variableStep ? newtonToleranceFor(h, settings_) : newtonToleranceForStep(h, settings_);
  // a variable step also accepts corrections that stall at the rounding of the positions
  point_.roundingFloor = variableStep && point_.anchor ? newtonRoundingFloor(*point_.anchor) : 0.0;
  const NewtonResult newton = solver_.solve(point_, x.vdot, x.lambda, x.q, x.v);
  // the counts of the point, and the solver's totals
  r.newtonIterations += newton.iterations;
  ++r.timePoints;
  stats_.factorizations = solver_.factorizations();
  stats_.jacobianEvaluations = solver_.jacobianEvaluations();
  if (newton.converged) {
    // converged: the point's time, and the solver's note as an event
    x.t = point_.t;
    if (!newton.note.empty()) r.event += (r.event.empty() ? "" : "; ") + newton.note + where;
    return true;
  }
  // not converged: a variable step is tried again at a quarter of the step; a fixed step fails
  if (variableStep) {
    rejectStep(r, "Newton did not converge", newton.failure + where, 0.25 * h, settings_);
  } else {
    r.kind = StepResult::Kind::Failed;
    r.reason = newton.failure + where;
  }
  return false;
}

}  // namespace mbw
