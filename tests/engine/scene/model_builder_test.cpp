// ModelBuilder (model_builder.cpp): the bodies, their orientations, shapes and meshes, the
// references to bodies, points and vectors, time expressions, outputs and run settings, read from
// a scene that passed the schema; each bad field reported by its JSON path. The scenes are checked
// against the schema first, so every case is one the reader can meet.

#include "scene/model_builder.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "built_scene.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

using test::expectOneIssue;
using test::listed;
using Built = test::BuiltScene;

// the scene built, with the issues the builder found
Built build(const std::string& text) { return test::buildScene(text); }

// a scene of the given bodies and no joints or forces
Built buildBodies(const std::string& bodies, const std::string& extra = "") {
  return build(test::sceneJson(bodies, "[]", "[]", extra));
}

// a bar at x = 1 with a named point at its tip and a named vector up
const char* kBar = R"({"name": "bar", "mass": 2, "inertia": [1, 2, 3], "position": [1, 0, 0],
                        "points": {"tip": [0.5, 0, 0]}, "vectors": {"up": [0, 0, 2]}})";

// --- bodies --------------------------------------------------------------------------------------

// every optional field of a body reaches the model unchanged; the products of inertia fill the
// symmetric off-diagonal terms of the body-frame tensor
TEST(ModelBuilder, ReadsABodysFields) {
  // a body with its optional fields (the orientation aside): each read into the model as given
  const Built b = buildBodies(R"([{"name": "a", "mass": 2.5, "inertia": [1, 2, 3],
      "inertia_products": [0.1, 0.2, 0.3], "center_of_mass": [0.1, 0, 0], "position": [1, 2, 3],
      "velocity": [4, 5, 6], "angular_velocity": [0, 0, 7],
      "points": {"P": [1, 0, 0]}, "vectors": {"v": [0, 1, 0]}}])");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  ASSERT_EQ(b.model.bodyCount(), 1);
  const Body& a = b.model.bodies[0];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.jsonPath, "/bodies/0");
  EXPECT_EQ(a.mass, 2.5);
  // moments on the diagonal; products xy, xz, yz symmetric off it
  Mat3 expected;
  expected << 1, 0.1, 0.2, 0.1, 2, 0.3, 0.2, 0.3, 3;
  EXPECT_EQ(a.inertia_B, expected);
  EXPECT_EQ(a.com_B, Vec3(0.1, 0, 0));
  EXPECT_EQ(a.position_W, Vec3(1, 2, 3));
  EXPECT_EQ(a.velocity_W, Vec3(4, 5, 6));
  EXPECT_EQ(a.omega_W, Vec3(0, 0, 7));
  EXPECT_EQ(a.R_WB, Mat3::Identity());
  ASSERT_EQ(a.points.size(), 1u);
  EXPECT_EQ(a.points[0].first, "P");
  ASSERT_EQ(a.vectors.size(), 1u);
  EXPECT_EQ(a.vectors[0].second, Vec3(0, 1, 0));
}

// bodies are referred to by name: "ground" is reserved, names are unique, and a scene has a body
TEST(ModelBuilder, ABodyNeedsANewNameOtherThanTheGrounds) {
  // named 'ground', named twice, and no body at all
  const Built ground = buildBodies(
      R"([{"name": "ground", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])");
  expectOneIssue(ground, "/bodies/0/name", "cannot name a body");
  const Built twice = buildBodies(std::string("[") + kBar + ", " + kBar + "]");
  expectOneIssue(twice, "/bodies/1/name", "duplicate body name 'bar'");
  const Built none = buildBodies("[]");
  expectOneIssue(none, "/bodies", "at least one body or beam");
}

// each bad value is an issue at its own field; the triangle inequality only warns
TEST(ModelBuilder, ReportsAMassAndAnInertiaNoBodyHas) {
  // a zero mass and a negative moment: two issues, one at each field
  const Built b =
      buildBodies(R"([{"name": "a", "mass": 0, "inertia": [1, 1, -1], "position": [0, 0, 0]}])");
  ASSERT_EQ(b.issues.size(), 2u);
  EXPECT_EQ(b.issues[0].path, "/bodies/0/mass");
  EXPECT_EQ(b.issues[1].path, "/bodies/0/inertia");
  // moments that break the triangle inequality (1 + 1 < 3) are a warning, not an error
  const Built odd =
      buildBodies(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 3], "position": [0, 0, 0]}])");
  EXPECT_TRUE(odd.issues.empty());
  ASSERT_EQ(odd.model.warnings.size(), 1u);
  EXPECT_EQ(odd.model.warnings[0].path, "/bodies/0/inertia");
}

