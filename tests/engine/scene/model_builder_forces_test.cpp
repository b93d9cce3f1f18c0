// ModelBuilder's force elements and road (model_builder_forces.cpp): each type reads its bodies,
// points and parameters (points kept from the centre of mass), tires get the scene's road, and
// each bad value is reported at its field.

#include <gtest/gtest.h>

#include "built_scene.h"
#include "test_models.h"

namespace mbw {
namespace {

using test::expectOneIssue;
using test::listed;

// two bodies; a's centre of mass 0.1 along its x from its frame origin
const char* kBodies = R"([
  {"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0], "center_of_mass": [0.1, 0, 0],
   "points": {"P": [1, 0, 0]}, "vectors": {"n": [0, 0, 3], "u": [2, 0, 0]}},
  {"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [2, 0, 0], "points": {"Q": [0, 1, 0]},
   "vectors": {"w": [0, 1, 0]}}])";

// a scene of the two bodies with the given force elements and more top-level fields
test::BuiltScene withForces(const std::string& forces, const std::string& extra = "") {
  return test::buildScene(test::sceneJson(kBodies, "[]", forces, extra));
}

// the spring-dampers' attachment points are stored from each body's centre of mass (where the
// formulations put the body's origin) and their parameters as the scene gives them
TEST(ModelBuilderForces, ASpringDamperReadsItsPointsAndParameters) {
  // a translational and a rotational spring-damper between a and b, by named points and vectors
  const test::BuiltScene b = withForces(R"([
    {"name": "s", "type": "tsda", "body_i": "a", "body_j": "b", "point_i": "P", "point_j": "Q",
     "stiffness": 100, "damping": 2, "free_length": 1.5, "actuator": "3*t"},
    {"name": "r", "type": "rsda", "body_i": "a", "body_j": "b", "axis_i": "n",
     "reference_i": "u", "reference_j": "w", "stiffness": 5, "zero_angle": 0.25}])");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  ASSERT_EQ(b.model.forces.size(), 2u);
  // the translational one: its points from each body's centre of mass, its parameters as given
  const ForceElement& s = b.model.forces[0];
  EXPECT_EQ(s.type, ForceType::TSDA);
  EXPECT_EQ(s.bodyI, 0);
  EXPECT_EQ(s.bodyJ, 1);
  EXPECT_LT((s.s_I - Vec3(0.9, 0, 0)).norm(), 1e-15);  // P from a's centre of mass
  EXPECT_EQ(s.s_J, Vec3(0, 1, 0));
  EXPECT_EQ(s.stiffness, 100.0);
  EXPECT_EQ(s.damping, 2.0);
  EXPECT_EQ(s.freeValue, 1.5);
  EXPECT_EQ(s.actuator.value(2.0), 6.0);
  EXPECT_EQ(s.jsonPath, "/forces/0");
  // always active unless a window is given
  EXPECT_TRUE(s.activeAt(-1e10));
  EXPECT_TRUE(s.activeAt(1e10));
  // the rotational one: its frame normalized, its zero angle, no damping by default
  const ForceElement& r = b.model.forces[1];
  EXPECT_EQ(r.type, ForceType::RSDA);
  EXPECT_EQ(r.axis_I, Vec3::UnitZ());
  EXPECT_EQ(r.u_I, Vec3::UnitX());
  EXPECT_EQ(r.u_J, Vec3::UnitY());
  EXPECT_EQ(r.freeValue, 0.25);
  EXPECT_EQ(r.damping, 0.0);
}

// an applied force or torque keeps its expressions of time, its frame and its active window
TEST(ModelBuilderForces, ALoadReadsItsComponentsFrameAndWindow) {
  // a point force in a's frame, active for a window, and a torque on b in the world's frame
  const test::BuiltScene b = withForces(R"j([
    {"name": "push", "type": "force", "body": "a", "point": "P", "force": [1, "2*t", 0],
     "frame": "body", "active_from": 0.5, "active_until": 1},
    {"name": "twist", "type": "torque", "body": "b", "torque": [0, 0, "sin(t)"]}])j");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  // the force's point from a's centre of mass, its components evaluated at t = 3
  const ForceElement& f = b.model.forces[0];
  EXPECT_EQ(f.type, ForceType::PointForce);
  EXPECT_TRUE(f.loadInBodyFrame);
  EXPECT_LT((f.s_I - Vec3(0.9, 0, 0)).norm(), 1e-15);
  EXPECT_EQ(f.load[0].value(3.0), 1.0);
  EXPECT_EQ(f.load[1].value(3.0), 6.0);
  EXPECT_EQ(f.load[2].value(3.0), 0.0);
  // it acts for 0.5 <= t < 1
  EXPECT_FALSE(f.activeAt(0.49));
  EXPECT_TRUE(f.activeAt(0.5));
  EXPECT_FALSE(f.activeAt(1.0));
  const ForceElement& t = b.model.forces[1];
  EXPECT_EQ(t.type, ForceType::Torque);
  EXPECT_EQ(t.bodyI, 1);
  EXPECT_FALSE(t.loadInBodyFrame);
  EXPECT_NEAR(t.load[2].value(0.5), std::sin(0.5), 1e-15);
}

