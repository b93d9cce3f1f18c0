// Rank of the constraint Jacobian (solvers/constraint_rank.h): the degrees of freedom of the
// paper's mechanisms, the equations of a closed loop that repeat the others (a planar four-bar of
// revolutes, Bricard's overconstrained loop) found and left out with a note naming the joints they
// repeat, the same choice from the dense and the sparse factorization, and independent planar
// joints left as they are.

#include "solvers/constraint_rank.h"

#include <gtest/gtest.h>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "loop_models.h"
#include "test_models.h"

namespace mbw {
namespace {

// the rank analysis at the scene's initial pose, in rp
ConstraintRank rankOf(const Model& model) {
  const auto f = makeFormulation("rp", model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  return analyzeConstraintRank(*f);
}

TEST(ConstraintRank, DegreesOfFreedomOfThePapersMechanisms) {
  // the driven mechanisms have no freedom left; the double pendulum has two
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
    return std::string(R"({"name": ")") + name + R"(", "type": ")" + type + R"(", "body_i": ")" +
           bi + R"(", "body_j": ")" + bj + R"(", "point_i": )" + pi + R"(, "point_j": )" + pj +
           R"(, "axis_i": [0, 0, 1])" + axisJ + "}";
  };
  return pin("A", "ground", "[0, 0, 0]", "crank", "\"A\"") + "," +
         pin("B", "crank", "\"B\"", "coupler", "\"B\"") + "," +
         pin("C", "coupler", "\"C\"", "rocker", "\"C\"") + "," +
         pin("D", "ground", "[2, 0, 0]", "rocker", "\"D\"");
}

TEST(ConstraintRank, PlanarFourBarOfRevolutesHasThreeRedundantEquations) {
  // four revolutes about z: 20 equations, rank 17; the last joint's out-of-plane equations repeat
  // the loop's other joints, and are left out with a note
  const std::string joints = "[" + fourBarPins("revolute", R"(, "axis_j": [0, 0, 1])") + "]";
  const Model m = parseScene(test::sceneJson(kFourBarBodies, joints), "four-bar");
  ASSERT_EQ(m.redundant.size(), 3u);
  for (const RedundantEquation& r : m.redundant) {
    EXPECT_EQ(m.joints[m.primitives[r.primitive].joint].name, "D");
    // the out-of-plane equations of D combine those of the three other joints
    std::vector<std::string> names;
    for (int j : r.repeats) names.push_back(m.joints[j].name);
    EXPECT_EQ(names, (std::vector<std::string>{"A", "B", "C"}));
  }
  // one note, at the joint's JSON path, naming the equations left out and what they repeat
  ASSERT_EQ(m.notes.size(), 1u);
  EXPECT_EQ(m.notes[0].path, "/joints/3");
  EXPECT_NE(m.notes[0].message.find("joint 'D': 3 of its 5 equations"), std::string::npos)
      << m.notes[0].message;
  EXPECT_NE(m.notes[0].message.find("repeat what joints 'A', 'B' and 'C' impose"),
            std::string::npos)
      << m.notes[0].message;
  // the formulations keep 17 independent rows: one degree of freedom, a full-rank Jacobian
  const ConstraintRank rank = rankOf(m);
  EXPECT_TRUE(rank.redundant.empty());
  EXPECT_EQ(rank.rank, 17);
  EXPECT_EQ(rank.degreesOfFreedom, 1);
}

TEST(ConstraintRank, BricardsLoopHasOneRedundantEquation) {
  // six revolutes close five rods: 30 equations for 30 coordinates, yet the loop moves (Bricard):
  // one equation of the last joint repeats the others
  const Model m = parseScene(test::bricardScene(), "bricard");
  ASSERT_EQ(m.redundant.size(), 1u);
  const RedundantEquation& r = m.redundant[0];
  EXPECT_EQ(m.joints[m.primitives[r.primitive].joint].name, "R6");
  std::vector<std::string> names;
  for (int j : r.repeats) names.push_back(m.joints[j].name);
  EXPECT_EQ(names, (std::vector<std::string>{"R1", "R2", "R3", "R4", "R5", "R6"}));
  // one note naming the joint and the count
  ASSERT_EQ(m.notes.size(), 1u);
  EXPECT_NE(m.notes[0].message.find("joint 'R6': 1 of its 5 equations"), std::string::npos)
      << m.notes[0].message;
  // and the loop keeps Bricard's one degree of freedom
  EXPECT_EQ(rankOf(m).degreesOfFreedom, 1);
}

TEST(ConstraintRank, DenseAndSparseFactorizationsFindTheSameRedundancy) {
  // a ladder of twelve planar four-bar windows of revolutes: 3 redundant equations per window
  std::string bodies = "[", joints = "[";
  const int n = 12;
  auto pin = [](const std::string& name, const std::string& bi, const std::string& pi,
                const std::string& bj, const std::string& pj) {
    return R"({"name": ")" + name + R"(", "type": "revolute", "body_i": ")" + bi +
           R"(", "body_j": ")" + bj + R"(", "point_i": )" + pi + R"(, "point_j": )" + pj +
           R"(, "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},)";
  };
  for (int i = 0; i <= n; ++i) {
    const std::string x = std::to_string(i);
    bodies += R"({"name": "crank)" + x +
              R"(", "mass": 1, "inertia": [0.1, 0.01, 0.1], "position": [)" + x + R"(, 0.5, 0]},)";
    joints += pin("pin" + x, "ground", "[" + x + ", 0, 0]", "crank" + x, "[0, -0.5, 0]");
  }
  for (int i = 0; i < n; ++i) {
    const std::string x = std::to_string(i), next = std::to_string(i + 1);
    bodies += R"({"name": "coupler)" + x +
              R"(", "mass": 1, "inertia": [0.01, 0.1, 0.1], "position": [)" + x + R"(.5, 1, 0]},)";
    joints += pin("left" + x, "crank" + x, "[0, 0.5, 0]", "coupler" + x, "[-0.5, 0, 0]");
    joints += pin("right" + x, "coupler" + x, "[0.5, 0, 0]", "crank" + next, "[0, 0.5, 0]");
  }
  bodies.back() = ']';
  joints.back() = ']';
  Model m = parseScene(test::sceneJson(bodies, joints), "ladder");
  // three per window, as the loader found them
  EXPECT_EQ(m.redundant.size(), 3u * n);
  // the loader's choice cleared, so that both methods must find the redundancy themselves
  m.redundant.clear();
  const auto f = makeFormulation("rp", m);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  // the same rank and the same rows left out by the dense and the sparse factorization
  const ConstraintRank dense = analyzeConstraintRank(*f, kRankTolerance, RankMethod::Dense);
  const ConstraintRank sparse = analyzeConstraintRank(*f, kRankTolerance, RankMethod::Sparse);
  EXPECT_EQ(dense.rank, sparse.rank);
  EXPECT_EQ(dense.redundant.size(), 3u * n);
  EXPECT_EQ(sparse.redundant, dense.redundant);
  EXPECT_EQ(sparse.degreesOfFreedom, 1);
}

TEST(ConstraintRank, PlanarJointsAndInPlanePinsAreIndependent) {
  // each body kept in the plane (3 equations), then in-plane pins (2 each): 17 equations, 1 DOF
  std::string joints = "[";
  for (const char* b : {"crank", "coupler", "rocker"})
    joints +=
        std::string(R"({"name": "plane-)") + b +
        R"(", "type": "planar", "body_i": "ground", "body_j": ")" + b +
        R"(", "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},)";
  joints += fourBarPins("planar-revolute", "") + "]";
  const Model m = parseScene(test::sceneJson(kFourBarBodies, joints), "four-bar");
  // 3 planar joints x 3 + 4 pins x 2 = 17 equations on 18 coordinates: 1 DOF, none redundant
  EXPECT_EQ(m.primitiveCount(), 17);
  const ConstraintRank rank = rankOf(m);
  EXPECT_TRUE(rank.redundant.empty());
  EXPECT_EQ(rank.degreesOfFreedom, 1);
}

}  // namespace
}  // namespace mbw
