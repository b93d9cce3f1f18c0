#pragma once
// The base of the direct index-3 schemes (Kissel et al. 2021 §3, Zhang et al. 2022 §3): each step
// is one or more time points solved by the shared Newton core. A scheme fills point_ and the
// predictor of the point (vdot, lambda), then calls solvePoint.

#include <string>

#include "integrators/index3_solver.h"
#include "integrators/integrator.h"

namespace mbw {

// rho_inf of the linear multistep and single-step schemes when the settings leave it to the method
constexpr double kIndex3DefaultRhoInf = 0.6;

class Index3Integrator : public Integrator {
 protected:
  Index3Integrator(Formulation& formulation, IntegratorSettings settings);

  // Newton from the predictor in x (vdot, lambda) to the solution of point_: x.q, x.v, x.vdot,
  // x.lambda, and x.t when it converges. Counts the iterations and the time point in r. When Newton
  // fails, r is rejected with a quarter of h (variable steps) or failed, its reason followed by
  // `where` (e.g. " at stage 2"), and the result is false.
  bool solvePoint(State& x, double h, bool variableStep, StepResult& r,
                  const std::string& where = {});

  Index3Solver solver_;
  TimePoint point_;
};

}  // namespace mbw
