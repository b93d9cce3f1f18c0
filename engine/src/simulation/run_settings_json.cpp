#include "simulation/run_settings_json.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "scene/json_reader.h"
#include "scene/scene_error.h"

namespace mbw {
namespace {

using Json = nlohmann::ordered_json;

// --- the fields of each structure, by key
// ----------------------------------------------------------

// a member of S of one of the kinds the settings hold (the last two: the nested structures)
template <class S>
using SettingsMember =
    std::variant<double S::*, bool S::*, int S::*, size_t S::*, std::string S::*,
                 std::optional<double> S::*, std::vector<double> S::*, std::vector<int> S::*,
                 std::optional<std::vector<std::string>> S::*, IntegratorSettings S::*,
                 OutputRequest S::*>;

template <class S>
struct SettingsField {
  const char* key;
  SettingsMember<S> member;
};

// each structure's fields in the order it declares them: one table for the writer and the reader
template <class S>
const std::vector<SettingsField<S>>& fieldsOf();

template <>
const std::vector<SettingsField<IntegratorSettings>>& fieldsOf<IntegratorSettings>() {
  using I = IntegratorSettings;
  static const std::vector<SettingsField<I>> fields = {
      {"step", &I::step},
      {"variable_step", &I::variableStep},
      {"rtol", &I::rtol},
      {"atol", &I::atol},
      {"min_step", &I::minStep},
      {"max_step", &I::maxStep},
      {"rho_inf", &I::rhoInf},
      {"alpha", &I::alpha},
      {"newton_tolerance", &I::newtonTolerance},
      {"newton_tolerance_rule", &I::newtonToleranceRule},
      {"max_newton_iterations", &I::maxNewtonIterations},
      {"safety_factor", &I::safetyFactor},
      {"min_step_factor", &I::minStepFactor},
      {"max_step_factor", &I::maxStepFactor},
      {"error_span", &I::errorSpan},
      {"constraint_tolerance", &I::constraintTolerance},
      {"repartition_growth", &I::repartitionGrowth},
      {"jacobian", &I::jacobian},
      {"joint_coordinates", &I::jointCoordinates},
      {"error_control", &I::errorControl},
      {"linear_solver", &I::linearSolver},
      {"jacobian_update", &I::jacobianUpdate},
      {"index3_form", &I::index3Form},
      {"penalty", &I::penalty},
  };
  return fields;
}

template <>
const std::vector<SettingsField<OutputRequest>>& fieldsOf<OutputRequest>() {
  using O = OutputRequest;
  static const std::vector<SettingsField<O>> fields = {
      {"step", &O::step},
      {"times", &O::times},
      {"record_steps", &O::recordSteps},
      {"times_file", &O::timesFile},
      {"times_lines", &O::timesLines},
  };
  return fields;
}

template <>
const std::vector<SettingsField<RunSettings>>& fieldsOf<RunSettings>() {
  using R = RunSettings;
  static const std::vector<SettingsField<R>> fields = {
      {"formulation", &R::formulation},
      {"integrator", &R::integrator},
      {"integrator_settings", &R::integratorSettings},
      {"t_start", &R::tStart},
      {"t_end", &R::tEnd},
      {"record_from", &R::recordFrom},
      {"start_from_equilibrium", &R::startFromEquilibrium},
      {"every", &R::every},
      {"record_bodies", &R::recordBodies},
      {"record_multipliers", &R::recordMultipliers},
      {"output", &R::output},
      {"record_reactions", &R::recordReactions},
      {"memory_budget", &R::memoryBudget},
      {"relative_min_step", &R::relativeMinStep},
      {"confirmed", &R::confirmed},
  };
  return fields;
}

// --- writing -------------------------------------------------------------------------------------

// a double as a JSON number (nlohmann writes the shortest digits that read back to it), a value
// JSON has no number for as a string
Json toJson(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}
Json toJson(bool x) { return x; }
Json toJson(int x) { return x; }
Json toJson(size_t x) { return x; }
Json toJson(const std::string& x) { return x; }

template <class T>
Json toJson(const std::vector<T>& xs) {
  Json list = Json::array();
  for (const T& x : xs) list.push_back(toJson(x));
  return list;
}

template <class T>
Json toJson(const std::optional<T>& x) {
  return x ? toJson(*x) : Json(nullptr);
}

// a structure as an object of its fields
template <class S>
Json objectToJson(const S& s);
Json toJson(const IntegratorSettings& s) { return objectToJson(s); }
Json toJson(const OutputRequest& s) { return objectToJson(s); }

template <class S>
Json objectToJson(const S& s) {
  Json object = Json::object();
  for (const SettingsField<S>& f : fieldsOf<S>())
    std::visit([&](auto member) { object[f.key] = toJson(s.*member); }, f.member);
  return object;
}

// --- reading -------------------------------------------------------------------------------------

// what a field of type T takes, for messages
template <class T>
std::string kindName() {
  if constexpr (std::is_same_v<T, double>)
    return "a number (or \"inf\", \"-inf\", \"nan\")";
  else if constexpr (std::is_same_v<T, bool>)
    return "true or false";
  else if constexpr (std::is_same_v<T, int>)
    return "an integer";
  else if constexpr (std::is_same_v<T, size_t>)
    return "a non-negative integer";
  else if constexpr (std::is_same_v<T, std::string>)
    return "a string";
  else if constexpr (std::is_same_v<T, std::optional<typename T::value_type>>)
    return "null or " + kindName<typename T::value_type>();
  else
    return "a list, each " + kindName<typename T::value_type>();
}

// each value read into x when it is of x's kind; false (x untouched) when it is not
bool readValue(const Json& j, double& x) {
  if (j.is_number()) {
    x = j.get<double>();
    return true;
  }
  // the values JSON has no number for, as written
  const std::string s = j.is_string() ? j.get<std::string>() : "";
  if (s == "nan") x = std::numeric_limits<double>::quiet_NaN();
  if (s == "inf" || s == "-inf")
    x = s == "inf" ? std::numeric_limits<double>::infinity()
                   : -std::numeric_limits<double>::infinity();
  return s == "nan" || s == "inf" || s == "-inf";
}

bool readValue(const Json& j, bool& x) {
  if (!j.is_boolean()) return false;
  x = j.get<bool>();
  return true;
}

// an integer within int's range
bool readValue(const Json& j, int& x) {
  if (!j.is_number_integer()) return false;
  if (j.is_number_unsigned() ? j.get<unsigned long long>() > INT_MAX : j.get<long long>() < INT_MIN)
    return false;
  x = j.get<int>();
  return true;
}

// non-negative integers parse as unsigned
bool readValue(const Json& j, size_t& x) {
  if (!j.is_number_unsigned()) return false;
  x = j.get<size_t>();
  return true;
}

bool readValue(const Json& j, std::string& x) {
  if (!j.is_string()) return false;
  x = j.get<std::string>();
  return true;
}

// a list, whole or not at all
template <class T>
bool readValue(const Json& j, std::vector<T>& xs) {
  if (!j.is_array()) return false;
  std::vector<T> values(j.size());
  for (size_t k = 0; k < j.size(); ++k)
    if (!readValue(j[k], values[k])) return false;
  xs = std::move(values);
  return true;
}

// null leaves the value unset
template <class T>
bool readValue(const Json& j, std::optional<T>& x) {
  if (j.is_null()) {
    x.reset();
    return true;
  }
  T value{};
  if (!readValue(j, value)) return false;
  x = std::move(value);
  return true;
}

// an object's keys read into s's fields, each problem an issue at its path (a key left out keeps
// the field as it is)
template <class S>
void readObject(const Json& j, S& s, const std::string& path, std::vector<SceneIssue>& issues) {
  if (!j.is_object()) {
    issues.push_back({path, "expected an object"});
    return;
  }
  const std::vector<SettingsField<S>>& fields = fieldsOf<S>();
  for (const auto& item : j.items()) {
    // named, not bound: C++17 lambdas cannot capture structured bindings (clang refuses them)
    const std::string& key = item.key();
    const Json& value = item.value();
    // the key's JSON pointer ('~' and '/' escaped)
    std::string at = path + "/";
    for (char c : key) at += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    // the field of the key, if there is one
    const auto f = std::find_if(fields.begin(), fields.end(),
                                [&](const SettingsField<S>& field) { return key == field.key; });
    if (f == fields.end()) {
      issues.push_back({at, "no such setting"});
      continue;
    }
    // a nested structure read key by key, any other field whole
    std::visit(
        [&](auto member) {
          using T = std::decay_t<decltype(s.*member)>;
          if constexpr (std::is_same_v<T, IntegratorSettings> || std::is_same_v<T, OutputRequest>)
            readObject(value, s.*member, at, issues);
          else if (!readValue(value, s.*member))
            issues.push_back({at, "expected " + kindName<T>()});
        },
        f->member);
  }
}

}  // namespace

std::string runSettingsToJson(const RunSettings& settings, int indent) {
  return objectToJson(settings).dump(indent);
}

RunSettings runSettingsFromJson(const std::string& text, const std::string& source) {
  // the text parsed (not JSON: a SceneError naming the line), then read field by field
  const Json j = parseJsonText<Json>(text, source);
  RunSettings settings;
  std::vector<SceneIssue> issues;
  readObject(j, settings, "", issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  return settings;
}

}  // namespace mbw
