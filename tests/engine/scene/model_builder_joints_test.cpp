// ModelBuilder's joints (model_builder_joints.cpp): each joint type expands into its constraint
// primitives (Kissel et al. 2021 Table 1), which hold in the scene's pose when the bodies are
// placed to fit the joint; a joint's name, bodies and values are checked, each issue at its path.

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "built_scene.h"
#include "test_models.h"

namespace mbw {
namespace {

using test::expectOneIssue;
using test::listed;

// --- the primitives' equations in the built pose -------------------------------------------------

struct Pose {
  Vec3 r_W;  // the centre of mass
  Mat3 R_WB;
};

// a body's centre of mass and rotation in the scene's pose; the ground's for b < 0
Pose poseOf(const Model& m, int b) {
  if (b < 0) return {Vec3::Zero(), Mat3::Identity()};
  const Body& body = m.bodies[b];
  return {body.position_W + body.R_WB * body.com_B, body.R_WB};
}

// Phi of a primitive at t = 0 (Kissel et al. 2021 eqs 1-4 and the angle driver), from the bodies'
// initial poses: the builder's vectors and points in the bodies' internal frames
double residual(const Model& m, const Primitive& p) {
  const Pose i = poseOf(m, p.bodyI), j = poseOf(m, p.bodyJ);
  const Vec3 d = j.r_W + j.R_WB * p.s_J - i.r_W - i.R_WB * p.s_I;
  const double f = p.f.value(0.0);
  switch (p.type) {
    case PrimitiveType::DP1:
      return (i.R_WB * p.a_I).dot(j.R_WB * p.a_J) - f;
    case PrimitiveType::DP2:
      return (i.R_WB * p.a_I).dot(d) - f;
    case PrimitiveType::D:
      return d.squaredNorm() - f;
    case PrimitiveType::CD:
      return p.c_W.dot(d) - f;
    case PrimitiveType::AngleDriver: {
      const Vec3 a = j.R_WB * p.a_J;
      return std::atan2(a.dot(i.R_WB * p.b_I), a.dot(i.R_WB * p.a_I)) - f;
    }
  }
  return NAN;
}

// two bodies turned differently, meeting at the world point (1, 2, 0): a's point P, R_z(0.7)
// (cos 0.7, -sin 0.7, 0) = (1, 0, 0) from a's origin, and b's point Q, R_x(pi) (0, 0, -0.5) =
// (0, 0, 0.5) from b's; a's axis "n" and b's axis "m" both along world z
const char* kTwoBodies = R"([
  {"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 2, 0], "center_of_mass": [0.1, 0, 0],
   "orientation": {"axis": [0, 0, 1], "angle": 0.7},
   "points": {"P": [0.7648421872844885, -0.644217687237691, 0]}, "vectors": {"n": [0, 0, 1]}},
  {"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [1, 2, -0.5],
   "orientation": {"axis": [1, 0, 0], "angle": 3.141592653589793},
   "points": {"Q": [0, 0, -0.5]}, "vectors": {"m": [0, 0, -1]}}])";

