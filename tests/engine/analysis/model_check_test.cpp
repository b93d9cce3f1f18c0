// The model check (analysis/model_check.h): bodies, joints, coordinates, equations, redundant
// equations, drivers and degrees of freedom of the templates' scenes, and the findings it reports
// at the elements' JSON paths.

#include "analysis/model_check.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"

namespace mbw {
namespace {

// the model check of a template's scene, with the arguments given
ModelCheck checkTemplate(const std::string& name, const TemplateArguments& arguments = {}) {
  return checkModel(parseScene(generateScene(name, arguments), name));
}

TEST(ModelCheck, FourBarOfRevolutesHasOneDegreeOfFreedomAndThreeRedundantEquations) {
  const ModelCheck c = checkTemplate("four-bar");
  // 3 bodies x 6 coordinates; 4 revolutes x 5 equations, 3 repeated: rank 17, so 18 - 17 = 1 DOF
  EXPECT_EQ(c.bodies, 3);
  EXPECT_EQ(c.joints, 4);
  EXPECT_EQ(c.coordinates, 18);
  EXPECT_EQ(c.equations, 20);
  EXPECT_EQ(c.redundant, 3);
  EXPECT_EQ(c.rank, 17);
  EXPECT_EQ(c.drivers, 0);
  EXPECT_EQ(c.degreesOfFreedom, 1);
  // the redundant equations: one note, at the joint that holds them
  ASSERT_EQ(c.findings.size(), 1u);
  EXPECT_EQ(c.findings[0].kind, FindingKind::Note);
  EXPECT_EQ(c.findings[0].path.rfind("/joints/", 0), 0u);
  EXPECT_NE(c.findings[0].message.find("3 of its 5 equations repeat"), std::string::npos)
      << c.findings[0].message;
  EXPECT_EQ(modelCheckSummary(c),
            "3 bodies, 4 joints, 18 coordinates, 20 equations (3 redundant), 0 drivers: 1 DOF");
}

TEST(ModelCheck, SphericalUniversalCouplerRepeatsNothing) {
  const ModelCheck c = checkTemplate("four-bar", {{"joints", "spherical-universal"}});
  // a spherical (3) and a universal (4) close the loop: 10 + 3 + 4 = 17 equations, none repeated
  EXPECT_EQ(c.redundant, 0);
  EXPECT_EQ(c.degreesOfFreedom, 1);
  EXPECT_TRUE(c.findings.empty());
}

TEST(ModelCheck, DrivenCrankLeavesNoDegreeOfFreedom) {
  const ModelCheck c = checkTemplate("slider-crank", {{"driven", "true"}, {"crank_speed", "2"}});
  // the driver's equation takes the crank's one freedom
  EXPECT_EQ(c.drivers, 1);
  EXPECT_EQ(c.degreesOfFreedom, 0);
}

TEST(ModelCheck, ChainHasOneDegreeOfFreedomPerLink) {
  // revolute links: one freedom each
  EXPECT_EQ(checkTemplate("chain", {{"links", "5"}}).degreesOfFreedom, 5);
  EXPECT_EQ(checkTemplate("double-pendulum").degreesOfFreedom, 2);
}

TEST(ModelCheck, BodyJoinedToNothingIsAWarningAtTheBody) {
  const Model m = parseScene(R"({"format": "mbw-scene", "version": 1, "name": "loose",
    "bodies": [{"name": "arm", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [0, 0, 0]},
               {"name": "block", "mass": 2, "inertia": [0.1, 0.1, 0.1], "position": [1, 0, 0]}],
    "joints": [{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "arm",
                "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}]})",
                             "loose");
  const ModelCheck c = checkModel(m);
  // the block is free: its 6 and the arm's 1
  EXPECT_EQ(c.degreesOfFreedom, 7);
  // one warning, at the block's JSON path
  ASSERT_EQ(c.findings.size(), 1u);
  EXPECT_EQ(c.findings[0].kind, FindingKind::Warning);
  EXPECT_EQ(c.findings[0].path, "/bodies/1");
  EXPECT_EQ(c.findings[0].element, "body 'block'");
}

}  // namespace
}  // namespace mbw
