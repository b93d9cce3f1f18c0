// Clean numbers after assembly (solvers/clean_numbers.h): a solved coordinate within round-off of
// what the scene typed is written as typed, so that assembling an assembled scene changes nothing
// and a real correction moves only what it must.

#include "solvers/clean_numbers.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "solvers/initial_state_changes.h"

namespace mbw {
namespace {

TEST(CleanNumbers, RoundOffBecomesZeroOrTheGivenValue) {
  // within 1e-10 of the value given (or of zero), a number is round-off: the given one is written
  EXPECT_EQ(cleanNumber(-3.1e-24, 0.2, 1e-10), 0.0);
  EXPECT_EQ(cleanNumber(1.36e-20, 0.0, 1e-10), 0.0);
  EXPECT_EQ(cleanNumber(0.30000000000000004, 0.3, 1e-10), 0.3);
  EXPECT_EQ(cleanNumber(0.29999999999, 0.3, 1e-10), 0.3);
  // a real move stays
  EXPECT_EQ(cleanNumber(0.2995, 0.3, 1e-10), 0.2995);
  EXPECT_EQ(cleanNumber(2e-10, 0.0, 1e-10), 2e-10);
  // componentwise: the sign change of the last component is a real move, kept
  EXPECT_EQ(cleanVector(Vec3(1e-17, 0.5 + 1e-16, -2.0), Vec3(0, 0.5, 1), 1e-10),
            Vec3(0, 0.5, -2.0));
}

TEST(CleanNumbers, EulerParametersOnTheGivenSide) {
  const Vec4 given(1, 0, 0, 0);
  // -p is the same rotation as p: the side the scene gave is kept
  const Vec4 p = cleanEulerParameters(Vec4(-1 + 1e-16, 1e-19, -2e-18, 0), given, 1e-10);
  EXPECT_EQ(p, given);
}

// a generated four-bar closes its loop exactly: assembling it changes no number of the scene
TEST(CleanNumbers, AssemblingAnAssembledSceneWritesItsOwnNumbers) {
  const Model m = parseScene(
      generateScene("four-bar", {{"crank_angle", "60"}, {"crank_speed", "2"}}), "four-bar");
  const InitialStateChanges c = computeInitialStateChanges(m, "rp");
  // every body's pose and velocity as the scene typed them, bit for bit
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    const BodyStateChange& s = c.bodies[b];
    EXPECT_EQ(s.after.position_W, m.bodies[b].position_W) << s.body;
    EXPECT_EQ(s.after.velocity_W, m.bodies[b].velocity_W) << s.body;
    EXPECT_EQ(s.after.omega_W, m.bodies[b].omega_W) << s.body;
    // out of the plane (y): exactly 0
    EXPECT_EQ(s.after.position_W.y(), 0.0);
    EXPECT_EQ(s.after.eulerParameters[1], 0.0);
    EXPECT_EQ(s.after.eulerParameters[3], 0.0);
  }
}

// a body placed 2 mm off: its coordinates move, those that need not move stay as typed
TEST(CleanNumbers, AssemblingMovesWhatMustMoveAndNothingElse) {
  Model m = parseScene(generateScene("four-bar"), "four-bar");
  m.bodies[1].position_W.x() += 0.002;
  const InitialStateChanges c = computeInitialStateChanges(m, "rp");
  double moved = 0.0;
  // every body stays in the plane exactly, whether it moved or not
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    const BodyStateChange& s = c.bodies[b];
    moved = std::max(moved, s.distance);
    EXPECT_EQ(s.after.position_W.y(), 0.0) << s.body;
    EXPECT_EQ(s.after.velocity_W.y(), 0.0) << s.body;
    EXPECT_EQ(s.after.eulerParameters[1], 0.0) << s.body;
    EXPECT_EQ(s.after.eulerParameters[3], 0.0) << s.body;
  }
  // and the 2 mm were taken up by some body
  EXPECT_GT(moved, 1e-4);
}

}  // namespace
}  // namespace mbw
