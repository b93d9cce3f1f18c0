// The settings of a run as JSON and back (simulation/run_settings_json.h): every field of
// RunSettings, IntegratorSettings and OutputRequest written (as many keys as the structures have
// fields, so that a field added without a key fails here) and read back exactly when changed from
// its default; unset optional values, infinities and NaN kept; keys left out keep the defaults;
// bad text refused with the JSON path of each problem.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "changed_run_settings.h"
#include "scene/scene_error.h"
#include "simulation/run_settings_json.h"

namespace mbw {

// --- the number of fields of an aggregate --------------------------------------------------------

// converts to any field's type (declared only: used in unevaluated operands; outside the anonymous
// namespace, where clang would warn of an internal function never defined)
struct AnyFieldValue {
  template <class T>
  operator T() const;
};

namespace {

using Json = nlohmann::ordered_json;

// whether T{{v}, {v}, ...} with one braced value per index compiles (fewer values than fields are
// the point: no warning for the fields left out)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
template <class T, size_t... I>
constexpr auto takesBracedValues(std::index_sequence<I...>, int)
    -> decltype(T{{(static_cast<void>(I), AnyFieldValue{})}...}, true) {
  return true;
}
template <class T, size_t... I>
constexpr bool takesBracedValues(std::index_sequence<I...>, long) {
  return false;
}
#pragma GCC diagnostic pop

// the fields of aggregate T: the most braced values its initialization takes
template <class T, size_t N = 0>
constexpr size_t aggregateFieldCount() {
  if constexpr (takesBracedValues<T>(std::make_index_sequence<N + 1>(), 0))
    return aggregateFieldCount<T, N + 1>();
  else
    return N;
}

// every leaf of `changed` differs from the same leaf of `defaults`, the keys being the same
void expectEveryValueDiffers(const Json& changed, const Json& defaults, const std::string& path) {
  ASSERT_EQ(changed.size(), defaults.size()) << path;
  for (const auto& [key, value] : defaults.items()) {
    ASSERT_TRUE(changed.contains(key)) << path << "/" << key;
    if (value.is_object())
      expectEveryValueDiffers(changed.at(key), value, path + "/" + key);
    else
      EXPECT_NE(changed.at(key), value) << path << "/" << key << " is left at its default";
  }
}

// the issues of the refusal of text, as paths
std::vector<std::string> refusedPaths(const std::string& text) {
  try {
    runSettingsFromJson(text, "run.json");
  } catch (const SceneError& e) {
    EXPECT_EQ(e.source(), "run.json");
    std::vector<std::string> paths;
    for (const SceneIssue& i : e.issues()) paths.push_back(i.path);
    return paths;
  }
  ADD_FAILURE() << "accepted: " << text;
  return {};
}

// A key per field: a field added to one of the structures without a key in the writer's table
// makes these counts differ
TEST(RunSettingsJson, EveryFieldHasAKey) {
  const Json j = Json::parse(runSettingsToJson(RunSettings{}));
  EXPECT_EQ(j.size(), aggregateFieldCount<RunSettings>()) << j.dump(2);
  EXPECT_EQ(j.at("integrator_settings").size(), aggregateFieldCount<IntegratorSettings>());
  EXPECT_EQ(j.at("output").size(), aggregateFieldCount<OutputRequest>());
}

// Every value changed from its default reads back to the same JSON; a few fields checked by hand,
// one of each kind, so that the reader is seen to set the fields themselves
TEST(RunSettingsJson, EveryFieldChangedReadsBackExactly) {
  const Json defaults = Json::parse(runSettingsToJson(RunSettings{}));
  const Json changed = test::changedRunSettingsJson();
  expectEveryValueDiffers(changed, defaults, "");
  const RunSettings s = runSettingsFromJson(changed.dump());
  EXPECT_EQ(Json::parse(runSettingsToJson(s)), changed);
  // one field of each kind, as the changes made them
  const RunSettings d;
  EXPECT_EQ(s.tStart, 0.375);
  EXPECT_EQ(s.recordFrom, 1.5 * d.recordFrom);
  EXPECT_EQ(s.every, d.every + 3);
  EXPECT_EQ(s.memoryBudget, d.memoryBudget + 3);
  EXPECT_TRUE(s.startFromEquilibrium);
  EXPECT_EQ(s.recordBodies.value_or(std::vector<std::string>{}),
            std::vector<std::string>{"changed"});
  EXPECT_EQ(s.output.times, std::vector<double>{0.375});
  EXPECT_EQ(s.output.timesLines, std::vector<int>{7});
  EXPECT_EQ(s.integratorSettings.alpha.value_or(0.0), 0.375);
  EXPECT_EQ(s.integratorSettings.newtonTolerance, 1.5 * d.integratorSettings.newtonTolerance);
  EXPECT_EQ(s.integratorSettings.index3Form, d.integratorSettings.index3Form + "-changed");
  EXPECT_EQ(s.integratorSettings.jointCoordinates, !d.integratorSettings.jointCoordinates);
}

// An unset alpha stays unset, a given one is kept; values JSON has no number for are kept; the
// defaults read back as they are (record_from's -1e300 included)
TEST(RunSettingsJson, OptionalAndNonFiniteValuesAreKept) {
  RunSettings s;
  EXPECT_EQ(Json::parse(runSettingsToJson(s))["integrator_settings"]["alpha"], nullptr);
  EXPECT_EQ(runSettingsToJson(runSettingsFromJson(runSettingsToJson(s))), runSettingsToJson(s));
  EXPECT_FALSE(runSettingsFromJson(runSettingsToJson(s)).integratorSettings.alpha);
  EXPECT_EQ(runSettingsFromJson(runSettingsToJson(s)).recordFrom, -1e300);
  s.integratorSettings.alpha = -0.3;
  s.recordBodies = std::vector<std::string>{};  // none named: set, and not the same as unset
  s.tEnd = std::numeric_limits<double>::infinity();
  s.recordFrom = -std::numeric_limits<double>::infinity();
  s.integratorSettings.rhoInf = std::numeric_limits<double>::quiet_NaN();
  const RunSettings back = runSettingsFromJson(runSettingsToJson(s, 2));
  EXPECT_EQ(back.integratorSettings.alpha.value_or(0.0), -0.3);
  ASSERT_TRUE(back.recordBodies.has_value());
  EXPECT_TRUE(back.recordBodies->empty());
  EXPECT_EQ(back.tEnd, std::numeric_limits<double>::infinity());
  EXPECT_EQ(back.recordFrom, -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(back.integratorSettings.rhoInf));
}

// Text written before a field existed: the keys left out keep their defaults
TEST(RunSettingsJson, KeysLeftOutKeepTheirDefaults) {
  const RunSettings s =
      runSettingsFromJson(R"({"integrator": "hht", "integrator_settings": {"step": 0.01}})");
  RunSettings expected;
  expected.integrator = "hht";
  expected.integratorSettings.step = 0.01;
  EXPECT_EQ(runSettingsToJson(s), runSettingsToJson(expected));
}

// Every problem named by its path, several at once; text that is not JSON, or not an object, named
// with the source
TEST(RunSettingsJson, ProblemsAreNamedWithTheirPaths) {
  EXPECT_EQ(refusedPaths(R"({"t_end": "1", "integrator_settings": {"stepp": 1,
      "max_newton_iterations": 2.5}, "memory_budget": -1, "record_bodies": [1], "a/b": 0,
      "output": []})"),
            (std::vector<std::string>{"/t_end", "/integrator_settings/stepp",
                                      "/integrator_settings/max_newton_iterations",
                                      "/memory_budget", "/record_bodies", "/a~1b", "/output"}));
  EXPECT_EQ(refusedPaths(R"({"every": 4294967296, "integrator_settings": {"alpha": "-0.1"}})"),
            (std::vector<std::string>{"/every", "/integrator_settings/alpha"}));
  EXPECT_EQ(refusedPaths("[]"), std::vector<std::string>{""});
  try {
    runSettingsFromJson("{\"t_end\": ", "run.json");
    ADD_FAILURE() << "text cut short accepted";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("run.json", 0), 0u) << e.what();
  }
  // the message says what a field takes
  try {
    runSettingsFromJson(R"({"every": 1.5})", "run.json");
    ADD_FAILURE() << "a fractional every accepted";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("/every: expected an integer"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace mbw
