// Checks of a rigid body's mass and inertia (scene/mass_properties.h): masses that are not
// positive or leave the range of doubles (5e-324 kg, a subnormal number) refused; inertia tensors
// that are not positive definite refused; principal moments that break the triangle inequality
// accepted with a warning at their JSON path; every built-in scene's bodies pass.

#include <gtest/gtest.h>

#include "scene/builtin_scenes.h"
#include "scene/mass_properties.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

Mat3 diagonal(double a, double b, double c) { return Vec3(a, b, c).asDiagonal(); }

// a mass must be positive and within [1e-150, 1e150] kg: beyond that, products with the model's
// other quantities leave the range of doubles (5e-324 kg is subnormal, flushed to zero)
TEST(MassProperties, MassesOutsideTheRangeOfDoublesAreRefused) {
  EXPECT_EQ(massProblem(1.0), "");
  EXPECT_EQ(massProblem(1e-9), "");
  EXPECT_NE(massProblem(0.0).find("must be positive"), std::string::npos);
  EXPECT_NE(massProblem(-1.0).find("must be positive"), std::string::npos);
  EXPECT_NE(massProblem(5e-324).find("out of the range"), std::string::npos);
  EXPECT_NE(massProblem(1e200).find("out of the range"), std::string::npos);
}

// an inertia tensor with a zero or negative principal moment gives no rotational dynamics
TEST(MassProperties, InertiaMustBePositiveDefiniteAndWithinRange) {
  EXPECT_EQ(inertiaProblem(diagonal(1, 2, 2.5)), "");
  Mat3 indefinite = diagonal(1, 1, 1);
  indefinite(0, 1) = indefinite(1, 0) = 2.0;
  EXPECT_NE(inertiaProblem(indefinite).find("positive definite"), std::string::npos);
  EXPECT_NE(inertiaProblem(diagonal(1, 1, 0)).find("positive definite"), std::string::npos);
  EXPECT_NE(inertiaProblem(diagonal(5e-324, 5e-324, 5e-324)).find("out of the range"),
            std::string::npos);
}

// I1 + I2 >= I3 for the principal moments of any positive mass distribution; a flat body is the
// equality (a thin disc: 1/4, 1/4, 1/2 m r^2), rounded moments within 1e-6 pass.
TEST(MassProperties, TheTriangleInequalityIsAWarning) {
  EXPECT_EQ(inertiaWarning(diagonal(0.25, 0.25, 0.5)), "");
  EXPECT_EQ(inertiaWarning(diagonal(0.25, 0.25, 0.5000001)), "");
  EXPECT_NE(inertiaWarning(diagonal(1, 1, 3)).find("triangle inequality"), std::string::npos);
  // in any frame: the same body rotated about x by 30 degrees
  const double c = std::cos(M_PI / 6), s = std::sin(M_PI / 6);
  Mat3 R;
  R << 1, 0, 0, 0, c, -s, 0, s, c;
  EXPECT_NE(inertiaWarning(R * diagonal(1, 1, 3) * R.transpose()).find("triangle inequality"),
            std::string::npos);
}

// the reader refuses a bad mass at its JSON path and keeps a triangle-inequality warning at the
// inertia's path, the model still loaded
TEST(MassProperties, TheSceneReaderRefusesAndWarnsAtThePath) {
  const std::string tiny =
      R"([{"name": "a", "mass": 5e-324, "inertia": [1, 1, 1], "position": [0, 0, 0]}])";
  try {
    parseScene(test::sceneJson(tiny, "[]"), "tiny.json");
    FAIL() << "a mass of 5e-324 kg was accepted";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("tiny.json: /bodies/0/mass: "), std::string::npos)
        << e.what();
  }
  const std::string odd =
      R"([{"name": "a", "mass": 1, "inertia": [1, 1, 3], "position": [0, 0, 0]}])";
  const Model model = parseScene(test::sceneJson(odd, "[]"), "odd.json");
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_EQ(model.warnings[0].path, "/bodies/0/inertia");
  EXPECT_NE(model.warnings[0].message.find("1 + 1 < 3"), std::string::npos)
      << model.warnings[0].message;
}

// The built-in scenes load; the HMMWV's control arms (Project Chrono's data) are the only bodies
// that break the triangle inequality.
TEST(MassProperties, BuiltinScenesLoadAndOnlyTheHmmwvArmsWarn) {
  for (const BuiltinScene& s : builtinScenes()) {
    const Model m = loadScene(s.name);
    if (m.name == "hmmwv-bump")
      EXPECT_EQ(m.warnings.size(), 8u);
    else
      EXPECT_TRUE(m.warnings.empty()) << s.name << ": " << m.warnings.front().path;
  }
}

}  // namespace
}  // namespace mbw
