// The Newton tolerance of fixed steps follows the step (step_control.h, newtonToleranceForStep):
// the settings' tolerance at 1e-3 s and above, falling as h^4 below down to 1e-12 m, the settings'
// own at every step with the rule "fixed"; and the index-3 schemes solve their points to it.

#include "integrators/step_control.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

TEST(NewtonTolerance, FollowsTheStep) {
  IntegratorSettings s;
  // the default 1e-11 at 1 ms and above; below, scaled by (h / 1 ms)^4
  EXPECT_EQ(newtonToleranceForStep(1e-2, s), 1e-11);
  EXPECT_EQ(newtonToleranceForStep(1e-3, s), 1e-11);
  EXPECT_DOUBLE_EQ(newtonToleranceForStep(8e-4, s), 1e-11 * 0.8 * 0.8 * 0.8 * 0.8);
  EXPECT_DOUBLE_EQ(newtonToleranceForStep(6e-4, s), 1e-11 * 0.6 * 0.6 * 0.6 * 0.6);
  // down to the floor (from 5.6e-4 s on)
  EXPECT_EQ(newtonToleranceForStep(5e-4, s), kNewtonToleranceFloor);
  EXPECT_EQ(newtonToleranceForStep(1e-4, s), kNewtonToleranceFloor);
  EXPECT_EQ(newtonToleranceForStep(1e-6, s), kNewtonToleranceFloor);
  // a tolerance given under the floor is kept; a looser one scales alike
  s.newtonTolerance = 1e-13;
  EXPECT_EQ(newtonToleranceForStep(1e-4, s), 1e-13);
  s.newtonTolerance = 1e-8;
  EXPECT_DOUBLE_EQ(newtonToleranceForStep(1e-4, s), 1e-12);
  EXPECT_DOUBLE_EQ(newtonToleranceForStep(2e-4, s), 1e-8 * 0.2 * 0.2 * 0.2 * 0.2);
  // the rule "fixed": the settings' tolerance at every step
  s.newtonToleranceRule = "fixed";
  EXPECT_EQ(newtonToleranceForStep(1e-4, s), 1e-8);
}

RunStatistics runDoublePendulum(double step, const std::string& rule) {
  RunSettings s;
  s.integrator = "hht";
  s.integratorSettings.step = step;
  s.integratorSettings.newtonToleranceRule = rule;
  s.tEnd = 200 * step;
  const Results r = Simulation(loadScene("double-pendulum"), s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r.stats;
}

TEST(NewtonTolerance, TheSchemesSolveTheirPointsToIt) {
  // at 1e-3 s both rules are the same tolerance: the same iterations; at 2.5e-4 s the rule "step"
  // asks for 1e-12 m instead of 1e-11 m, and Newton iterates more
  EXPECT_EQ(runDoublePendulum(1e-3, "step").newtonIterations,
            runDoublePendulum(1e-3, "fixed").newtonIterations);
  EXPECT_GT(runDoublePendulum(2.5e-4, "step").newtonIterations,
            runDoublePendulum(2.5e-4, "fixed").newtonIterations);
}

}  // namespace
}  // namespace mbw
