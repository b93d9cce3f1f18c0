// The cost of a stepping loop alone (analysis/stepping_cost.h): a kinematic analysis takes the
// steps and Newton iterations of the same analysis made by the simulation, a fixed-step dynamic
// run its steps and (within 1 %) its iterations, in joint coordinates too; a loop that fails stops
// with the time it reached; unknown formulations, integrators and unsupported settings are refused.

#include "analysis/stepping_cost.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"

namespace mbw {
namespace {

TEST(SteppingCost, KinematicsCountsAsTheKinematicRun) {
  const Model model = loadScene("slider-crank");
  KinematicsSettings s;
  s.step = 1e-3;
  s.tEnd = 0.5;
  const RunCost cost = timeKinematics(model, "rp", s);
  ASSERT_TRUE(cost.completed) << cost.message;
  // 0.5 s at 1 ms: 500 steps
  EXPECT_EQ(cost.steps, 500);
  // and the same Newton iterations as the kinematic run itself
  const Results run = runKinematics(model, "rp", s);
  ASSERT_EQ(run.status, RunStatus::Completed) << run.message;
  EXPECT_EQ(cost.newtonIterations, run.stats.newtonIterations);
  // the rates derived from the counts and the time
  EXPECT_DOUBLE_EQ(cost.microsecondsPerStep(), 1e6 * cost.cpuSeconds / 500);
  EXPECT_DOUBLE_EQ(cost.iterationsPerStep(), cost.newtonIterations / 500.0);
  // a Newton allowed one iteration to a tolerance it cannot reach in one
  s.maxIterations = 1;
  s.tolerance = 1e-300;
  const RunCost failed = timeKinematics(model, "rp", s);
  // it fails on the first step: no step counted, the time named
  EXPECT_FALSE(failed.completed);
  EXPECT_EQ(failed.steps, 0);
  EXPECT_NE(failed.message.find("at t = 0.001"), std::string::npos) << failed.message;
  EXPECT_THROW(timeKinematics(model, "nosuch", s), ConfigurationError);
}

TEST(SteppingCost, DynamicsCountsAsTheSimulation) {
  const Model model = loadScene("double-pendulum");
  RunSettings s;
  s.integrator = "lms2";
  s.tEnd = 0.2;
  s.integratorSettings.step = 1e-3;
  const RunCost cost = timeDynamics(model, s);
  ASSERT_TRUE(cost.completed) << cost.message;
  // 0.2 s at 1 ms: 200 steps, as the simulation counts them
  EXPECT_EQ(cost.steps, 200);
  Simulation simulation(model, s);
  const Results run = simulation.run();
  ASSERT_EQ(run.status, RunStatus::Completed) << run.message;
  EXPECT_EQ(cost.steps, run.stats.steps);
  // the Newton iterations within 1 %: the simulation hands its integrator what it derives from
  // the run (the error span, the smallest step), which the loop alone does not (here 447 and 446)
  EXPECT_NEAR(cost.newtonIterations, run.stats.newtonIterations, 0.01 * run.stats.newtonIterations);
  // at least one iteration per step
  EXPECT_GE(cost.newtonIterations, cost.steps);
  // a step far too long for Newton's iteration limit
  s.integratorSettings.step = 0.1;
  s.integratorSettings.maxNewtonIterations = 1;
  const RunCost failed = timeDynamics(model, s);
  EXPECT_FALSE(failed.completed);
  EXPECT_NE(failed.message.find(" at t = "), std::string::npos) << failed.message;
  // a loop that took no step reports zero rates
  RunCost none;
  EXPECT_EQ(none.microsecondsPerStep(), 0.0);
  EXPECT_EQ(none.iterationsPerStep(), 0.0);
}

TEST(SteppingCost, JointCoordinatesStepAsTheSimulationDoes) {
  // the tree's ODE under rn4 at a fixed step: the steps of the run, and the same end state
  const Model model = loadScene("stiff-double-pendulum");
  RunSettings s;
  s.formulation = "joint";
  s.integrator = "rn4";
  s.tEnd = 0.05;
  s.integratorSettings.step = 1e-3;
  const RunCost cost = timeDynamics(model, s);
  ASSERT_TRUE(cost.completed) << cost.message;
  EXPECT_EQ(cost.steps, 50);
  Simulation simulation(model, s);
  const Results run = simulation.run();
  ASSERT_EQ(run.status, RunStatus::Completed) << run.message;
  EXPECT_EQ(cost.steps, run.stats.steps);
  // a scene the tree cannot hold is refused as the run refuses it, naming the body (a beam node)
  try {
    timeDynamics(loadScene("lateral-buckling"), s);
    ADD_FAILURE() << "lateral-buckling ran in joint coordinates";
  } catch (const ConfigurationError& e) {
    EXPECT_NE(std::string(e.what()).find("'lateral-buckling'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("beam.0"), std::string::npos) << e.what();
  }
}

TEST(SteppingCost, RefusesWhatTheRunWouldRefuse) {
  const Model model = loadScene("double-pendulum");
  RunSettings s;
  s.tEnd = 0.01;
  // an unknown integrator, an unknown formulation, a variable step for a fixed-step method
  s.integrator = "nosuch";
  EXPECT_THROW(timeDynamics(model, s), ConfigurationError);
  s.integrator = "lms2";
  s.formulation = "nosuch";
  EXPECT_THROW(timeDynamics(model, s), ConfigurationError);
  s.formulation = "rp";
  s.integrator = "bathe";
  s.integratorSettings.variableStep = true;  // fixed step only
  EXPECT_THROW(timeDynamics(model, s), ConfigurationError);
}

}  // namespace
}  // namespace mbw
