// Loading scenes: the built-in scenes, frames with an offset centre of mass, named outputs, and
// several problems reported at once. (The builder's own checks, field by field, are in
// model_builder*_test.cpp.) (One test per class of bad input, with the exit status, is in
// tests/cli/cli_test.cpp.)

#include "scene/scene_reader.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/builtin_scenes.h"
#include "simulation/run_settings.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// --- the built-in scenes -------------------------------------------------------------------------

// every catalogued scene loads under its own name, with a description for the scene list
TEST(SceneReader, LoadsEveryBuiltinScene) {
  ASSERT_GE(builtinScenes().size(), 4u);
  for (const BuiltinScene& s : builtinScenes()) {
    SCOPED_TRACE(s.name);
    const Model m = loadScene(s.name);
    EXPECT_EQ(m.name, s.name);
    EXPECT_FALSE(m.description.empty());
  }
}

// the slider-crank matches Kissel et al.'s Table 7 primitive for primitive, so the paper's
// figures compare like with like
TEST(SceneReader, ThePapersMechanismsUseThePapersBodyNamesAndPrimitiveCounts) {
  const Model sc = loadScene("slider-crank");
  ASSERT_EQ(sc.bodyCount(), 3);
  EXPECT_EQ(sc.bodies[1].name, "connecting-rod");
  int counts[5] = {0, 0, 0, 0, 0};
  for (const Primitive& p : sc.primitives) ++counts[static_cast<int>(p.type)];
  // Kissel et al. 2021 Table 7: slider crank CD 6, DP1 7 (one of them the driver), DP2 4, D 1
  EXPECT_EQ(counts[static_cast<int>(PrimitiveType::CD)], 6);
  EXPECT_EQ(counts[static_cast<int>(PrimitiveType::DP1)] +
                counts[static_cast<int>(PrimitiveType::AngleDriver)],
            7);
  EXPECT_EQ(counts[static_cast<int>(PrimitiveType::DP2)], 4);
  EXPECT_EQ(counts[static_cast<int>(PrimitiveType::D)], 1);
  EXPECT_EQ(loadScene("four-link").bodies[1].name, "link-2");
}

// --- frames, settings and outputs ----------------------------------------------------------------

// a body frame at the pivot and an offset centre of mass: the pendulum swings about its frame
// origin, which stays on the pin while the centre of mass falls
TEST(SceneReader, FrameOriginAndCentreOfMassAreDistinguished) {
  // a bar whose frame sits at its pivot (as in Andrews' squeezer): the centre of mass is offset
  const std::string bodies = R"([{"name": "bar", "mass": 1, "inertia": [0.01, 0.1, 0.1],
     "center_of_mass": [0.5, 0, 0], "position": [0, 0, 0], "points": {"O": [0, 0, 0]}}])";
  const std::string joints =
      R"([{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "bar",
     "point_i": [0, 0, 0], "point_j": "O", "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}])";
  const Model m = parseScene(test::sceneJson(bodies, joints), "t");
  EXPECT_EQ(m.primitives[0].s_J, Vec3(-0.5, 0, 0));  // the pivot, from the centre of mass
  RunSettings s;
  s.integratorSettings.step = 1e-3;
  s.tEnd = 0.2;
  Simulation sim(m, s);
  const Results r = sim.run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  // the frame origin stays on the pivot while the bar swings down
  for (size_t i = 0; i < r.rowCount(); ++i) EXPECT_NEAR(r.at(i, r.column("bar.x")), 0.0, 1e-12);
  // turning about +y takes its x axis towards -z: e2 = sin(angle / 2) > 0
  EXPECT_GT(r.at(r.rowCount() - 1, r.column("bar.e2")), 0.05);
}

// the second bar's joint: a hinge about y or a ball joint
const char* const kHinge = R"("type": "revolute", "axis_i": [0, 1, 0], "axis_j": [0, 1, 0])";
const char* const kBall = R"("type": "spherical")";

