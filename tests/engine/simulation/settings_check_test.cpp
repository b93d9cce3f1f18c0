// Whether a run's settings mean something (simulation/settings_check.h): values that are not
// finite or out of range are refused naming the setting; a run too large to finish (1e15 steps)
// needs confirmation; the smallest step of a variable-step run follows its time scale. (That a
// Simulation refuses what the check finds: simulation_test.cpp.)

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "scene/scene_reader.h"
#include "simulation/settings_check.h"
#include "test_models.h"

namespace mbw {
namespace {

// infinite and NaN values for each setting
constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::nan("");

// the setting the first problem names ("" when there is none)
std::string named(const RunSettings& s) {
  const std::optional<SettingsProblem> p = runSettingsProblem(s);
  return p ? p->settings.front() : "";
}

// the default settings are a valid run
TEST(SettingsCheck, DefaultsPass) { EXPECT_EQ(named(RunSettings{}), ""); }

// each non-finite or out-of-range value is refused naming its setting, including a step too small
// for the doubles around t to resolve
TEST(SettingsCheck, ValuesThatMeanNothingAreRefusedNamingTheSetting) {
  // the first problem a run's settings have, with a single setting changed from the defaults
  const auto with = [](auto change) {
    RunSettings s;
    change(s);
    return named(s);
  };
  EXPECT_EQ(with([](RunSettings& s) { s.tEnd = kInf; }), "t_end");
  EXPECT_EQ(with([](RunSettings& s) { s.tStart = kNan; }), "t_start");
  EXPECT_EQ(with([](RunSettings& s) { s.tEnd = -1.0; }), "t_end");
  EXPECT_EQ(with([](RunSettings& s) { s.recordFrom = kNan; }), "record_from");
  EXPECT_EQ(with([](RunSettings& s) { s.recordFrom = 2.0; }), "record_from");
  EXPECT_EQ(with([](RunSettings& s) { s.every = 0; }), "every");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.step = kInf; }), "step");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.step = 0.0; }), "step");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.maxStep = -1.0; }), "max_step");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.rhoInf = kNan; }), "rho_inf");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.newtonTolerance = 0.0; }),
            "newton_tolerance");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.maxNewtonIterations = 0; }),
            "max_newton_iterations");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.alpha = kNan; }), "alpha");
  EXPECT_EQ(with([](RunSettings& s) { s.integratorSettings.safetyFactor = kInf; }), "safety");
  EXPECT_EQ(with([](RunSettings& s) {
              s.integratorSettings.variableStep = true;
              s.integratorSettings.rtol = -1.0;
            }),
            "rtol");
  EXPECT_EQ(with([](RunSettings& s) { s.integrator = "runge-kutta-99"; }), "integrator");
  // a step the run's times cannot resolve: 1e-9 s at t = 1e6 s
  EXPECT_EQ(with([](RunSettings& s) {
              s.tStart = 1e6;
              s.tEnd = 1e6 + 1.0;
              s.integratorSettings.step = 1e-9;
            }),
            "step");
}

// t_end = 1e8 s at h = 1e-3 s: 1e11 steps, which no machine finishes; at t_end = 1e12 s the times
// cannot even resolve the step (their spacing there is 1.2e-4 s)
TEST(SettingsCheck, ARunTooLargeToFinishNeedsConfirmation) {
  RunSettings s;
  s.tEnd = 1e8;
  std::optional<SettingsProblem> p = runSettingsProblem(s);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->confirmable);
  EXPECT_NE(p->message.find("1e+11 steps"), std::string::npos) << p->message;
  s.confirmed = true;
  EXPECT_FALSE(runSettingsProblem(s));
  s.tEnd = 1e12;
  p = runSettingsProblem(s);
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->confirmable);
  EXPECT_NE(p->message.find("cannot resolve it"), std::string::npos) << p->message;
  // variable steps cannot be counted up front; output rows can
  s = RunSettings{};
  s.output.step = 1e-9;
  p = runSettingsProblem(s);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->settings.front(), "output_step");
  EXPECT_TRUE(p->confirmable);
}

// a variable-step run's smallest step is relative to its shortest time scale (span, largest step
// or output step), so step-size collapse is detected at any scale
TEST(SettingsCheck, TheSmallestStepFollowsTheTimeScale) {
  // the smallest step is relativeMinStep times the shortest of the span, the largest step and the
  // output step: 1e-7 x 10 s, x 0.1 s, x 0.01 s
  RunSettings s;
  s.relativeMinStep = 1e-7;  // above the absolute floor at these scales
  s.tEnd = 10.0;
  EXPECT_DOUBLE_EQ(runTimeScale(s), 10.0);
  EXPECT_DOUBLE_EQ(minimumStep(s), 1e-6);
  s.integratorSettings.maxStep = 0.1;
  EXPECT_DOUBLE_EQ(minimumStep(s), 1e-8);
  s.output.step = 0.01;
  EXPECT_DOUBLE_EQ(minimumStep(s), 1e-9);
  // an absolute one given instead
  s.relativeMinStep = 0.0;
  s.integratorSettings.minStep = 1e-12;
  EXPECT_DOUBLE_EQ(minimumStep(s), 1e-12);
}

// a run names its scene by file path or as builtin:<name>
TEST(SettingsCheck, AScenesSourceIsItsFileOrItsBuiltInName) {
  // a built-in scene is named by its name, a scene file by its path
  Model model = loadScene("double-pendulum");
  EXPECT_EQ(sceneSource(model), "builtin:double-pendulum");
  model.sourcePath = "scenes/mine.json";
  EXPECT_EQ(sceneSource(model), "scenes/mine.json");
}

}  // namespace
}  // namespace mbw
