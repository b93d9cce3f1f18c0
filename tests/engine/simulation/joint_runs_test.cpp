// Runs on joint coordinates (`--formulation joint`): rn4, adams and bdf integrate the tree's ODE
// and record the same channels as an rp run, from forward kinematics. On the double pendulum and a
// 4-link chain of the scene templates, and on the stiff double pendulum scene (two rotational
// spring-dampers), the bodies' positions over 1.5 s at rtol = atol = 1e-8 agree with an rp run of
// bdf at 1e-10 (the reference: rn4 on rp at 1e-8 took 19 s on the stiff scene, 60 times bdf's
// reference); the constraint drift channels stay at rounding; the integrators that do not take
// joint coordinates say which do (a scene the tree cannot hold is refused naming the joint:
// simulation_test.cpp). Closed loops: the four-bar and slider-crank templates (planar loops of
// revolutes, partitioned joint coordinates: statespace/loop_joint_ode.h) over 2 s with rn4, adams
// and bdf at 1e-8 and w2 at 1e-5 against rp's bdf at 1e-10, the loops' equations at the Newton
// tolerance. Joints of several freedoms and free bodies (joint/kinematic_tree.h eq 3): a spherical
// pendulum and a tumbling free body whose angles are re-based again and again, and the built-in
// scenes of raw primitives, spherical, universal, planar and distance joints, rn4 and bdf at 1e-8
// against rp's bdf at 1e-10.

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "simulation/run_options.h"
#include "position_difference.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// a variable-step run to 1.5 s at rtol = atol = tol, rows every 0.05 s
RunSettings settings(const std::string& integrator, const std::string& formulation, double tol) {
  RunSettings s;
  s.integrator = integrator;
  s.formulation = formulation;
  s.tEnd = 1.5;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = tol;
  s.output.step = 0.05;
  return s;
}

// the largest value of a channel over the rows
double largest(const Results& r, const std::string& channel) {
  const int c = r.column(channel);
  double worst = 0.0;
  for (size_t row = 0; row < r.rowCount(); ++row) worst = std::max(worst, std::abs(r.at(row, c)));
  return worst;
}

// a scene and its rp reference run
struct Scene {
  std::string name;
  Model model;
  Results reference;  // rp, bdf at 1e-10
};

// the scenes with their references, run once for the three integrators
const std::vector<Scene>& scenes() {
  static const std::vector<Scene> list = [] {
    std::vector<Scene> l;
    l.push_back(
        {"double-pendulum", parseScene(generateScene("double-pendulum"), "double-pendulum"), {}});
    l.push_back({"chain-4", parseScene(generateScene("chain", {{"links", "4"}}), "chain-4"), {}});
    l.push_back({"stiff-double-pendulum", loadScene("stiff-double-pendulum"), {}});
    for (Scene& scene : l)
      scene.reference = Simulation(scene.model, settings("bdf", "rp", 1e-10)).run();
    return l;
  }();
  return list;
}

class JointRun : public ::testing::TestWithParam<std::string> {};

// tree scenes in joint coordinates follow a tight rp reference to the tolerance's order, record the
// same channels, and keep the joints exactly (forward kinematics, no constraint drift)
TEST_P(JointRun, AgreesWithAnRpReferenceWithTheSameChannels) {
  const double tol = 1e-8;
  for (const Scene& scene : scenes()) {
    SCOPED_TRACE(scene.name);
    // the stiff scene is no problem for an explicit method (adams took minutes on it)
    if (GetParam() == std::string("adams") && scene.name == "stiff-double-pendulum") continue;
    const Results& rp = scene.reference;
    const Results joint = Simulation(scene.model, settings(GetParam(), "joint", tol)).run();
    ASSERT_EQ(rp.status, RunStatus::Completed) << rp.message;
    ASSERT_EQ(joint.status, RunStatus::Completed) << joint.message;
    // the same channels, the formulation named in the metadata
    ASSERT_EQ(joint.channels().size(), rp.channels().size());
    for (size_t c = 0; c < rp.channels().size(); ++c)
      EXPECT_EQ(joint.channels()[c].name, rp.channels()[c].name);
    EXPECT_EQ(joint.metadataValue("formulation"), "joint");
    // the bodies' positions agree to the tolerance's order, over 1.5 s
    EXPECT_LT(test::positionDifference(joint, rp), 1e-6);
    EXPECT_GT(test::positionDifference(joint, rp), 0.0);  // two runs, not one
    // forward kinematics keeps the joints' equations to rounding
    EXPECT_LT(largest(joint, "violation.position"), 1e-13);
    EXPECT_LT(largest(joint, "violation.velocity"), 1e-12);
    EXPECT_GT(joint.stats.steps, 10);
  }
}