// a zero named vector would give joints an undefined axis: refused at its key
TEST(ModelBuilder, AZeroVectorOfABodyIsReportedByItsName) {
  // one of the two named vectors is zero
  const Built b = buildBodies(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1],
      "position": [0, 0, 0], "vectors": {"good": [1, 0, 0], "nothing": [0, 0, 0]}}])");
  expectOneIssue(b, "/bodies/0/vectors/nothing", "vector 'nothing' has zero length");
}

// --- orientations --------------------------------------------------------------------------------

// a body at the origin with the orientation given
Built withOrientation(const std::string& orientation) {
  return buildBodies(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0],
                          "orientation": )" +
                     orientation + "}]");
}

// matrix, Euler parameters, ZXZ angles and axis-angle all give the same rotation, orthonormal to
// round-off whatever digits the file carried
TEST(ModelBuilder, TheFourWaysToGiveAnOrientationAgree) {
  // a quarter turn about z: x -> y, y -> -x
  Mat3 quarter;
  quarter << 0, -1, 0, 1, 0, 0, 0, 0, 1;
  const double c = std::sqrt(0.5);
  const std::string ways[] = {
      R"({"matrix": [[0, -1, 0], [1, 0, 0], [0, 0, 1]]})",
      // e0 = cos(pi/4), e = sin(pi/4) z
      R"({"euler_parameters": [)" + std::to_string(c) + ", 0, 0, " + std::to_string(c) + "]}",
      // zxz (pi/2, 0, 0): the first turn alone
      R"({"zxz": [1.5707963267948966, 0, 0]})",
      // the axis need not be of unit length
      R"({"axis": [0, 0, 3], "angle": 1.5707963267948966})"};
  for (const std::string& w : ways) {
    SCOPED_TRACE(w);
    const Built b = withOrientation(w);
    ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
    EXPECT_LT((b.model.bodies[0].R_WB - quarter).norm(), 1e-6);
    // whatever rounding the input had, the result is a rotation to rounding
    const Mat3& R = b.model.bodies[0].R_WB;
    EXPECT_LT((R.transpose() * R - Mat3::Identity()).norm(), 1e-14);
  }
}

// an orientation must be exactly one proper rotation: reflections, scaled matrices and
// non-unit Euler parameters are refused, not silently repaired
TEST(ModelBuilder, ReportsAnOrientationThatIsNotOne) {
  // two ways at once, an angle without its axis, matrices that are no rotation, Euler parameters
  // not of unit length, an axis of zero length
  expectOneIssue(withOrientation(R"({"zxz": [0, 0, 0], "axis": [0, 0, 1], "angle": 1})"),
                 "/bodies/0/orientation", "give exactly one of");
  expectOneIssue(withOrientation(R"({"angle": 1})"), "/bodies/0/orientation",
                 "axis and angle go together");
  // a reflection has R^T R = I but det R = -1
  expectOneIssue(withOrientation(R"({"matrix": [[1, 0, 0], [0, 1, 0], [0, 0, -1]]})"),
                 "/bodies/0/orientation/matrix", "not a rotation matrix");
  expectOneIssue(withOrientation(R"({"matrix": [[2, 0, 0], [0, 1, 0], [0, 0, 1]]})"),
                 "/bodies/0/orientation/matrix", "not a rotation matrix");
  expectOneIssue(withOrientation(R"({"euler_parameters": [2, 0, 0, 0]})"),
                 "/bodies/0/orientation/euler_parameters", "unit length, got 2");
  expectOneIssue(withOrientation(R"({"axis": [0, 0, 0], "angle": 1})"),
                 "/bodies/0/orientation/axis", "zero length");
}

// --- shapes and meshes ---------------------------------------------------------------------------

// a body at the origin with the shape given
Built withShape(const std::string& shape) {
  return buildBodies(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0],
                          "shape": )" +
                     shape + "}]");
}

