#pragma once
// The keywords of mbw.run: the options of `mbw-cli run` with underscores for dashes (t_end=3.0 is
// --t-end 3, newton_tol=1e-10 is --newton-tol 1e-10, a flag such as --fixed-step is
// fixed_step=True), one per run option of the engine (simulation/run_options.h). They give the
// engine's RunOverrides, resolved against the scene's settings by resolveRunSettings, as mbw-cli
// resolves its options.

#include <string>
#include <vector>

#include "bindings.h"
#include "model/model.h"
#include "simulation/settings_check.h"
#include "simulation/simulation.h"

namespace mbw::python {

struct ResolvedRun {
  RunSettings settings;
  std::vector<std::string> given;  // the settings the keywords gave, by their names in a scene
};

// The scene's settings with the keywords applied. An unknown keyword raises TypeError (as for any
// Python function); a value of the wrong type or a times file that cannot be read raises
// mbw.InputError naming the keyword.
ResolvedRun resolveRunKeywords(const Model& model, const py::kwargs& keywords);

// The keywords run() takes, in the order of `mbw-cli run --help`.
std::vector<std::string> runKeywordNames();

// A settings problem (settings_check.h) as mbw-cli words it, naming where the setting came from:
// the keyword given ("t_end: ..."), else the scene's JSON path ("mine.json: /settings/t_end: ..."),
// else the message alone.
std::string settingsProblemText(const SettingsProblem& problem, const Model& model,
                                const std::string& source, const std::vector<std::string>& given);

}  // namespace mbw::python
