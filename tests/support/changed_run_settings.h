#pragma once
// Run settings with every field changed from its default, found through the settings' JSON
// (simulation/run_settings_json.h) so that a field serialized later is changed too: each value of
// the defaults' JSON replaced by another of its kind (a number scaled or moved off zero, a flag
// flipped, a string extended, an integer raised), an unset optional value or an empty list by the
// first of a few candidates that the reader accepts. Header-only: the engine's tests and the
// workbench's session test use it.

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "simulation/run_settings_json.h"

namespace mbw::test {

namespace detail {

// every value of object j (nested objects walked), changed; whole: the document j belongs to,
// for trying candidates with the reader
inline void changeEveryValue(nlohmann::ordered_json& j, nlohmann::ordered_json& whole) {
  using Json = nlohmann::ordered_json;
  for (auto& [key, value] : j.items()) {
    if (value.is_object()) {
      changeEveryValue(value, whole);
    } else if (value.is_boolean()) {
      value = !value.get<bool>();
    } else if (value.is_number_integer()) {
      value = value.get<long long>() + 3;
    } else if (value.is_number_float()) {
      const double x = value.get<double>();
      value = x == 0.0 ? 0.375 : 1.5 * x;
    } else if (value.is_string()) {
      value = value.get<std::string>() + "-changed";
    } else {
      // null or an empty list: the first candidate of its kind the reader takes
      const std::vector<Json> candidates =
          value.is_null()
              ? std::vector<Json>{0.375, 7, "changed", Json::array({"changed"})}
              : std::vector<Json>{Json::array({0.375}), Json::array({7}), Json::array({"changed"})};
      const Json before = value;
      bool taken = false;
      for (const Json& c : candidates) {
        value = c;
        try {
          runSettingsFromJson(whole.dump());
          taken = true;
          break;
        } catch (const std::exception&) {
        }
      }
      if (!taken)
        throw std::logic_error("changedRunSettings: no candidate for \"" + key + "\" (" +
                               before.dump() + ") is read back");
    }
  }
}

}  // namespace detail

// The settings' JSON with every value changed from the defaults'
inline nlohmann::ordered_json changedRunSettingsJson() {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(runSettingsToJson(RunSettings{}));
  detail::changeEveryValue(j, j);
  return j;
}

// The settings of that JSON
inline RunSettings changedRunSettings() {
  return runSettingsFromJson(changedRunSettingsJson().dump());
}

}  // namespace mbw::test