// each display shape keeps its dimensions, its centre and its unit axis in the body frame
TEST(ModelBuilder, ReadsEachShapesDimensions) {
  // a box: its edges and its centre in the body frame
  const Built box = withShape(R"({"type": "box", "size": [1, 2, 3], "center": [0, 0, 1]})");
  ASSERT_TRUE(box.issues.empty());
  EXPECT_EQ(box.model.bodies[0].shape, "box");
  EXPECT_EQ(box.model.bodies[0].shapeSize, Vec3(1, 2, 3));
  EXPECT_EQ(box.model.bodies[0].shapeCenter_B, Vec3(0, 0, 1));
  // a cylinder: radius, length, and its axis normalized
  const Built cylinder =
      withShape(R"({"type": "cylinder", "radius": 0.5, "length": 2, "axis": [0, 3, 0]})");
  ASSERT_TRUE(cylinder.issues.empty());
  EXPECT_EQ(cylinder.model.bodies[0].shapeSize, Vec3(0.5, 2, 0));
  EXPECT_EQ(cylinder.model.bodies[0].shapeAxis_B, Vec3::UnitY());
  const Built sphere = withShape(R"({"type": "sphere", "radius": 0.25})");
  ASSERT_TRUE(sphere.issues.empty());
  EXPECT_EQ(sphere.model.bodies[0].shapeSize, Vec3(0.25, 0, 0));
}

// each shape needs its own dimensions, positive; a density (for its mass) must be positive
TEST(ModelBuilder, ReportsAShapesMissingOrBadDimensions) {
  // each shape's missing or bad dimension, and a density that is not positive
  expectOneIssue(withShape(R"({"type": "box"})"), "/bodies/0/shape/size", "a box needs 'size'");
  expectOneIssue(withShape(R"({"type": "cylinder", "radius": 1})"), "/bodies/0/shape/length",
                 "a cylinder needs 'length'");
  expectOneIssue(withShape(R"({"type": "cylinder", "radius": 1, "length": -2})"),
                 "/bodies/0/shape/length", "length must be positive");
  expectOneIssue(withShape(R"({"type": "cylinder", "radius": 1, "length": 1, "axis": [0, 0, 0]})"),
                 "/bodies/0/shape/axis", "zero length");
  expectOneIssue(withShape(R"({"type": "sphere", "radius": 0})"), "/bodies/0/shape/radius",
                 "radius must be positive");
  expectOneIssue(withShape(R"({"type": "sphere", "radius": 1, "density": 0})"),
                 "/bodies/0/shape/density", "density must be positive");
}

// both bad mesh fields are reported together, each at its path
TEST(ModelBuilder, ReportsAMeshsBadScaleAndDensity) {
  // a mesh scaled by a negative factor and of zero density
  const Built b = buildBodies(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1],
      "position": [0, 0, 0], "mesh": {"file": "part.stl", "scale": -1, "density": 0}}])");
  ASSERT_EQ(b.issues.size(), 2u);
  EXPECT_EQ(b.issues[0].path, "/bodies/0/mesh/scale");
  EXPECT_EQ(b.issues[1].path, "/bodies/0/mesh/density");
}

// --- references, through outputs -----------------------------------------------------------------

// the bar with the outputs given
Built withOutputs(const std::string& outputs) {
  return buildBodies(std::string("[") + kBar + "]", R"(, "outputs": )" + outputs);
}

// an output's point is kept from the centre of mass (the formulations' body origin), and its
// initial world position is the scene's pose
TEST(ModelBuilder, ACoordinateOutputReadsItsPointInTheCentreOfMassFrame) {
  // the bar turned a quarter about z: its tip (0.5, 0, 0) starts at (1, 0.5, 0)
  const Built b = buildBodies(
      R"([{"name": "bar", "mass": 1, "inertia": [1, 1, 1], "position": [1, 0, 0],
           "center_of_mass": [0.25, 0, 0], "orientation": {"axis": [0, 0, 1], "angle": 1.5707963267948966},
           "points": {"tip": [0.5, 0, 0]}}])",
      R"(, "outputs": [{"name": "tip_y", "type": "displacement", "body": "bar", "point": "tip",
                        "axis": "y"}])");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  ASSERT_EQ(b.model.outputs.size(), 1u);
  const OutputChannel& c = b.model.outputs[0];
  EXPECT_EQ(c.type, OutputType::Displacement);
  EXPECT_EQ(c.bodyI, 0);
  EXPECT_EQ(c.s_I, Vec3(0.25, 0, 0));  // the tip from the centre of mass
  EXPECT_EQ(c.c_W, Vec3::UnitY());
  EXPECT_LT((c.initial_W - Vec3(1, 0.5, 0)).norm(), 1e-15);
  EXPECT_EQ(c.unit, "m");
  EXPECT_EQ(c.jsonPath, "/outputs/0");
}