// a tire acts between its body and the ground over the scene's road; without one the road is flat
TEST(ModelBuilderForces, ATireGetsTheScenesRoad) {
  // a rigid-ring tire on b over a road raised 0.1 m with one half-cylinder bump
  const test::BuiltScene b = withForces(
      R"([{"name": "tire", "type": "tire", "body": "b", "point": [0, 0, 0], "stiffness": 1e5,
           "damping": 10, "free_radius": 0.3, "contact": "rigid-ring"}])",
      R"(, "road": {"height": 0.1, "bumps": [{"shape": "half-cylinder", "center_x": 4,
                                               "radius": 0.05}]})");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  // the tire acts between its body and the ground, with the scene's road
  const ForceElement& t = b.model.forces[0];
  EXPECT_EQ(t.type, ForceType::Tire);
  EXPECT_EQ(t.bodyI, 1);
  EXPECT_EQ(t.bodyJ, kGround);
  EXPECT_EQ(t.stiffness, 1e5);
  EXPECT_EQ(t.damping, 10.0);
  EXPECT_EQ(t.freeValue, 0.3);
  EXPECT_EQ(t.contact, TireContact::RigidRing);
  EXPECT_EQ(t.road.height, 0.1);
  ASSERT_EQ(t.road.bumps.size(), 1u);
  EXPECT_EQ(t.road.bumps[0].centerX, 4.0);
  EXPECT_EQ(t.road.bumps[0].radius, 0.05);
  // without a road, a flat one at z = 0, and the point-follower contact
  const test::BuiltScene flat = withForces(
      R"([{"name": "tire", "type": "tire", "body": "b", "point": [0, 0, 0], "stiffness": 1e5,
           "free_radius": 0.3}])");
  ASSERT_TRUE(flat.issues.empty()) << listed(flat.issues);
  EXPECT_EQ(flat.model.forces[0].road.height, 0.0);
  EXPECT_TRUE(flat.model.forces[0].road.bumps.empty());
  EXPECT_EQ(flat.model.forces[0].contact, TireContact::PointFollower);
}

// each bad force parameter yields exactly one issue at its own JSON path
TEST(ModelBuilderForces, ReportsEachBadValueAtItsField) {
  // one bad value per case, each reported once at its JSON path: duplicate names, negative
  // parameters, a spring on one body or an unknown one, loads on the ground, an expression that
  // does not parse, an empty window, bad tire parameters
  const char* spring =
      R"("type": "tsda", "body_i": "a", "body_j": "b", "point_i": "P", "point_j": "Q")";
  const struct {
    std::string forces;
    const char* path;
    const char* words;
  } cases[] = {
      {std::string(R"([{"name": "s", )") + spring + R"(, "free_length": 1}, {"name": "s", )" +
           spring + R"(, "free_length": 1}])",
       "/forces/1/name", "duplicate force element name 's'"},
      {std::string(R"([{"name": "s", )") + spring + R"(, "free_length": 1, "stiffness": -1}])",
       "/forces/0/stiffness", "must not be negative"},
      {std::string(R"([{"name": "s", )") + spring + R"(, "free_length": 1, "damping": -1}])",
       "/forces/0/damping", "must not be negative"},
      {std::string(R"([{"name": "s", )") + spring + R"(, "free_length": -1}])",
       "/forces/0/free_length", "the free length must not be negative"},
      {R"([{"name": "s", "type": "tsda", "body_i": "a", "body_j": "a", "point_i": "P",
            "point_j": "P", "free_length": 1}])",
       "/forces/0/body_j", "two different bodies"},
      {R"([{"name": "s", "type": "tsda", "body_i": "a", "body_j": "c", "point_i": "P",
            "point_j": [0, 0, 0], "free_length": 1}])",
       "/forces/0/body_j", "unknown body 'c'"},
      {R"([{"name": "f", "type": "force", "body": "ground", "point": [0, 0, 0],
            "force": [0, 0, 1]}])",
       "/forces/0/body", "loads on the ground have no effect"},
      {R"([{"name": "f", "type": "torque", "body": "a", "torque": [0, "t*", 1]}])",
       "/forces/0/torque/1", ""},
      {R"([{"name": "f", "type": "torque", "body": "a", "torque": [0, 0, 1], "active_from": 1,
            "active_until": 1}])",
       "/forces/0/active_until", "active_until must be after active_from"},
      {R"([{"name": "t", "type": "tire", "body": "ground", "point": [0, 0, 0], "stiffness": 1,
            "free_radius": 0.3}])",
       "/forces/0/body", "not the ground"},
      {R"([{"name": "t", "type": "tire", "body": "a", "point": [0, 0, 0], "stiffness": 0,
            "free_radius": 0.3}])",
       "/forces/0/stiffness", "the tire stiffness must be positive"},
      {R"([{"name": "t", "type": "tire", "body": "a", "point": [0, 0, 0], "stiffness": 1,
            "free_radius": 0}])",
       "/forces/0/free_radius", "the free radius must be positive"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.forces);
    expectOneIssue(withForces(c.forces), c.path, c.words);
  }
  // a road bump of zero radius
  expectOneIssue(withForces("[]", R"(, "road": {"bumps": [{"shape": "half-cylinder",
                                   "center_x": 1, "radius": 0.1}, {"shape": "half-cylinder",
                                   "center_x": 2, "radius": 0}]})"),
                 "/road/bumps/1/radius", "the bump radius must be positive");
}

}  // namespace
}  // namespace mbw
