// The one resolution of a run's settings (simulation/run_settings.h): the scene's settings are
// those a run takes, for the integrator chosen; overrides replace them one by one; tolerances ask
// for variable steps unless fixed steps are asked for; the output request is the overrides' or
// the scene's, its times file taken from the scene's folder.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "scene/scene_reader.h"
#include "simulation/run_settings.h"
#include "test_models.h"

namespace mbw {
namespace {

// a scene with these settings, as if read from the file at path
Model sceneWith(const std::string& settings, const std::string& path = "s.json") {
  Model model = parseScene(
      test::sceneJson(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])",
                      "[]", "[]", R"(, "settings": )" + settings),
      path);
  model.sourcePath = path;
  return model;
}

// the scene asks for hht with a step and for tolerances: hht steps at the fixed step; another
// integrator given instead (ida) takes the tolerances and steps variably
TEST(RunSettings, SceneSettingsAreThoseARunTakes) {
  const Model model = sceneWith(
      R"({"integrator": "hht", "t_end": 2, "step": 0.01, "rtol": 1e-5, "max_step": 0.1})");
  RunSettings s = sceneRunSettings(model);
  EXPECT_EQ(s.integrator, "hht");
  EXPECT_EQ(s.tEnd, 2.0);
  EXPECT_EQ(s.integratorSettings.step, 0.01);
  EXPECT_FALSE(s.integratorSettings.variableStep);  // hht has fixed steps only
  EXPECT_TRUE(sceneAsksVariableSteps(model.defaults));
  s = sceneRunSettings(model, "ida");
  EXPECT_TRUE(s.integratorSettings.variableStep);
  EXPECT_EQ(s.integratorSettings.rtol, 1e-5);
  EXPECT_EQ(s.integratorSettings.maxStep, 0.1);
  // the settings the scene gave, in alphabetical order
  EXPECT_EQ(model.defaults.given,
            (std::vector<std::string>{"integrator", "max_step", "rtol", "step", "t_end"}));
}

// each override replaces only its own setting; an absolute smallest step replaces the relative
// one, and fixed steps asked for win over the scene's tolerances
TEST(RunSettings, OverridesReplaceTheScenesSettingsOneByOne) {
  // no overrides: the scene's settings; then some overrides, each replacing only its own setting
  const Model model = sceneWith(R"({"integrator": "ida", "t_end": 2, "step": 0.01, "rtol": 1e-5})");
  RunOverrides o;
  RunSettings s = resolveRunSettings(model, o);
  EXPECT_EQ(s.integrator, "ida");
  EXPECT_TRUE(s.integratorSettings.variableStep);
  EXPECT_EQ(s.tEnd, 2.0);
  o.tEnd = 3.0;
  o.step = 1e-3;
  o.minStep = 1e-9;
  o.multipliers = true;
  s = resolveRunSettings(model, o);
  EXPECT_EQ(s.tEnd, 3.0);
  EXPECT_EQ(s.integratorSettings.step, 1e-3);
  EXPECT_EQ(s.integratorSettings.rtol, 1e-5);  // not overridden: the scene's
  EXPECT_EQ(s.integratorSettings.minStep, 1e-9);
  EXPECT_EQ(s.relativeMinStep, 0.0);  // an absolute smallest step replaces the relative one
  EXPECT_TRUE(s.recordMultipliers);
  EXPECT_TRUE(o.gives("t_end"));
  EXPECT_TRUE(o.gives("min_step"));
  EXPECT_FALSE(o.gives("rtol"));
  EXPECT_FALSE(o.gives("no_such_setting"));
  // fixed steps asked for win over the scene's tolerances
  o.fixedStep = true;
  EXPECT_FALSE(resolveRunSettings(model, o).integratorSettings.variableStep);
}

// giving a tolerance means error control: it switches a fixed-step scene to variable steps
TEST(RunSettings, ToleranceOverridesAskForVariableSteps) {
  // the scene gives a step only: fixed steps, until a tolerance is given
  const Model model = sceneWith(R"({"integrator": "ida", "step": 0.01})");
  RunOverrides o;
  EXPECT_FALSE(resolveRunSettings(model, o).integratorSettings.variableStep);
  o.atol = 1e-8;
  const RunSettings s = resolveRunSettings(model, o);
  EXPECT_TRUE(s.integratorSettings.variableStep);
  EXPECT_EQ(s.integratorSettings.atol, 1e-8);
}

// the output request comes from the overrides if given, else from the scene (its times file
// beside the scene file); a step and a file at once, or a missing file, are refused
TEST(RunSettings, OutputRequestIsTheOverridesOrTheScenes) {
  // a times file named by the scene, found beside the scene's file
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "mbw_run_settings_test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "times.txt") << "0.1\n0.2\n";
  const Model model =
      sceneWith(R"({"t_end": 1, "output_times": "times.txt"})", (dir / "scene.json").string());
  EXPECT_EQ(sceneOutputTimesPath(model), (dir / "times.txt").string());
  RunOverrides o;
  EXPECT_EQ(resolveRunSettings(model, o).output.times, (std::vector<double>{0.1, 0.2}));
  // an output step given replaces the scene's times; a step and a times file at once are refused,
  // as is a times file that does not exist
  o.outputStep = 0.25;
  o.recordSteps = true;
  RunSettings s = resolveRunSettings(model, o);
  EXPECT_EQ(s.output.step, 0.25);
  EXPECT_TRUE(s.output.times.empty());
  EXPECT_TRUE(s.output.recordSteps);
  o.outputTimes = (dir / "times.txt").string();
  EXPECT_THROW(resolveRunSettings(model, o), std::invalid_argument);
  o.outputStep.reset();
  o.outputTimes = (dir / "missing.txt").string();
  EXPECT_THROW(resolveRunSettings(model, o), std::runtime_error);
  std::filesystem::remove_all(dir);
}

// asking for a lambda channel turns on the multipliers' recording; reactions are recorded anyway
TEST(RunSettings, MultipliersAreRecordedWhenAChannelIsOne) {
  // a channel of the multipliers asks for them to be recorded; a reaction alone does not
  EXPECT_TRUE(isMultiplierChannel("lambda.pivot.0"));
  EXPECT_FALSE(isMultiplierChannel("body_1.lambda"));
  RunSettings s;
  recordMultipliersFor({"body_1.x", "reaction.pivot.fx"}, s);
  EXPECT_FALSE(s.recordMultipliers);
  recordMultipliersFor({"body_1.x", "lambda.pivot.0"}, s);
  EXPECT_TRUE(s.recordMultipliers);
  recordMultipliersFor({}, s);  // asked once, kept
  EXPECT_TRUE(s.recordMultipliers);
}

}  // namespace
}  // namespace mbw
