// Static equilibrium (solvers/static_equilibrium.h): a mass on a spring settles at m g / k in
// every formulation and storage, a run started from equilibrium stays there, and a free degree of
// freedom is reported as such. Load stepping is tested by the beam roll-up of
// beam_validation_test (a full turn of the tip cannot be reached in one Newton solve).

#include <gtest/gtest.h>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/static_equilibrium.h"
#include "test_models.h"

namespace mbw {
namespace {

// a 2 kg block on a vertical slider, hung from a spring (k = 500 N/m, free length 1 m) at the
// origin
Model hangingMass() {
  const std::string bodies =
      R"([{"name": "block", "mass": 2, "inertia": [0.1, 0.1, 0.1], "position": [0, 0, -1.2], "points": {"top": [0, 0, 0]}}])";
  const std::string joints =
      R"([{"name": "slider", "type": "translational", "body_i": "ground", "body_j": "block", "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]}])";
  const std::string forces =
      R"([{"name": "spring", "type": "tsda", "body_i": "ground", "body_j": "block", "point_i": [0, 0, 0], "point_j": "top", "stiffness": 500, "free_length": 1}])";
  return parseScene(test::sceneJson(bodies, joints, forces), "test");
}

// the block's height at rest in the pose q
double blockHeight(Formulation& f, const VectorXd& q) {
  f.computePositions(0.0, q);
  const VectorXd zero = VectorXd::Zero(f.velocitySize());
  f.computeVelocities(zero);
  return f.bodyOutput(0, zero).position_W.z();
}

TEST(StaticEquilibrium, MassOnASpringSettlesAtWeightOverStiffness) {
  const Model m = hangingMass();
  // the spring stretched by m g / k = 2 x 9.81 / 500 past its free length of 1 m
  const double expected = -1.0 - 2.0 * 9.81 / 500.0;
  for (const std::string& name : formulationNames()) {
    if (!initialPoseRefusal(name, m).empty())
      continue;  // rE: the block's identity pose is its gimbal lock
    // in dense and in sparse storage, from the scene's pose at z = -1.2 m
    for (LinearSolverKind storage : {LinearSolverKind::Dense, LinearSolverKind::Sparse}) {
      const auto f = makeFormulation(name, m);
      VectorXd q, v, lambda;
      f->initialState(q, v);
      StaticSettings s;
      s.storage = storage;
      const StaticResult r = solveStaticEquilibrium(*f, 0.0, q, lambda, s);
      ASSERT_TRUE(r.converged) << name << ": " << r.failure;
      // a spring along the slider: the full load in one increment, no load stepping
      EXPECT_EQ(r.increments, 1);
      EXPECT_NEAR(blockHeight(*f, q), expected, 1e-12) << name;
      EXPECT_LT(r.residual, 1e-8);
    }
  }
}

TEST(StaticEquilibrium, ARunStartedFromEquilibriumStaysThere) {
  // lms3 at 1 ms in rA for 0.2 s, from the static solution rather than the scene's pose
  RunSettings s;
  s.formulation = "rA";
  s.integrator = "lms3";
  s.integratorSettings.step = 1e-3;
  s.tEnd = 0.2;
  s.startFromEquilibrium = true;
  Simulation sim(hangingMass(), s);
  EXPECT_TRUE(sim.equilibrium().converged);
  const Results r = sim.run();
  ASSERT_EQ(r.status, RunStatus::Completed);
  // started at equilibrium, the block does not move over the run
  for (double z : r.columnValues(r.column("block.z")))
    EXPECT_NEAR(z, -1.0 - 2.0 * 9.81 / 500.0, 1e-10);
  // and the results say where the run started
  EXPECT_EQ(r.metadataValue("initial_state"), "static equilibrium");
}

TEST(StaticEquilibrium, AFreeDegreeOfFreedomIsReported) {
  // without gravity and the spring, nothing holds the block along the slider's axis (z)
  Model m = hangingMass();
  m.gravity_W = Vec3(0.0, 0.0, 0.0);
  m.forces.clear();
  const auto f = makeFormulation("rp", m);
  VectorXd q, v, lambda;
  f->initialState(q, v);
  const StaticResult r = solveStaticEquilibrium(*f, 0.0, q, lambda);
  EXPECT_FALSE(r.converged);
  EXPECT_NE(r.failure.find("can move without straining"), std::string::npos) << r.failure;
}

}  // namespace
}  // namespace mbw