// every joint type expands into the number of primitives of Kissel et al.'s table, and each
// primitive's Phi is zero when the bodies are placed to fit the joint: a consistent start
TEST(ModelBuilderJoints, EachJointHoldsInAPoseThatFitsIt) {
  // one joint of each type between P and Q with the axes along z: its equations (3 for a ball
  // joint, 5 for a revolute, 6 for a weld) all hold in the scene's pose
  const std::string axes = R"(, "axis_i": "n", "axis_j": "m")";
  const struct {
    const char* type;
    std::string fields;
    int equations;
  } cases[] = {
      {"spherical", "", 3},     {"fixed", "", 6},
      {"revolute", axes, 5},    {"universal", R"(, "axis_i": "n", "axis_j": [1, 0, 0])", 4},
      {"cylindrical", axes, 4}, {"translational", axes, 5},
      {"planar", axes, 3},      {"planar-revolute", R"(, "axis_i": "n")", 2}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.type);
    const std::string joint = std::string(R"([{"name": "j", "type": ")") + c.type +
                              R"(", "body_i": "a", "body_j": "b", "point_i": "P",
                              "point_j": "Q")" +
                              c.fields + "}]";
    const test::BuiltScene b = test::buildScene(test::sceneJson(kTwoBodies, joint));
    ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
    const Model& m = b.model;
    // the two points coincide in the scene's pose
    const Vec3 P = m.bodies[0].position_W + m.bodies[0].R_WB * m.bodies[0].points[0].second;
    const Vec3 Q = m.bodies[1].position_W + m.bodies[1].R_WB * m.bodies[1].points[0].second;
    ASSERT_LT((P - Q).norm(), 1e-12) << P.transpose() << " / " << Q.transpose();
    ASSERT_EQ(m.joints.size(), 1u);
    EXPECT_EQ(m.joints[0].primitiveCount, c.equations);
    ASSERT_EQ(m.primitiveCount(), c.equations);
    for (const Primitive& p : m.primitives) {
      EXPECT_EQ(p.bodyI, 0);
      EXPECT_EQ(p.bodyJ, 1);
      EXPECT_NEAR(residual(m, p), 0.0, 1e-12) << static_cast<int>(p.type);
    }
    // the joint's point in a's internal frame: P from a's centre of mass
    EXPECT_LT((m.joints[0].point_I - (m.bodies[0].points[0].second - Vec3(0.1, 0, 0))).norm(),
              1e-15);
  }
}

// with the axes tilted apart only the revolute's two DP1 are violated, by the sine of the tilt:
// the builder gives each equation its own geometric meaning
TEST(ModelBuilderJoints, ARevolutesAxisEquationsFailWhenTheAxesDisagree) {
  // b's axis tilted off a's: the two DP1 of the revolute (and only they) see it
  const std::string joint =
      R"([{"name": "j", "type": "revolute", "body_i": "a", "body_j": "b", "point_i": "P",
          "point_j": "Q", "axis_i": "n", "axis_j": [0, 0.1, -1]}])";
  const test::BuiltScene b = test::buildScene(test::sceneJson(kTwoBodies, joint));
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  double squares = 0.0;
  for (const Primitive& p : b.model.primitives) {
    const double r = residual(b.model, p);
    if (p.type == PrimitiveType::CD)
      EXPECT_NEAR(r, 0.0, 1e-12);
    else
      squares += r * r;
  }
  // a_i and b_i span the plane normal to a's axis: the two DP1 are the components of b's unit
  // axis in it, of length the tilt's sine 0.1 / |(0, 0.1, -1)|
  EXPECT_NEAR(std::sqrt(squares), 0.1 / std::sqrt(1.01), 1e-12);
}

// rheonomic joints: Phi = g(q) - f(t) with f the scene's expression (a distance squared for D)
TEST(ModelBuilderJoints, DriversTakeTheirValueFromTheirExpression) {
  // a driven angle of 0.7 + t, a driven distance 2 + t and a constant distance 2 to a's origin
  const std::string joints = R"([
    {"name": "turn", "type": "angle-driver", "body_i": "ground", "body_j": "a", "u_i": [1, 0, 0],
     "v_i": [0, 1, 0], "a_j": [1, 0, 0], "angle": "0.7 + t"},
    {"name": "reach", "type": "distance", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "distance": "2 + t"},
    {"name": "rod", "type": "distance", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "distance": 2}])";
  const test::BuiltScene b = test::buildScene(test::sceneJson(kTwoBodies, joints));
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  const Model& m = b.model;
  ASSERT_EQ(m.primitiveCount(), 3);
  // a turned by 0.7 about z; its frame origin (0, 2, 0) 2 m from the ground's origin
  for (const Primitive& p : m.primitives) EXPECT_NEAR(residual(m, p), 0.0, 1e-12);
  EXPECT_EQ(m.joints[0].axis_I, Vec3::UnitZ());
  // the distance's equation is in its square: (2 + t)^2
  EXPECT_NEAR(m.primitives[1].f.value(1.0), 9.0, 1e-14);
  EXPECT_EQ(m.primitives[2].f.value(1.0), 4.0);
}