// every name an output refers to must exist: a body, a point of it (the ground has none) or a
// non-zero vector
TEST(ModelBuilder, ReportsReferencesToWhatDoesNotExist) {
  // a body, a point, a point of the ground, a vector and a zero axis that an output names
  expectOneIssue(
      withOutputs(R"([{"name": "x", "type": "coordinate", "body": "nobody", "axis": "x"}])"),
      "/outputs/0/body", "unknown body 'nobody'");
  expectOneIssue(
      withOutputs(
          R"([{"name": "x", "type": "coordinate", "body": "bar", "point": "nose", "axis": "x"}])"),
      "/outputs/0/point", "body 'bar' has no point named 'nose'");
  expectOneIssue(
      withOutputs(R"([{"name": "d", "type": "distance", "body_i": "ground", "body_j": "bar",
                       "point_i": "origin", "point_j": "tip"}])"),
      "/outputs/0/point_i", "the ground has no named points");
  expectOneIssue(withOutputs(R"([{"name": "a", "type": "angle", "body_i": "ground", "body_j": "bar",
                       "axis_i": [0, 0, 1], "reference_i": [1, 0, 0], "reference_j": "side"}])"),
                 "/outputs/0/reference_j", "body 'bar' has no vector named 'side'");
  expectOneIssue(withOutputs(R"([{"name": "a", "type": "angle", "body_i": "ground", "body_j": "bar",
                       "axis_i": [0, 0, 0], "reference_i": [1, 0, 0], "reference_j": "up"}])"),
                 "/outputs/0/axis_i", "the vector has zero length");
}

// an angle is measured in a plane from unit vectors, whatever lengths the scene gave them
TEST(ModelBuilder, AnAngleFrameIsNormalized) {
  // the angle's axis and references given unnormalized
  const Built b =
      withOutputs(R"([{"name": "a", "type": "angle", "body_i": "ground", "body_j": "bar",
                       "axis_i": [0, 0, 5], "reference_i": [2, 0, 0], "reference_j": "up"}])");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  const OutputChannel& c = b.model.outputs[0];
  EXPECT_EQ(c.type, OutputType::Angle);
  EXPECT_EQ(c.axis_I, Vec3::UnitZ());
  EXPECT_EQ(c.u_I, Vec3::UnitX());
  EXPECT_EQ(c.u_J, Vec3::UnitZ());  // the bar's "up", [0, 0, 2]
  EXPECT_EQ(c.unit, "rad");
}

// the RSDA and the angle output share angleFrame(): a reference vector not perpendicular to the
// axis would give a wrong angle: refused both for the RSDA and for the angle output
TEST(ModelBuilder, AngleFramesNeedAReferencePerpendicularToTheAxis) {
  const std::string frame = R"("body_i": "ground", "body_j": "bar", "axis_i": [0, 0, 1],
     "reference_i": [1, 0, 1], "reference_j": [1, 0, 0])";
  const std::string forces =
      R"([{"name": "spring", "type": "rsda", )" + frame + R"(, "stiffness": 1}])";
  const std::string outputs = R"(, "outputs": [{"name": "turn", "type": "angle", )" + frame + "}]";
  const Built b = build(test::sceneJson(std::string("[") + kBar + "]", "[]", forces, outputs));
  ASSERT_EQ(b.issues.size(), 2u);
  EXPECT_EQ(b.issues[0].path, "/forces/0/reference_i");
  EXPECT_EQ(b.issues[1].path, "/outputs/0/reference_i");
  EXPECT_NE(b.issues[0].message.find("perpendicular to axis_i"), std::string::npos);
}

// --- outputs -------------------------------------------------------------------------------------

