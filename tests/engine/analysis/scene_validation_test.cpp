// The check of a scene as `mbw-cli validate` prints it (analysis/scene_validation.h): what it is
// made of, its degrees of freedom and redundant equations, every formulation's verdict on the
// initial pose, and its own settings checked as a run checks them.

#include "analysis/scene_validation.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "test_models.h"

namespace mbw {
namespace {

TEST(SceneValidation, SummaryOfAFourBarCountsItsEquationsAndFreedom) {
  const Model model = parseScene(generateScene("four-bar", {}), "four-bar");
  const std::string text = sceneValidationText(model);
  // a four-bar of revolutes: 20 equations, 3 redundant, 1 DOF; rp and rA accept its pose
  for (const char* line :
       {"  bodies             3\n", "  joints             4\n", "  constraint equations 20 (",
        "  redundant equations 3 left out (independent equations 17", "  degrees of freedom 1\n",
        "  formulation rp     ok\n", "  formulation rA     ok\n", "note: /joints/"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  // and the verdict last
  EXPECT_EQ(text.substr(text.size() - 3), "ok\n");
}

TEST(SceneValidation, AnAngleDriverIsCountedByItsName) {
  const Model model = parseScene(generateScene("four-bar", {{"driven", "true"}}), "four-bar");
  const std::string text = sceneValidationText(model);
  // the driver counted by its name, and it takes the one degree of freedom
  EXPECT_NE(text.find(", 1 angle driver"), std::string::npos) << text;
  EXPECT_NE(text.find("  degrees of freedom 0\n"), std::string::npos) << text;
}

TEST(SceneValidation, TheScenesSettingsAreCheckedAtTheirJsonPath) {
  const Model good = parseScene(generateScene("four-bar", {}), "four-bar");
  // the template's own settings pass
  EXPECT_FALSE(sceneSettingsProblem(good, "builtin:four-bar", "; yes?"));
  // 1e10 fixed steps: a size the run takes only when confirmed
  const Model large = parseScene(
      test::sceneJson(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])",
                      "[]", "[]", R"(, "settings": {"t_end": 1e7, "step": 1e-3})"),
      "s.json");
  const std::optional<std::string> problem = sceneSettingsProblem(large, "s.json", "; yes?");
  // refused at the setting's JSON path, with the caller's question appended
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->rfind("s.json: /settings/", 0), 0u) << *problem;
  EXPECT_NE(problem->find("; yes?"), std::string::npos) << *problem;
}

}  // namespace
}  // namespace mbw
