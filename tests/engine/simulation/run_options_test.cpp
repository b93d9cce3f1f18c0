// The options of a run, described once (simulation/run_options.h): each names one setting and one
// place in the overrides, the settings a problem may name have their option, and a settings
// problem names the user's option first, then the scene's JSON path, then nothing.

#include <gtest/gtest.h>

#include <set>
#include <type_traits>
#include <variant>

#include "scene/scene_reader.h"
#include "simulation/run_options.h"
#include "test_models.h"

namespace mbw {
namespace {

// sets an option's value in the overrides (a flag to true, a value to 1)
void give(RunOverrides& overrides, const RunOption& option) {
  std::visit(
      [&](auto member) {
        using Member = std::remove_reference_t<decltype(overrides.*member)>;
        if constexpr (std::is_same_v<Member, bool>)
          overrides.*member = true;
        else if constexpr (std::is_same_v<Member, std::optional<std::string>>)
          overrides.*member = std::string("x");
        else
          overrides.*member = 1;
      },
      option.target);
}

// the option table is one to one: each option sets exactly its own setting in the overrides, so
// no option silently changes another
TEST(RunOptions, EachNamesOneSettingAndOnePlaceInTheOverrides) {
  // every option has a name, a setting and a help of its own, and is found by its setting
  std::set<std::string> names, settings;
  for (const RunOption& o : runOptions()) {
    EXPECT_TRUE(names.insert(o.name).second) << o.name;
    EXPECT_TRUE(settings.insert(o.setting).second) << o.setting;
    EXPECT_FALSE(o.help.empty()) << o.name;
    EXPECT_EQ(runOptionFor(o.setting), &o);
    // giving this option gives its setting, and no other
    RunOverrides overrides;
    EXPECT_FALSE(overrides.gives(o.setting)) << o.name;
    give(overrides, o);
    for (const RunOption& other : runOptions())
      EXPECT_EQ(overrides.gives(other.setting), &other == &o) << o.name << " " << other.name;
  }
  // lookups by setting: none for an unknown one; the keyword a scene file uses; flags and values
  EXPECT_EQ(runOptionFor("no_such_setting"), nullptr);
  EXPECT_EQ(runOptionFor("newton_tolerance")->keyword(), "newton_tol");
  EXPECT_TRUE(runOptionFor("yes")->isFlag());
  EXPECT_FALSE(runOptionFor("t_end")->isFlag());
}

// the table as command options writes into the right overrides field, and the studies get the
// options marked for them, at the end of the table
TEST(RunOptions, AsCommandOptionsEachFillsItsPlaceInTheOverrides) {
  // the whole table and the studies' part of it, as command options bound to one set of overrides
  RunOverrides overrides;
  const std::vector<CommandOption> all = runCommandOptions(overrides);
  const std::vector<CommandOption> study = runCommandOptions(overrides, true);
  ASSERT_EQ(all.size(), runOptions().size());
  // the studies' options are those marked so, after the run's own in the whole table
  size_t studies = 0;
  for (const RunOption& o : runOptions()) studies += o.study;
  ASSERT_EQ(study.size(), studies);
  ASSERT_GT(studies, 0u);
  for (size_t k = 0; k < all.size(); ++k) {
    const CommandOption& c = all[k];
    const RunOption* o = nullptr;
    for (const RunOption& r : runOptions())
      if (r.name == c.name) o = &r;
    ASSERT_NE(o, nullptr) << c.name;
    EXPECT_EQ(o->study, k >= all.size() - studies) << c.name;
    if (o->study) {
      EXPECT_EQ(study[k - (all.size() - studies)].name, c.name);
    }
    // the option's words, values and kind
    EXPECT_EQ(c.help, o->help) << c.name;
    EXPECT_EQ(c.allowed, o->allowed) << c.name;
    EXPECT_EQ(c.isFlag(), o->isFlag()) << c.name;
    EXPECT_EQ(c.kind, 0u) << c.name;
    // its field is the option's place in these overrides
    const void* field = std::visit([](auto* f) -> const void* { return f; }, c.field);
    const void* place =
        std::visit([&](auto member) -> const void* { return &(overrides.*member); }, o->target);
    EXPECT_EQ(field, place) << c.name;
  }
  // a value written through an option is the overrides'
  for (const CommandOption& c : all)
    if (c.name == "t-end") *std::get<std::optional<double>*>(c.field) = 2.5;
  EXPECT_EQ(overrides.tEnd, 2.5);
}

TEST(RunOptions, TheSettingsAProblemMayNameHaveTheirOption) {
  // every setting a settings problem may name has an option to tell the user
  for (const char* setting :
       {"formulation", "integrator", "step", "t_start", "t_end", "record_from", "every", "rho_inf",
        "alpha", "max_newton_iterations", "max_step", "min_step", "output_step"})
    EXPECT_NE(runOptionFor(setting), nullptr) << setting;
}

TEST(RunOptions, OptionsWithAVocabularyListIt) {
  // options with a fixed vocabulary list it for the command line's check and help
  EXPECT_EQ(runOptionFor("linear_solver")->allowed,
            (std::vector<std::string>{"auto", "dense", "sparse"}));
  EXPECT_EQ(runOptionFor("error_control")->allowed,
            (std::vector<std::string>{"auto", "per-unit-step", "per-step"}));
  EXPECT_TRUE(runOptionFor("step")->allowed.empty());
  // the studies offer the span and the methods' parameters, not the run's outputs
  EXPECT_TRUE(runOptionFor("t_end")->study);
  EXPECT_FALSE(runOptionFor("output_step")->study);
}

// a settings problem points at what the user can change: the option given on the command line
// first, else the scene's JSON path
TEST(RunOptions, AProblemNamesTheUsersOptionThenTheScenesSetting) {
  // a problem with the step or the span: the user's --step is named when given, the scene's
  // t_end otherwise; a confirmable problem gets the question appended
  Model model = parseScene(
      test::sceneJson(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])",
                      "[]", "[]", R"(, "settings": {"t_end": 2})"),
      "s.json");
  const SettingsProblem problem{{"step", "t_end"}, "the step exceeds the span", false};
  const auto none = [](const std::string&) { return std::string(); };
  const auto step = [](const std::string& s) { return s == "step" ? std::string("--step") : ""; };
  EXPECT_EQ(settingsProblemText(problem, model, "s.json", step, "; yes?"),
            "--step: the step exceeds the span");
  EXPECT_EQ(settingsProblemText(problem, model, "s.json", none, "; yes?"),
            "s.json: /settings/t_end: the step exceeds the span");
  const SettingsProblem size{{"every"}, "a large run", true};
  EXPECT_EQ(settingsProblemText(size, model, "s.json", none, "; yes?"), "a large run; yes?");
}

}  // namespace
}  // namespace mbw