// an output's name becomes a results column: no duplicates, no clash with t, h or the solver's
// columns, no dots or spaces
TEST(ModelBuilder, AnOutputsNameIsUniqueAndUsableAsAColumn) {
  // a name given twice, then names that would clash with the run's own columns or cannot be one
  const std::string ok = R"({"name": "x", "type": "coordinate", "body": "bar", "axis": "x"})";
  expectOneIssue(withOutputs("[" + ok + ", " + ok + "]"), "/outputs/1/name",
                 "duplicate output name 'x'");
  for (const char* name : {"t", "h", "newton_iterations", "a.b", "a b", ""}) {
    SCOPED_TRACE(name);
    expectOneIssue(withOutputs(R"([{"name": ")" + std::string(name) +
                               R"(", "type": "coordinate", "body": "bar", "axis": "x"}])"),
                   "/outputs/0/name", "cannot name an output");
  }
}

// an output that is constant by construction is refused rather than recorded
TEST(ModelBuilder, ReportsOutputsThatCannotVary) {
  // a distance from a body to itself, and an angle of the ground
  expectOneIssue(withOutputs(R"([{"name": "d", "type": "distance", "body_i": "bar", "body_j": "bar",
                       "point_i": "tip", "point_j": [0, 0, 0]}])"),
                 "/outputs/0/body_j", "a body and itself");
  expectOneIssue(
      withOutputs(R"([{"name": "e", "type": "euler-angle", "body": "ground", "about": "z"}])"),
      "/outputs/0/body", "the ground does not turn");
}

// the angle picked by "about" is looked up within the sequence (default zxy)
TEST(ModelBuilder, AnEulerAngleOutputKeepsItsSequenceAndAngle) {
  // the sequence given, or the default, and the index of the angle within it
  const Built b = withOutputs(
      R"([{"name": "e", "type": "euler-angle", "body": "bar", "sequence": "xyz", "about": "z"},
          {"name": "f", "type": "euler-angle", "body": "bar", "about": "x"}])");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  const OutputChannel& e = b.model.outputs[0];
  EXPECT_EQ(e.sequence[0], 0);
  EXPECT_EQ(e.sequence[1], 1);
  EXPECT_EQ(e.sequence[2], 2);
  EXPECT_EQ(e.angle, 2);
  // the default sequence z, x, y: x is its second angle
  const OutputChannel& f = b.model.outputs[1];
  EXPECT_EQ(f.sequence[0], 2);
  EXPECT_EQ(f.angle, 1);
}

// --- time expressions ----------------------------------------------------------------------------

// the bar with the gravity factor given
Built withGravityFactor(const std::string& factor) {
  return buildBodies(std::string("[") + kBar + "]", R"(, "gravity_factor": )" + factor);
}

// a time expression can be a number, a formula in t, a piecewise function or the integral of a
// rate from a known value
TEST(ModelBuilder, ReadsEachFormOfATimeExpression) {
  // a number, a formula in t, a piecewise function and the integral of a rate
  const Built number = withGravityFactor("0.5");
  ASSERT_TRUE(number.issues.empty());
  EXPECT_EQ(number.model.gravityFactor.value(3.0), 0.5);
  const Built formula = withGravityFactor(R"("2*t")");
  ASSERT_TRUE(formula.issues.empty());
  EXPECT_EQ(formula.model.gravityFactor.value(3.0), 6.0);
  // piecewise: 0 until 1, then 1
  const Built pieces = withGravityFactor(R"({"piecewise": [{"until": 1, "f": 0}, {"f": "1"}]})");
  ASSERT_TRUE(pieces.issues.empty()) << listed(pieces.issues);
  EXPECT_EQ(pieces.model.gravityFactor.value(0.5), 0.0);
  EXPECT_EQ(pieces.model.gravityFactor.value(2.0), 1.0);
  // the integral of a rate 2 from t = 1, where it is 3: 3 + 2 (t - 1)
  const Built rate = withGravityFactor(R"({"rate": 2, "from": 1, "value": 3})");
  ASSERT_TRUE(rate.issues.empty()) << listed(rate.issues);
  EXPECT_NEAR(rate.model.gravityFactor.value(4.0), 9.0, 1e-14);
}

