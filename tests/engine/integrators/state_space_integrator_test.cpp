// The state-space integrators under error control per unit step (state_space_integrator.h): the
// dependent coordinates are solved far enough below the tolerance that their noise does not drive
// the step control, so that a tighter tolerance costs more steps, never fewer (Andrews' squeezer,
// whose stiff spring amplifies the noise into the accelerations).

#include <gtest/gtest.h>

#include "andrews_reference.h"

namespace mbw {
namespace {

RunStatistics andrewsRun(const std::string& integrator, double tol) {
  const Results r = test::andrewsVariableStepRun(integrator, tol);
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r.stats;
}

TEST(StateSpaceIntegrator, AndrewsStepsGrowAsTheToleranceTightens) {
  // bdf over 0.03 s at 1e-5 / 1e-6 / 1e-7 / 1e-8 took 6 394 / 20 179 / 8 503 / 8 401 steps, a
  // tenth of them rejected, with the dependent coordinates solved to 1e-5 atol
  for (const char* integrator : {"bdf", "adams"}) {
    SCOPED_TRACE(integrator);
    long previous = 0;
    for (const double tol : {1e-5, 1e-6, 1e-7, 1e-8}) {
      SCOPED_TRACE(tol);
      const RunStatistics stats = andrewsRun(integrator, tol);
      RecordProperty(std::string(integrator) + "_steps_" + std::to_string(tol),
                     std::to_string(stats.steps));
      // each tighter tolerance takes more steps, and fewer than a fifth of them are rejected
      EXPECT_GT(stats.steps, previous);
      EXPECT_LT(stats.rejectedSteps, stats.steps / 5);
      previous = stats.steps;
    }
  }
}

}  // namespace
}  // namespace mbw
