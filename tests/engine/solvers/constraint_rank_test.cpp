#include "solvers/constraint_rank.h"

#include <gtest/gtest.h>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

ConstraintRank rankOf(const Model& model) {
  const auto f = makeFormulation("rp", model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  return analyzeConstraintRank(*f);
}

TEST(ConstraintRank, DegreesOfFreedomOfTheSeedMechanisms) {
  EXPECT_EQ(rankOf(loadScene("single-pendulum")).degreesOfFreedom, 0);
  EXPECT_EQ(rankOf(loadScene("double-pendulum")).degreesOfFreedom, 2);
  EXPECT_EQ(rankOf(loadScene("four-link")).degreesOfFreedom, 0);
  EXPECT_EQ(rankOf(loadScene("slider-crank")).degreesOfFreedom, 0);
  EXPECT_TRUE(rankOf(loadScene("slider-crank")).redundant.empty());
}

TEST(ConstraintRank, PlanarFourBarOfRevolutesHasThreeRedundantEquations) {
  // crank A-B, coupler B-C, rocker D-C, four revolutes about z: 20 equations, rank 17
  const std::string bodies = R"([
    {"name": "crank", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [0.25, 0.4, 0],
     "points": {"A": [-0.25, -0.4, 0], "B": [0.25, 0.4, 0]}},
    {"name": "coupler", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [1.35, 0.95, 0],
     "points": {"B": [-0.85, -0.15, 0], "C": [0.85, 0.15, 0]}},
    {"name": "rocker", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [2.1, 0.55, 0],
     "points": {"D": [-0.1, -0.55, 0], "C": [0.1, 0.55, 0]}}])";
  auto pin = [](const char* name, const char* bi, const char* pi, const char* bj, const char* pj) {
    return std::string(R"({"name": ")") + name + R"(", "type": "revolute", "body_i": ")" + bi +
           R"(", "body_j": ")" + bj + R"(", "point_i": )" + pi + R"(, "point_j": )" + pj +
           R"(, "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]})";
  };
  const std::string joints = "[" + pin("A", "ground", "[0, 0, 0]", "crank", "\"A\"") + "," +
                             pin("B", "crank", "\"B\"", "coupler", "\"B\"") + "," +
                             pin("C", "coupler", "\"C\"", "rocker", "\"C\"") + "," +
                             pin("D", "ground", "[2, 0, 0]", "rocker", "\"D\"") + "]";
  try {
    parseScene(test::sceneJson(bodies, joints), "four-bar");
    FAIL() << "redundant constraints were accepted";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.issues().size(), 3u) << e.what();
    for (const SceneIssue& i : e.issues()) {
      EXPECT_EQ(i.path, "/joints/3");
      EXPECT_NE(i.message.find("redundant"), std::string::npos);
      EXPECT_NE(i.message.find("joint 'D'"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace mbw