// a bad expression is reported at the deepest path that names it, once
TEST(ModelBuilder, ReportsABadTimeExpressionAtItsPath) {
  // a formula that does not parse, objects without piecewise or rate, pieces without their
  // breaks or with breaks out of order, in a rate too, a piece's formula and a rate of no kind
  expectOneIssue(withGravityFactor(R"("2*")"), "/gravity_factor", "");
  expectOneIssue(withGravityFactor(R"({"f": 1})"), "/gravity_factor",
                 "needs 'piecewise' or 'rate'");
  expectOneIssue(withGravityFactor(R"({"piecewise": []})"), "/gravity_factor/piecewise",
                 "non-empty array");
  expectOneIssue(
      withGravityFactor(R"({"piecewise": [{"until": 1, "f": 0}, {"until": 2, "f": 1}]})"),
      "/gravity_factor/piecewise/1", "the last piece has no 'until'");
  expectOneIssue(withGravityFactor(R"({"piecewise": [{"f": 0}, {"f": 1}]})"),
                 "/gravity_factor/piecewise/0", "a piece needs 'until'");
  expectOneIssue(
      withGravityFactor(R"({"piecewise": [{"until": 2, "f": 0}, {"until": 1, "f": 1}, {"f": 2}]})"),
      "/gravity_factor/piecewise/1/until", "the breaks must increase");
  // (once: TimeFunction would find them too, without the path)
  expectOneIssue(
      withGravityFactor(
          R"({"rate": {"piecewise": [{"until": 2, "f": 0}, {"until": 1, "f": 1}, {"f": 2}]}})"),
      "/gravity_factor/rate/piecewise/1/until", "the breaks must increase");
  // a formula of a piece is reported at that piece
  expectOneIssue(withGravityFactor(R"({"piecewise": [{"until": 1, "f": "sin("}, {"f": 1}]})"),
                 "/gravity_factor/piecewise/0/f", "");
  expectOneIssue(withGravityFactor(R"({"rate": [1, 2]})"), "/gravity_factor/rate",
                 "an expression or a piecewise object");
}

// expression objects drive a joint through the whole reader: the integral of a piecewise rate is
// continuous at its breaks, and a rate with no closed-form integral is refused
TEST(ModelBuilder, PiecewiseAndRateExpressionsAreReadAndCheckedInScenes) {
  // a wheel turned by an angle driver whose angle is the expression given
  const std::string body =
      R"([{"name": "wheel", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])";
  auto drive = [&](const std::string& angle) {
    return test::sceneJson(
        body,
        R"([{"name": "axle", "type": "revolute", "body_i": "ground", "body_j": "wheel", "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
                               {"name": "spin", "type": "angle-driver", "body_i": "ground", "body_j": "wheel", "u_i": [1, 0, 0], "v_i": [0, 1, 0], "a_j": [1, 0, 0], "angle": )" +
            angle + "}]");
  };
  // a rate of 2t until t = 1, then 2: the angle 1 at t = 1 and 1 + 2 x 2 = 5 at t = 3
  const Model m =
      parseScene(drive(R"({"rate": {"piecewise": [{"until": 1, "f": "2*t"}, {"f": 2}]}})"), "test");
  const TimeFunction& angle = m.primitives.back().f;
  EXPECT_NEAR(angle.value(1.0), 1.0, 1e-15);
  EXPECT_NEAR(angle.value(3.0), 5.0, 1e-14);
  // a piece without its break, a rate that cannot be integrated in closed form, an object of no
  // known kind
  EXPECT_NE(test::readerIssues(drive(R"({"piecewise": [{"f": "t"}, {"f": 2}]})"))
                .find("/joints/1/angle/piecewise/0: a piece needs 'until'"),
            std::string::npos);
  EXPECT_NE(test::readerIssues(drive(R"j({"rate": "t*sin(t)"})j"))
                .find("/joints/1/angle: cannot integrate"),
            std::string::npos)
      << test::readerIssues(drive(R"j({"rate": "t*sin(t)"})j"));
  EXPECT_NE(test::readerIssues(drive(R"({"integral": 3})"))
                .find("an expression object needs 'piecewise' or 'rate'"),
            std::string::npos);
  // a rate object without its list (found by the scene fuzzer)
  EXPECT_NE(test::readerIssues(drive(R"({"rate": {"until": 1}})"))
                .find("/joints/1/angle/rate/piecewise: must be a non-empty array"),
            std::string::npos)
      << test::readerIssues(drive(R"({"rate": {"until": 1}})"));
}

// --- run settings and version --------------------------------------------------------------------

// the bar with the run settings given
Built withSettings(const std::string& settings) {
  return buildBodies(std::string("[") + kBar + "]", R"(, "settings": )" + settings);
}

// a scene's run settings become the model's defaults, with the list of those given (the rest
// keep the engine's defaults)
TEST(ModelBuilder, ReadsTheRunSettingsAndNotesWhichWereGiven) {
  const Built b = withSettings(
      R"({"integrator": "hht", "step": 0.002, "t_end": 3, "rtol": 1e-4, "every": 5,
          "initial_state": "equilibrium", "max_initial_correction": 0.01})");
  ASSERT_TRUE(b.issues.empty()) << listed(b.issues);
  const RunDefaults& d = b.model.defaults;
  EXPECT_EQ(d.integrator, "hht");
  EXPECT_EQ(d.step, 0.002);
  EXPECT_EQ(d.tEnd, 3.0);
  EXPECT_EQ(d.every, 5);
  EXPECT_TRUE(d.startFromEquilibrium);
  EXPECT_EQ(b.model.maxInitialCorrection, 0.01);
  // atol takes rtol's value when only rtol is given
  EXPECT_EQ(d.rtol, 1e-4);
  EXPECT_EQ(d.atol, 1e-4);
  // the settings given, in the object's (sorted) key order
  EXPECT_EQ(d.given, (std::vector<std::string>{"every", "initial_state", "integrator",
                                               "max_initial_correction", "rtol", "step", "t_end"}));
  // unset ones keep their defaults
  EXPECT_EQ(d.formulation, RunDefaults().formulation);
  const Built both = withSettings(R"({"rtol": 1e-4, "atol": 1e-7})");
  EXPECT_EQ(both.model.defaults.atol, 1e-7);
}