// a bar on a hinge, a second bar on the first by the joint given (its type and axes), and the
// settings given
std::string twoBars(const std::string& secondJoint, const std::string& settings) {
  const std::string bodies = R"([
     {"name": "bar", "mass": 1, "inertia": [0.01, 0.1, 0.1], "position": [0.5, 0, 0],
      "points": {"O": [-0.5, 0, 0], "E": [0.5, 0, 0]}},
     {"name": "tip", "mass": 1, "inertia": [0.01, 0.1, 0.1], "position": [1.5, 0, 0],
      "points": {"O": [-0.5, 0, 0]}}])";
  const std::string joints =
      R"([{"name": "hinge", "type": "revolute", "body_i": "ground", "body_j": "bar",
      "point_i": [0, 0, 0], "point_j": "O", "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
     {"name": "second", )" +
      secondJoint + R"(, "body_i": "bar", "body_j": "tip", "point_i": "E", "point_j": "O"}])";
  return test::sceneJson(bodies, joints, "[]", R"(, "settings": )" + settings);
}

// a scene may choose the joint-coordinate formulation; an open tree of hinges runs in it
TEST(SceneReader, AScenesSettingsMayAskForJointCoordinatesOfATree) {
  // a tree of hinges: its runs take the joint coordinates and rn4 from the scene
  const Model m = parseScene(
      twoBars(kHinge, R"({"formulation": "joint", "integrator": "rn4", "t_end": 0.1})"), "t");
  EXPECT_EQ(m.defaults.formulation, "joint");
  const RunSettings s = resolveRunSettings(m, RunOverrides{});
  EXPECT_EQ(s.formulation, "joint");
  Simulation sim(m, s);
  const Results r = sim.run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_EQ(r.metadataValue("formulation"), "joint");
}

// a ball joint in a tree is a joint of three angles: a scene asking for joint coordinates loads
TEST(SceneReader, JointCoordinatesAskedForHoldASphericalJoint) {
  // the tip on a ball joint: a tree joint of three angles (joint/kinematic_tree.h eq 3), in joint
  // coordinates as in rp
  const Model joint =
      parseScene(twoBars(kBall, R"({"formulation": "joint", "integrator": "rn4"})"), "ball.json");
  EXPECT_EQ(joint.defaults.formulation, "joint");
  EXPECT_NO_THROW(parseScene(twoBars(kBall, R"({"formulation": "rp"})"), "ball.json"));
}

// joint coordinates asked for by a scene close its loops as `--formulation joint` does, and refuse
// what no run can hold in them, at /settings/formulation: a beam's nodes are not rigid bodies
TEST(SceneReader, JointCoordinatesAskedForCloseLoopsAndRefuseBeams) {
  // four-link-joints: a universal joint in the tree, a spherical one closing the loop
  nlohmann::json loop = nlohmann::json::parse(findBuiltinScene("four-link-joints")->text);
  loop["settings"]["formulation"] = "joint";
  loop["settings"]["integrator"] = "bdf";
  loop["settings"]["rtol"] = loop["settings"]["atol"] = 1e-8;
  loop["settings"]["t_end"] = 0.05;
  const Model m = parseScene(loop.dump(), "four-link-joints.json");
  const Results r = Simulation(m, resolveRunSettings(m, RunOverrides{})).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_EQ(r.metadataValue("formulation"), "joint");
  // lateral-buckling: beam nodes, named
  nlohmann::json beam = nlohmann::json::parse(findBuiltinScene("lateral-buckling")->text);
  beam["settings"]["formulation"] = "joint";
  try {
    parseScene(beam.dump(), "lateral-buckling.json");
    FAIL() << "accepted";
  } catch (const SceneError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("/settings/formulation"), std::string::npos) << what;
    EXPECT_NE(what.find("beam node"), std::string::npos) << what;
  }
}

