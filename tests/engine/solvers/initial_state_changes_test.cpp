// What assembly does to a scene's initial state, body by body (solvers/initial_state_changes.h):
// nothing for a consistent scene, the move of each body otherwise, and the degrees of freedom of
// the built-in scenes.

#include "solvers/initial_state_changes.h"

#include <gtest/gtest.h>

#include "math/rotation.h"
#include "scene/scene_reader.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

TEST(InitialStateChanges, ConsistentSceneDoesNotMove) {
  const Model model = loadScene("four-link");
  const InitialStateChanges c = computeInitialStateChanges(model, "rp");
  ASSERT_EQ(c.bodies.size(), model.bodies.size());
  // a consistent scene: no body moves beyond the solver's round-off
  for (const BodyStateChange& b : c.bodies) {
    EXPECT_LT(b.distance, 1e-9) << b.body;
    EXPECT_LT(b.angle, 1e-6) << b.body;
    EXPECT_LT(b.speedChange, 1e-6) << b.body;
  }
}

TEST(InitialStateChanges, ReportsLargeMovesBodyByBody) {
  // 5 cm off its joint: more than the scene's limit, which the loader would refuse
  Model model = loadScene("double-pendulum");
  model.bodies[1].position_W.y() += 0.05;
  const InitialStateChanges c = computeInitialStateChanges(model, "rp");
  ASSERT_EQ(c.bodies.size(), 2u);
  // the body is named, its 'before' is the scene's pose, and it moved more than 1 cm
  EXPECT_EQ(c.bodies[1].body, "body_2");
  EXPECT_NEAR((c.bodies[1].before.position_W - model.bodies[1].position_W).norm(), 0.0, 1e-12);
  EXPECT_GT(c.bodies[1].distance, 0.01);
  EXPECT_GT(c.iterations, 0);

  // the projected poses satisfy the joints: feeding them back gives a scene the loader accepts
  for (int b = 0; b < 2; ++b) {
    model.bodies[b].position_W = c.bodies[b].after.position_W;
    model.bodies[b].R_WB = rotationFromEulerParameters(c.bodies[b].after.eulerParameters);
  }
  const auto f = makeFormulation("rp", model);
  EXPECT_NO_THROW(consistentInitialState(*f, 0.0));
}

// the driven single pendulum and slider-crank have none; the double pendulum two angles
TEST(DegreesOfFreedom, BuiltinScenes) {
  EXPECT_EQ(degreesOfFreedom(loadScene("single-pendulum")), 0);  // driven
  EXPECT_EQ(degreesOfFreedom(loadScene("double-pendulum")), 2);
  EXPECT_EQ(degreesOfFreedom(loadScene("slider-crank")), 0);
}

}  // namespace
}  // namespace mbw