// each bad run setting is refused at its own path with its reason
TEST(ModelBuilder, ReportsEachBadSettingByName) {
  // one bad setting per case, each reported once at its path with its reason
  const struct {
    const char* settings;
    const char* path;
    const char* words;
  } cases[] = {
      {R"({"rtol": 0})", "/settings/rtol", "rtol must be positive"},
      {R"({"rtol": 1e-3, "atol": -1})", "/settings/atol", "atol must be positive"},
      {R"({"max_step": 0})", "/settings/max_step", "must be positive"},
      {R"({"linear_solver": "fast"})", "/settings/linear_solver", "unknown linear solver 'fast'"},
      {R"({"jacobian_update": "never"})", "/settings/jacobian_update", "'never'"},
      {R"({"penalty": 0})", "/settings/penalty", "must be positive"},
      {R"({"output_step": -0.1})", "/settings/output_step", "must be positive"},
      {R"({"output_step": 0.1, "output_times": "times.csv"})", "/settings/output_times",
       "not both"},
      {R"({"formulation": "rq"})", "/settings/formulation", "unknown formulation 'rq'"},
      {R"({"step": 0})", "/settings/step", "the step must be positive"},
      {R"({"t_start": 1, "t_end": 1})", "/settings/t_end", "t_end must be after t_start (1 s)"},
      {R"({"every": 0})", "/settings/every", "at least 1"},
      {R"({"max_initial_correction": 0})", "/settings/max_initial_correction", "must be positive"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.settings);
    expectOneIssue(withSettings(c.settings), c.path, c.words);
  }
}

// a scene of a format version this reader does not know is refused, not misread
TEST(ModelBuilder, ReadsTheScenesNameAndRefusesAnotherVersion) {
  // the scene's gravity read; a format version other than 1 refused
  const Built b = buildBodies(std::string("[") + kBar + "]", R"(, "gravity": [0, -1, 0])");
  ASSERT_TRUE(b.issues.empty());
  EXPECT_EQ(b.model.name, "test");
  EXPECT_EQ(b.model.gravity_W, Vec3(0, -1, 0));
  std::string text = test::sceneJson(std::string("[") + kBar + "]", "[]");
  const std::string version = R"("version": 1)";
  text.replace(text.find(version), version.size(), R"("version": 2)");
  expectOneIssue(build(text), "/version", "version 2 is not supported");
}

}  // namespace
}  // namespace mbw