// a coordinate, a distance and an angle output start at their closed-form values for the scene's
// pose, and each rate column is the time derivative of its value
TEST(SceneReader, NamedOutputsAreRecordedAfterTheStandardColumns) {
  // a bar pinned at the origin about y, turned by 0.3 rad: its tip at (cos a, 0, -sin a)
  const std::string bodies = R"([{"name": "bar", "mass": 1, "inertia": [0.01, 0.1, 0.1],
     "position": [0.477668244562803, 0, -0.14776010333067], "orientation": {"axis": [0, 1, 0], "angle": 0.3},
     "points": {"O": [-0.5, 0, 0], "tip": [0.5, 0, 0]}}])";
  const std::string joints =
      R"([{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "bar",
     "point_i": [0, 0, 0], "point_j": "O", "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}])";
  const std::string outputs = R"(, "outputs": [
     {"name": "tip_z", "type": "coordinate", "body": "bar", "point": "tip", "axis": "z"},
     {"name": "reach", "type": "distance", "body_i": "ground", "body_j": "bar", "point_i": [0, 0, 1],
      "point_j": "tip"},
     {"name": "swing", "type": "angle", "body_i": "ground", "body_j": "bar", "axis_i": [0, 1, 0],
      "reference_i": [1, 0, 0], "reference_j": [1, 0, 0]}])";
  const Model m = parseScene(test::sceneJson(bodies, joints, "[]", outputs), "t");
  // steps of 0.1 ms over 0.02 s with the default integrator (backward Euler)
  RunSettings s;
  s.integratorSettings.step = 1e-4;
  s.tEnd = 0.02;
  const Results r = Simulation(m, s).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  // the three outputs and their rates come last, after the bar's standard columns
  const int n = r.columnCount();
  EXPECT_EQ(r.channels()[n - 6].name, "tip_z");
  EXPECT_EQ(r.channels()[n - 1].name, "swing.rate");
  EXPECT_EQ(r.channels()[n - 6 - 1].name, "bar.dwz");  // after the standard columns
  const double a = 0.3;
  EXPECT_NEAR(r.at(0, r.column("tip_z")), -std::sin(a), 1e-12);
  EXPECT_NEAR(r.at(0, r.column("reach")), std::hypot(std::cos(a), 1.0 + std::sin(a)), 1e-12);
  EXPECT_NEAR(r.at(0, r.column("swing")), a, 1e-12);
  // rates: the time derivatives of the values (backward Euler: q_n - q_n-1 = h v_n)
  for (const char* c : {"tip_z", "reach", "swing"}) {
    const std::vector<double> v = r.columnValues(r.column(c));
    const double rate = (v[100] - v[99]) / 1e-4;
    EXPECT_NEAR(r.at(100, r.column(std::string(c) + ".rate")), rate, 1e-5) << c;
  }
}

// --- bad scenes ----------------------------------------------------------------------------------

// the reader collects all issues before refusing, so one edit cycle fixes them all
TEST(SceneReader, ReportsSeveralProblemsAtOnce) {
  // a negative mass and a duplicate name: both reported by one error, in the file's order
  const std::string bodies =
      R"([{"name": "a", "mass": -1, "inertia": [1, 1, 1], "position": [0, 0, 0]},
                                 {"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])";
  try {
    parseScene(test::sceneJson(bodies, "[]"), "two-problems.json");
    FAIL();
  } catch (const SceneError& e) {
    ASSERT_EQ(e.issues().size(), 2u) << e.what();
    EXPECT_EQ(e.issues()[0].path, "/bodies/0/mass");
    EXPECT_EQ(e.issues()[1].path, "/bodies/1/name");
    EXPECT_NE(
        std::string(e.what()).find("two-problems.json: /bodies/0/mass: mass must be positive"),
        std::string::npos)
        << e.what();
  }
}

// found by the fuzzer: nlohmann::json throws out_of_range, not parse_error, for such a number
TEST(SceneReader, ANumberTooLargeForADoubleIsInvalidJsonOfTheFile) {
  const std::string bodies =
      R"([{"name": "a", "mass": 1e999, "inertia": [1, 1, 1], "position": [0, 0, 0]}])";
  try {
    parseScene(test::sceneJson(bodies, "[]"), "huge.json");
    FAIL();
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("huge.json: /: invalid JSON: "), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("number overflow parsing '1e999'"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace mbw