// --- closed loops --------------------------------------------------------------------------------

// the closed loops with their references (rp, bdf at 1e-10 over 2 s), run once for the integrators
const std::vector<Scene>& loopScenes() {
  static const std::vector<Scene> list = [] {
    std::vector<Scene> l;
    l.push_back({"four-bar",
                 parseScene(generateScene("four-bar", {{"crank_speed", "3"}}), "four-bar"),
                 {}});
    l.push_back({"slider-crank",
                 parseScene(generateScene("slider-crank", {{"crank_speed", "5"}}), "slider-crank"),
                 {}});
    for (Scene& scene : l) {
      RunSettings s = settings("bdf", "rp", 1e-10);
      s.tEnd = 2.0;
      scene.reference = Simulation(scene.model, s).run();
    }
    return l;
  }();
  return list;
}

class LoopJointRun : public ::testing::TestWithParam<std::string> {};

// closed loops in partitioned joint coordinates follow the rp reference; the loop equations are
// solved by Newton, so they hold to its tolerance rather than to rounding
TEST_P(LoopJointRun, ClosedLoopsAgreeWithAnRpReference) {
  // w2, of order 2, at 1e-5 (at 1e-8 its runs took 390 s); the positions to 100 times the tolerance
  const double tol = GetParam() == std::string("w2") ? 1e-5 : 1e-8;
  for (const Scene& scene : loopScenes()) {
    SCOPED_TRACE(scene.name);
    const Results& rp = scene.reference;
    RunSettings s = settings(GetParam(), "joint", tol);
    s.tEnd = 2.0;
    const Results joint = Simulation(scene.model, s).run();
    ASSERT_EQ(rp.status, RunStatus::Completed) << rp.message;
    ASSERT_EQ(joint.status, RunStatus::Completed) << joint.message;
    ASSERT_EQ(joint.channels().size(), rp.channels().size());
    EXPECT_EQ(joint.metadataValue("formulation"), "joint");
    // the bodies' positions agree to the tolerance's order over 2 s
    EXPECT_LT(test::positionDifference(joint, rp), 100 * tol);
    EXPECT_GT(test::positionDifference(joint, rp), 0.0);
    // the loops' equations at the Newton tolerance, the velocities' to its order
    EXPECT_LE(largest(joint, "violation.position"), s.integratorSettings.constraintTolerance);
    EXPECT_LT(largest(joint, "violation.velocity"), 1e-8);
    EXPECT_GT(joint.stats.steps, 10);
  }
}

// --- joints of several freedoms, free bodies, re-based angles
// ---------------------------------------

// a spherical pendulum released from the horizontal, swinging and spinning about its rod, and a
// free body tumbling about its intermediate axis: the middle Bryant angles of both pass the
// re-basing angle again and again
const char* kTumblers = R"({
  "format": "mbw-scene", "version": 1, "name": "tumblers", "gravity": [0, 0, -9.81],
  "bodies": [
    {"name": "bob", "mass": 1.0, "inertia": [0.01, 0.02, 0.02], "position": [0.5, 0, 0],
     "velocity": [0, 1.0, 0], "angular_velocity": [3.0, 0, 2.0]},
    {"name": "tumbler", "mass": 0.5, "inertia": [0.1, 0.2, 0.3], "position": [0, 0, 1],
     "velocity": [0, 0, 2.0], "angular_velocity": [0.1, 4.0, 0.1]}
  ],
  "joints": [
    {"name": "ball", "type": "spherical", "body_i": "ground", "body_j": "bob",
     "point_i": [0, 0, 0], "point_j": [-0.5, 0, 0]}
  ]
})";

// whether a run's events name the text
bool hasEvent(const Results& r, const std::string& text) {
  for (const RunEvent& e : r.events)
    if (e.description.find(text) != std::string::npos) return true;
  return false;
}

class ReBasedJointRun : public ::testing::TestWithParam<std::string> {};

