// The model's own queries (model/model.h): bodies by name and index (the ground included, unknown
// names -2), the primitives kept as constraint rows once the redundant equations are left out, and
// the one-line summary of the redundant equations, by joint, the first four named and the others
// counted.

#include "model/model.h"
#include "model/primitive_name.h"

#include <gtest/gtest.h>

namespace mbw {
namespace {

// joints of `sizes[j]` equations each, named J0, J1, ...
Model withJoints(const std::vector<int>& sizes) {
  Model m;
  for (size_t j = 0; j < sizes.size(); ++j) {
    Joint joint;
    joint.name = "J" + std::to_string(j);
    joint.firstPrimitive = m.primitiveCount();
    joint.primitiveCount = sizes[j];
    for (int k = 0; k < sizes[j]; ++k) {
      Primitive p;
      p.joint = int(j);
      m.primitives.push_back(p);
    }
    m.joints.push_back(joint);
  }
  return m;
}

TEST(Model, BodiesByNameAndIndex) {
  Model m;
  m.bodies.resize(2);
  m.bodies[0].name = "crank";
  m.bodies[1].name = "rod";
  // the ground answers by its own index, an unknown name by -2
  EXPECT_EQ(m.bodyIndex("rod"), 1);
  EXPECT_EQ(m.bodyIndex("ground"), kGround);
  EXPECT_EQ(m.bodyIndex("slider"), -2);
  EXPECT_EQ(m.bodyName(0), "crank");
  EXPECT_EQ(m.bodyName(kGround), "ground");
  // an index past the bodies throws
  EXPECT_THROW(m.bodyName(2), std::out_of_range);
}

TEST(Model, KeptPrimitivesLeaveTheRedundantOnesOut) {
  Model m = withJoints({5, 5, 1});
  // joints of 5, 5 and 1 equations: 11 rows, none redundant
  EXPECT_EQ(m.keptPrimitives().size(), 11u);
  EXPECT_EQ(m.redundancySummary(), "");
  // rows 0, 6, 7 and 10 redundant: the other seven kept, and counted per joint
  m.redundant = {{0, {}}, {6, {0}}, {7, {0}}, {10, {1}}};
  EXPECT_EQ(m.keptPrimitives(), (std::vector<int>{1, 2, 3, 4, 5, 8, 9}));
  EXPECT_EQ(m.redundancySummary(),
            "4 left out: joint 'J0' (1 of 5), joint 'J1' (2 of 5), joint "
            "'J2' (1 of 1)");
}

TEST(Model, TheSummaryNamesFourJointsAndCountsTheRest) {
  // seven joints with one redundant equation each: four named, three counted
  Model m = withJoints(std::vector<int>(7, 5));
  for (int j = 0; j < 7; ++j) m.redundant.push_back({5 * j + 4, {}});
  EXPECT_EQ(m.redundancySummary(),
            "7 left out: joint 'J0' (1 of 5), joint 'J1' (1 of 5), joint 'J2' (1 of 5), joint "
            "'J3' (1 of 5) and 3 more joints");
  // five: one more joint, singular
  m.redundant.resize(5);
  EXPECT_NE(m.redundancySummary().find(" and 1 more joint"), std::string::npos)
      << m.redundancySummary();
  EXPECT_EQ(m.redundancySummary().find("more joints"), std::string::npos);
}

TEST(Model, PrimitivesAreNamedAsThePapersNameThem) {
  EXPECT_EQ(primitiveName(PrimitiveType::DP1), "DP1");
  EXPECT_EQ(primitiveName(PrimitiveType::DP2), "DP2");
  EXPECT_EQ(primitiveName(PrimitiveType::D), "D");
  EXPECT_EQ(primitiveName(PrimitiveType::CD), "CD");
  EXPECT_EQ(primitiveName(PrimitiveType::AngleDriver), "angle driver");
}

}  // namespace
}  // namespace mbw