// --- the table of joint builders, through the scene reader ---------------------------------------

// each joint to the ground removes its number of degrees of freedom: 3 for a ball joint, 5 for a
// revolute, ..., 2 for a planar-revolute
TEST(ModelBuilderJoints, JointsExpandIntoTheirPrimitives) {
  // a body at the origin, jointed to the ground at its point P: the equations of each joint type
  const std::string bodies =
      R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0],
                                 "points": {"P": [0, 0, 0]}, "vectors": {"axis": [0, 0, 2]}}])";
  struct Case {
    const char* type;
    const char* axes;
    int equations;
  } cases[] = {{"spherical", "", 3},
               {"revolute", R"(, "axis_i": [0, 0, 1], "axis_j": "axis")", 5},
               {"universal", R"(, "axis_i": [0, 0, 1], "axis_j": [1, 0, 0])", 4},
               {"cylindrical", R"(, "axis_i": [0, 0, 1], "axis_j": "axis")", 4},
               {"translational", R"(, "axis_i": [0, 0, 1], "axis_j": "axis")", 5},
               {"planar", R"(, "axis_i": [0, 0, 1], "axis_j": "axis")", 3},
               {"planar-revolute", R"(, "axis_i": [0, 0, 1])", 2}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.type);
    const std::string joint =
        std::string(R"([{"name": "j", "type": ")") + c.type +
        R"(", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0], "point_j": "P")" + c.axes +
        "}]";
    const test::BuiltScene b = test::buildScene(test::sceneJson(bodies, joint));
    ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
    EXPECT_EQ(b.model.primitiveCount(), c.equations);
    EXPECT_EQ(b.model.joints[0].primitiveCount, c.equations);
  }
}

// the weld, the drivers and the raw primitives each append their primitives in a fixed order,
// all tagged with their joint (reactions are summed per joint from them)
TEST(ModelBuilderJoints, EveryJointTypeOfTheSchemaHasItsBuilder) {
  // the drivers, the weld and the raw primitives, with the primitives each one appends
  const std::string bodies =
      R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [1, 0, 0],
                                 "points": {"P": [0, 0, 0]}, "vectors": {"axis": [0, 0, 2]}}])";
  // each type its primitives in order: the weld's three CD then three DP1
  struct Case {
    const char* type;
    const char* fields;
    std::vector<PrimitiveType> primitives;
  } cases[] = {
      {"fixed",
       R"("point_i": [1, 0, 0], "point_j": "P")",
       {PrimitiveType::CD, PrimitiveType::CD, PrimitiveType::CD, PrimitiveType::DP1,
        PrimitiveType::DP1, PrimitiveType::DP1}},
      {"distance", R"("point_i": [0, 0, 0], "point_j": "P", "distance": 1)", {PrimitiveType::D}},
      {"angle-driver",
       R"("u_i": [1, 0, 0], "v_i": [0, 1, 0], "a_j": [1, 0, 0], "angle": "t")",
       {PrimitiveType::AngleDriver}},
      {"dp1", R"("a_i": [0, 0, 1], "a_j": [1, 0, 0])", {PrimitiveType::DP1}},
      {"dp2", R"("a_i": [0, 0, 1], "point_i": [0, 0, 0], "point_j": "P")", {PrimitiveType::DP2}},
      {"d", R"("point_i": [0, 0, 0], "point_j": "P", "f": 1)", {PrimitiveType::D}},
      {"cd", R"("axis": "y", "point_i": [0, 0, 0], "point_j": "P")", {PrimitiveType::CD}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.type);
    const std::string joint = std::string(R"([{"name": "j", "type": ")") + c.type +
                              R"(", "body_i": "ground", "body_j": "a", )" + c.fields + "}]";
    const test::BuiltScene b = test::buildScene(test::sceneJson(bodies, joint));
    ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
    const Model& m = b.model;
    ASSERT_EQ(m.joints.size(), 1u);
    ASSERT_EQ(m.joints[0].primitiveCount, static_cast<int>(c.primitives.size()));
    for (size_t k = 0; k < c.primitives.size(); ++k) {
      EXPECT_EQ(m.primitives[k].type, c.primitives[k]) << k;
      EXPECT_EQ(m.primitives[k].joint, 0);
    }
  }
  // the raw CD's world axis
  const test::BuiltScene cd = test::buildScene(test::sceneJson(
      bodies,
      R"([{"name": "j", "type": "cd", "body_i": "ground", "body_j": "a", "axis": "y", "point_i": [0, 0, 0], "point_j": "P"}])"));
  ASSERT_TRUE(cd.issues.empty()) << listed(cd.issues);
  EXPECT_EQ(cd.model.primitives[0].c_W, Vec3::UnitY());
}