TEST_P(ReBasedJointRun, SphericalAndFreeBodiesTurningFarAgreeWithAnRpReference) {
  const Model model = parseScene(kTumblers, "tumblers");
  const double tol = 1e-8;
  const Results rp = Simulation(model, settings("bdf", "rp", 1e-10)).run();
  const Results joint = Simulation(model, settings(GetParam(), "joint", tol)).run();
  ASSERT_EQ(rp.status, RunStatus::Completed) << rp.message;
  ASSERT_EQ(joint.status, RunStatus::Completed) << joint.message;
  // the angles re-based on the way, each joint named
  EXPECT_TRUE(hasEvent(joint, "re-based the angles of spherical joint 'ball'"));
  EXPECT_TRUE(hasEvent(joint, "free body 'tumbler'"));
  // the positions agree to the tolerance's order over 1.5 s; the tree holds its joint to rounding
  EXPECT_LT(test::positionDifference(joint, rp), 100 * tol);
  EXPECT_GT(test::positionDifference(joint, rp), 0.0);
  EXPECT_LT(largest(joint, "violation.position"), 1e-13);
}

// the reference run s gives (rp), then the joint-coordinate run of the integrator at rtol = atol
// = tol on the same span and grid: both complete, and their positions agree to the tolerance's
// order while being two runs, not one
void jointAgainstRp(const Model& model, RunSettings s, const std::string& integrator, double tol,
                    Results& joint) {
  const Results rp = Simulation(model, s).run();
  s.integrator = integrator;
  s.formulation = "joint";
  s.integratorSettings.rtol = s.integratorSettings.atol = tol;
  joint = Simulation(model, s).run();
  ASSERT_EQ(rp.status, RunStatus::Completed) << rp.message;
  ASSERT_EQ(joint.status, RunStatus::Completed) << joint.message;
  EXPECT_LT(test::positionDifference(joint, rp), 100 * tol);
  EXPECT_GT(test::positionDifference(joint, rp), 0.0);
}

// the built-in scenes of raw primitives (free bodies closed by loops), spherical, universal,
// planar and distance joints, against rp's bdf at 1e-10 (Andrews' squeezer over its first 3 ms).
// A01's pendulum is a planar joint closed by one distance equation: its scalar Phi_u tends to
// zero as the pendulum swings down, seen by the partition check through max |H_uv|
class BuiltInJointRun : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltInJointRun, BuiltInScenesAgreeWithAnRpReference) {
  const double tol = 1e-8;
  for (const char* name : {"single-pendulum", "four-link-joints", "slider-crank-joints",
                           "iftomm-a01-pendulum", "andrews-squeezer"}) {
    SCOPED_TRACE(name);
    RunSettings s = settings("bdf", "rp", 1e-10);
    s.tEnd = 1.0;
    if (std::string(name) == "andrews-squeezer") {
      s.tEnd = 0.003;
      s.output.step = 0.0005;
    }
    Results joint;
    ASSERT_NO_FATAL_FAILURE(jointAgainstRp(loadScene(name), s, GetParam(), tol, joint));
    EXPECT_LE(largest(joint, "violation.position"), s.integratorSettings.constraintTolerance);
  }
}

// ida on the GGL form in joint coordinates (integrators/joint_ggl_system.h) against ida on rp's
// at 1e-10, on the built-in rigid scenes of revolute and translational joints, raw primitives
// (free bodies closed by loops: their Bryant angles) and typed joints, over 1 s (Andrews' squeezer
// over its first 3 ms): the positions within 100 times the tolerance, the recorded states'
// position constraints to the tolerance's order (Newton's stopping test, as on rp)
TEST(JointRuns, IdaOnTheJointCoordinatesGglFormAgreesWithIdaOnRp) {
  const double tol = 1e-8;
  for (const char* name :
       {"double-pendulum", "stiff-double-pendulum", "andrews-squeezer", "four-link", "slider-crank",
        "four-link-joints", "slider-crank-joints", "iftomm-a01-pendulum"}) {
    SCOPED_TRACE(name);
    RunSettings s = settings("ida", "rp", 1e-10);
    s.tEnd = 1.0;
    if (std::string(name) == "andrews-squeezer") {
      s.tEnd = 0.003;
      s.output.step = 0.0005;
    }
    Results joint;
    ASSERT_NO_FATAL_FAILURE(jointAgainstRp(loadScene(name), s, "ida", tol, joint));
    EXPECT_LT(largest(joint, "violation.position"), tol);
    EXPECT_GT(joint.stats.steps, 10);
  }
}

