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

// crank A-B, coupler B-C, rocker D-C of a planar four-bar
const std::string kFourBarBodies = R"([
    {"name": "crank", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [0.25, 0.4, 0],
     "points": {"A": [-0.25, -0.4, 0], "B": [0.25, 0.4, 0]}},
    {"name": "coupler", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [1.35, 0.95, 0],
     "points": {"B": [-0.85, -0.15, 0], "C": [0.85, 0.15, 0]}},
    {"name": "rocker", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [2.1, 0.55, 0],
     "points": {"D": [-0.1, -0.55, 0], "C": [0.1, 0.55, 0]}}])";

// the four pins of the four-bar as joints of the given type
std::string fourBarPins(const std::string& type, const std::string& axisJ) {
  auto pin = [&](const char* name, const char* bi, const char* pi, const char* bj, const char* pj) {
    return std::string(R"({"name": ")") + name + R"(", "type": ")" + type + R"(", "body_i": ")" + bi +
           R"(", "body_j": ")" + bj + R"(", "point_i": )" + pi + R"(, "point_j": )" + pj +
           R"(, "axis_i": [0, 0, 1])" + axisJ + "}";
  };
  return pin("A", "ground", "[0, 0, 0]", "crank", "\"A\"") + "," +
         pin("B", "crank", "\"B\"", "coupler", "\"B\"") + "," +
         pin("C", "coupler", "\"C\"", "rocker", "\"C\"") + "," +
         pin("D", "ground", "[2, 0, 0]", "rocker", "\"D\"");
}

TEST(ConstraintRank, PlanarFourBarOfRevolutesHasThreeRedundantEquations) {
  // four revolutes about z: 20 equations, rank 17
  const std::string joints = "[" + fourBarPins("revolute", R"(, "axis_j": [0, 0, 1])") + "]";
  try {
    parseScene(test::sceneJson(kFourBarBodies, joints), "four-bar");
    FAIL() << "redundant constraints were accepted";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.issues().size(), 3u) << e.what();
    for (const SceneIssue& i : e.issues()) {
      EXPECT_EQ(i.path, "/joints/3");
      EXPECT_NE(i.message.find("redundant"), std::string::npos);
      EXPECT_NE(i.message.find("joint 'D'"), std::string::npos);
      EXPECT_NE(i.message.find("planar-revolute"), std::string::npos);
    }
  }
}

TEST(ConstraintRank, PlanarJointsAndInPlanePinsAreIndependent) {
  // each body kept in the plane (3 equations), then in-plane pins (2 each): 17 equations, 1 DOF
  std::string joints = "[";
  for (const char* b : {"crank", "coupler", "rocker"})
    joints += std::string(R"({"name": "plane-)") + b + R"(", "type": "planar", "body_i": "ground", "body_j": ")" +
              b + R"(", "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},)";
  joints += fourBarPins("planar-revolute", "") + "]";
  const Model m = parseScene(test::sceneJson(kFourBarBodies, joints), "four-bar");
  EXPECT_EQ(m.primitiveCount(), 17);
  const ConstraintRank rank = rankOf(m);
  EXPECT_TRUE(rank.redundant.empty());
  EXPECT_EQ(rank.degreesOfFreedom, 1);
}

}  // namespace
}  // namespace mbw
