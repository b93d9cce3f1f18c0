// rA, rp and rE describe the same motion. For the driven (zero-DOF) mechanisms of Kissel et al.
// 2021 the index-3 solution is fixed by the constraints, so every formulation's dynamics gives the
// positions of the kinematic analysis to the Newton tolerance (Theta h^2 = 1e-11), and so does
// every formulation's kinematic analysis. (The double pendulum, with two degrees of freedom, is
// checked for first-order convergence of every formulation in backward_euler_test.)

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "position_difference.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// a mechanism driven in every degree of freedom: its motion is the drivers', whatever the
// equations of motion
class DrivenMechanism : public ::testing::TestWithParam<std::string> {};

// a driven mechanism's motion is fixed by its drivers: every formulation's dynamics and
// kinematics must reproduce rp's kinematic positions
TEST_P(DrivenMechanism, EveryFormulationGivesTheSamePositions) {
  // the reference: kinematic analysis in rp at a position tolerance of 1e-12, every 20th step
  // recorded
  const Model model = loadScene(GetParam());
  KinematicsSettings k;
  k.tEnd = 1.0;
  k.tolerance = 1e-12;
  const Results truth = runKinematics(model, "rp", k, 20);
  ASSERT_EQ(truth.status, RunStatus::Completed) << truth.message;
  for (const std::string& f : formulationNames()) {
    // each formulation's dynamic run (the default integrator) and its kinematic analysis follow the
    // same positions: 1e-12 for kinematics, 1e-11 for the dynamics
    SCOPED_TRACE(f);
    RunSettings s;
    s.formulation = f;
    s.tEnd = 1.0;
    s.every = 20;
    Simulation sim(model, s);
    const Results dynamics = sim.run();
    ASSERT_EQ(dynamics.status, RunStatus::Completed) << dynamics.message;
    const Results kinematics = runKinematics(model, f, k, 20);
    ASSERT_EQ(kinematics.status, RunStatus::Completed) << kinematics.message;
    EXPECT_LT(test::positionDifference(dynamics, truth), 1e-11);
    EXPECT_LT(test::positionDifference(kinematics, truth), 1e-12);
  }
}

INSTANTIATE_TEST_SUITE_P(ThePapersMechanisms, DrivenMechanism,
                         ::testing::Values("single-pendulum", "four-link", "slider-crank"),
                         [](const auto& param) {
                           std::string name = param.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace mbw
