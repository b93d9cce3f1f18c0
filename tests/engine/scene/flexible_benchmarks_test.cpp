// The built-in scenes of Zhang et al.'s flexible benchmarks (section 5.2-5.4; data
// shared/refdata/models/flexible_beams): the nominal masses and the paper's choices, an independent
// check of the shaft (its static sag against Timoshenko theory), rE refused, and a short run of
// each from its start time.

#include <gtest/gtest.h>

#include <cmath>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/static_equilibrium.h"

namespace mbw {
namespace {

// the sum of the node masses of the beam named
double beamMass(const Model& m, const std::string& beam) {
  double mass = 0.0;
  for (const Body& b : m.bodies)
    if (b.beam >= 0 && m.beams[b.beam].name == beam) mass += b.mass;
  return mass;
}

// the flexible four-bar carries the paper's masses per length, five elements per bar, the hinge
// at C tilted 5 deg about y (the defect that makes the bars bend out of plane) and its start time
TEST(FlexibleBenchmarks, FourBarHasTheNominalMassesAndTheDefectAboutY) {
  // the bars' masses are the masses per length times their lengths, five elements each
  const Model m = loadScene("flexible-four-bar");
  ASSERT_EQ(m.beams.size(), 3u);
  EXPECT_NEAR(beamMass(m, "ab"), 1.9968 * 0.12, 1e-12);
  EXPECT_NEAR(beamMass(m, "bc"), 1.9968 * 0.24, 1e-12);
  EXPECT_NEAR(beamMass(m, "cd"), 0.4992 * 0.12, 1e-12);
  for (const Beam& b : m.beams) EXPECT_EQ(b.elementCount, 5);
  // the hinge at C: z turned +5 deg about y, on bar BC's node (frame = world)
  for (const Joint& j : m.joints) {
    if (j.name == "pin-c") {
      EXPECT_LT((j.axis_I - Vec3(std::sin(M_PI / 36), 0.0, std::cos(M_PI / 36))).norm(), 1e-12);
    }
  }
  EXPECT_NEAR(m.defaults.tStart, -2.0 * 2.0 * M_PI / 0.6, 1e-12);
}

// an independent check of the shaft's stiffness: its static mid-span sag equals the Timoshenko
// formula for a clamped-clamped beam under its weight and the disk's
TEST(FlexibleBenchmarks, ShaftSagsAsAClampedTimoshenkoBeamUnderItsWeightAndTheDisk) {
  // the shaft's 6 m at 11.64 kg/m and the disk's mass and inertia as the paper gives them
  const Model m = loadScene("rotating-shaft");
  EXPECT_NEAR(beamMass(m, "shaft"), 11.64 * 6.0, 1e-12);
  const Body& disk = m.bodies[m.bodyIndex("disk")];
  EXPECT_EQ(disk.mass, 70.573);
  EXPECT_EQ(disk.inertia_B(1, 1), 1.0163);  // the paper's value, without the thickness term
  // both ends clamped in bending: w = q L^4 / (384 EI) + P L^3 / (192 EI) + q L^2 / (8 GA) + P L /
  // (4 GA)
  const auto f = makeFormulation("rA", m);
  VectorXd q, v, lambda;
  f->initialState(q, v);
  const StaticResult r = solveStaticEquilibrium(*f, 0.0, q, lambda);
  ASSERT_TRUE(r.converged) << r.failure;
  f->computePositions(0.0, q);
  const VectorXd zero = VectorXd::Zero(f->velocitySize());
  f->computeVelocities(zero);
  const double sag = -f->bodyOutput(m.bodyIndex("shaft.16"), zero).position_W.z();
  const double L = 6.0, EI = 354.5e3, GA = 60.5e6, w = 11.64 * 9.81, P = 70.573 * 9.81;
  const double expected = w * std::pow(L, 4) / (384 * EI) + P * std::pow(L, 3) / (192 * EI) +
                          w * L * L / (8 * GA) + P * L / (4 * GA);
  EXPECT_NEAR(sag, expected, 2e-3 * expected) << "Timoshenko " << expected;
}

// rE's ZXZ angles are singular at a straight beam's node orientation, and nodes must turn freely:
// the scenes are refused in rE with a reason naming rA and rp, before any run starts
TEST(FlexibleBenchmarks, EulerAnglesCannotHoldTheBeams) {
  for (const char* scene : {"flexible-four-bar", "lateral-buckling", "rotating-shaft"}) {
    const Model m = loadScene(scene);
    EXPECT_NE(initialPoseRefusal("rE", m).find("use rA or rp"), std::string::npos) << scene;
    RunSettings s;
    s.formulation = "rE";
    EXPECT_THROW(Simulation(m, s), ConfigurationError) << scene;
  }
}

// the four-bar and the shaft start before t = 0: a short run of each benchmark keeps the scene's
// start time in its first row and then one row per step
TEST(FlexibleBenchmarks, EachRunsFromItsStartTime) {
  // ten steps from the scene's start time: a row at the start, then one per step
  for (const char* scene : {"flexible-four-bar", "lateral-buckling", "rotating-shaft"}) {
    const Model m = loadScene(scene);
    RunSettings s;
    s.formulation = "rA";
    s.integrator = "lms3";
    s.integratorSettings.step = m.defaults.step;
    s.tStart = m.defaults.tStart;
    s.tEnd = m.defaults.tStart + 10 * m.defaults.step;
    const Results r = Simulation(m, s).run();
    EXPECT_EQ(r.status, RunStatus::Completed) << scene << ": " << r.message;
    EXPECT_NEAR(r.at(0, 0), m.defaults.tStart, 1e-12) << scene;
    EXPECT_EQ(r.rowCount(), 11u) << scene;
  }
}

}  // namespace
}  // namespace mbw