// The vehicle on its four tires (hmmwv-bump: a free chassis, suspension loops of spherical joints
// and distances): the tires are vertical forces at the wheel centres, mapped through the tree as
// point forces. Without them the car would fall 0.05 m in 0.1 s; on them it holds its height to a
// micrometre, and the joint run follows rp's to the tolerance's order
TEST(JointRuns, TheVehicleOnItsTiresAgreesWithAnRpReference) {
  RunSettings s = settings("bdf", "rp", 1e-10);
  s.tEnd = 0.1;
  s.output.step = 0.01;
  Results joint;
  ASSERT_NO_FATAL_FAILURE(jointAgainstRp(loadScene("hmmwv-bump"), s, "bdf", 1e-8, joint));
  const int z = joint.column("chassis.z");
  EXPECT_LT(std::abs(joint.at(joint.rowCount() - 1, z) - joint.at(0, z)), 1e-6);
}

// A01's pendulum on its planar joint, closed by one distance equation x^2 + y^2 = 1: Phi_u is the
// scalar 2x or 2y, whose condition estimate stays 1, so the partition changes only when the
// tangent basis grows (|H_uv| = |y/x| past the growth factor over 1): twice a swing, about where
// |x| = |y| (a swing from x = 1 to x = -1 takes 1.18 s: x and y trade the dependent role near 0.43
// and 0.81 s)
TEST(JointRuns, AScalarLoopJacobianIsRepartitionedByItsTangentBasis) {
  RunSettings s = settings("rn4", "joint", 1e-8);
  s.tEnd = 1.0;
  const Results r = Simulation(loadScene("iftomm-a01-pendulum"), s).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  ASSERT_EQ(r.events.size(), 2u);
  for (const RunEvent& e : r.events)
    EXPECT_NE(e.description.find("repartition: max |H_uv|"), std::string::npos) << e.description;
  EXPECT_NEAR(r.events[0].t, 0.43, 0.02);
  EXPECT_NEAR(r.events[1].t, 0.81, 0.02);
}

INSTANTIATE_TEST_SUITE_P(JointCoordinateIntegrators, ReBasedJointRun,
                         ::testing::Values("rn4", "bdf", "ida"),
                         [](const auto& param) { return test::parameterName(param.param); });
INSTANTIATE_TEST_SUITE_P(StateSpaceIntegrators, BuiltInJointRun, ::testing::Values("rn4", "bdf"),
                         [](const auto& param) { return test::parameterName(param.param); });
INSTANTIATE_TEST_SUITE_P(StateSpaceIntegrators, JointRun, ::testing::Values("rn4", "adams", "bdf"),
                         [](const auto& param) { return test::parameterName(param.param); });
INSTANTIATE_TEST_SUITE_P(StateSpaceIntegrators, LoopJointRun,
                         ::testing::Values("rn4", "w2", "adams", "bdf"),
                         [](const auto& param) { return test::parameterName(param.param); });

// --- refusals and the formulation list -----------------------------------------------------------

// the index-3 integrators refuse joint coordinates and name those that take them: the state-space
// integrators and ida
TEST(JointRuns, OtherIntegratorsSayWhichTakeJointCoordinates) {
  const Model model = loadScene("stiff-double-pendulum");
  for (const char* integrator : {"hht", "bathe"}) {
    SCOPED_TRACE(integrator);
    RunSettings s;
    s.integrator = integrator;
    s.formulation = "joint";
    try {
      Simulation sim(model, s);
      FAIL() << "accepted";
    } catch (const ConfigurationError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("does not work with the joint formulation"), std::string::npos) << what;
      EXPECT_NE(
          what.find("state-space integrators and ida only: rosenbrock-nystrom4 (rn4), w2, adams, "
                    "bdf, ida"),
          std::string::npos)
          << what;
    }
  }
}

// "joint" is offered last among the run formulations, records rp's channels, and is refused with
// a reason where the tree cannot hold the scene (beam nodes)
TEST(JointRuns, RunFormulationsOfferJoint) {
  const std::vector<std::string> names = runFormulationNames();
  EXPECT_EQ(names.back(), "joint");
  EXPECT_EQ(recordedFormulation("joint"), "rp");
  EXPECT_EQ(recordedFormulation("rE"), "rE");
  EXPECT_FALSE(runFormulationDescription("joint").empty());
  // the refusal a front end shows beside the choice
  EXPECT_EQ(runFormulationRefusal("joint", loadScene("stiff-double-pendulum")), "");
  EXPECT_EQ(runFormulationRefusal("joint", loadScene("four-link")), "");
  EXPECT_NE(runFormulationRefusal("joint", loadScene("lateral-buckling")).find("beam node"),
            std::string::npos);
  EXPECT_EQ(runFormulationRefusal("rp", loadScene("four-link")), "");
}

}  // namespace
}  // namespace mbw
