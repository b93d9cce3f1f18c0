#pragma once
// The settings of a run (RunSettings, its IntegratorSettings and OutputRequest) as JSON text and
// back, every field, exactly: what a front end keeps of a run to run it again or compare it later
// (the workbench's sessions). The keys are the fields' names in snake case, as a scene's
// "settings" spells those it shares ("t_end", "rho_inf"); the integrator's settings and the output
// request are objects of their own:
//
//   {"formulation": "rp", "integrator": "hht", ..., "integrator_settings": {"step": 0.001, ...},
//    ..., "output": {"step": 0.01, "times": [], ...}, ...}
//
// Numbers are written to the digits that read back to the same double (an infinity or a NaN as
// the string "inf", "-inf" or "nan"), an optional value left unset as null.

#include <string>

#include "simulation/simulation.h"

namespace mbw {

// Every field of the settings, in the order the structures declare them; indent as
// nlohmann::json::dump's (-1: one line).
std::string runSettingsToJson(const RunSettings& settings, int indent = -1);

// The settings written by runSettingsToJson; a key left out keeps the field's default (so that
// text written before a field existed still reads). Throws SceneError naming source and the JSON
// path of every problem: text that is not JSON, a key no field has, a value of the wrong kind
// (an integer where one is expected, null only for an optional value).
RunSettings runSettingsFromJson(const std::string& text,
                                const std::string& source = "run settings");

}  // namespace mbw