// --- bad joints ----------------------------------------------------------------------------------

// the two turned bodies with the joints given
test::BuiltScene withJoints(const std::string& joints) {
  return test::buildScene(test::sceneJson(kTwoBodies, joints));
}

// a joint must have a unique name and join two existing, different bodies
TEST(ModelBuilderJoints, ReportsAJointsBadNameOrBodies) {
  // the same name twice, an unknown body, a body jointed to itself
  const std::string pin = R"({"name": "pin", "type": "spherical", "body_i": "a", "body_j": "b",
                              "point_i": "P", "point_j": "Q"})";
  expectOneIssue(withJoints("[" + pin + ", " + pin + "]"), "/joints/1/name",
                 "duplicate joint name 'pin'");
  expectOneIssue(withJoints(R"([{"name": "j", "type": "spherical", "body_i": "a", "body_j": "c",
                                 "point_i": "P", "point_j": [0, 0, 0]}])"),
                 "/joints/0/body_j", "unknown body 'c'");
  expectOneIssue(withJoints(R"([{"name": "j", "type": "spherical", "body_i": "a", "body_j": "a",
                                 "point_i": "P", "point_j": "P"}])"),
                 "/joints/0/body_j", "two different bodies ('a' twice)");
}

// bad points, vectors, distances, driver frames and expressions: one issue each, at its field
TEST(ModelBuilderJoints, ReportsAJointsBadValuesAtTheirFields) {
  // a named point on the ground, an unknown vector, a zero distance, a driver whose u_i and v_i
  // are not perpendicular, an expression that does not parse
  expectOneIssue(withJoints(R"([{"name": "j", "type": "revolute", "body_i": "ground",
                                 "body_j": "b", "point_i": "P", "point_j": "Q",
                                 "axis_i": [0, 0, 1], "axis_j": "m"}])"),
                 "/joints/0/point_i", "the ground has no named points");
  expectOneIssue(withJoints(R"([{"name": "j", "type": "revolute", "body_i": "a", "body_j": "b",
                                 "point_i": "P", "point_j": "Q", "axis_i": "n",
                                 "axis_j": "z"}])"),
                 "/joints/0/axis_j", "body 'b' has no vector named 'z'");
  expectOneIssue(withJoints(R"([{"name": "j", "type": "distance", "body_i": "a", "body_j": "b",
                                 "point_i": "P", "point_j": "Q", "distance": 0}])"),
                 "/joints/0/distance", "the distance must be positive");
  expectOneIssue(withJoints(R"([{"name": "j", "type": "angle-driver", "body_i": "ground",
                                 "body_j": "a", "u_i": [1, 0, 0], "v_i": [1, 1, 0],
                                 "a_j": [1, 0, 0], "angle": "t"}])"),
                 "/joints/0/v_i", "u_i and v_i must be perpendicular");
  expectOneIssue(withJoints(R"([{"name": "j", "type": "dp1", "body_i": "a", "body_j": "b",
                                 "a_i": "n", "a_j": "m", "f": "cos("}])"),
                 "/joints/0/f", "");
}

}  // namespace
}  // namespace mbw
