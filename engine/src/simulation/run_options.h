#pragma once
// The options of a run, described once for every front end: what a user may give on top of a
// scene's settings (RunOverrides, run_settings.h), each with its name, the setting it gives, its
// help text and the values it allows. `mbw-cli run` adds one command-line option per entry
// ("--newton-tol"), the Python module takes one keyword per entry (the name with underscores,
// newton_tol=1e-10), and a settings problem (settings_check.h) is worded by the entry of the
// setting at fault, naming the option or keyword the user gave (settingsProblemText).
//
// The help texts speak in the command line's words ("--variable-step", "see `mbw-cli list`"), the
// reference every front end points to (docs/cli-reference.md).

#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/model.h"
#include "simulation/command_option.h"
#include "simulation/run_settings.h"
#include "simulation/settings_check.h"

namespace mbw {

// Where an option keeps its value in RunOverrides: a number, a whole number, a word or a flag.
using RunOptionTarget =
    std::variant<std::optional<double> RunOverrides::*, std::optional<int> RunOverrides::*,
                 std::optional<std::string> RunOverrides::*, bool RunOverrides::*>;

struct RunOption {
  std::string name;     // as the command line spells it without dashes: "newton-tol"
  std::string setting;  // the setting it gives, named as in a scene's "settings" and in
                        // SettingsProblem::settings: "newton_tolerance"
  std::string help;
  std::vector<std::string> allowed;  // the only values it takes, when not empty
  RunOptionTarget target;
  bool study = false;  // offered by the studies over several integrators and steps as well

  bool isFlag() const { return std::holds_alternative<bool RunOverrides::*>(target); }
  // the option's name as a keyword: newton_tol
  std::string keyword() const;
};

// Why a run in this formulation (runFormulationNames(), simulation.h) cannot start on the model,
// empty when it can: for joint, why the kinematic tree cannot hold it (naming the joint, body or
// element), else initialPoseRefusal (formulation.h). Throws std::invalid_argument for an unknown
// name.
std::string runFormulationRefusal(const std::string& name, const Model& model);

// Every option of a run, in the order of `mbw-cli run --help`: the run's own ones, then those the
// studies offer too.
const std::vector<RunOption>& runOptions();

// The run options as command options (simulation/command_option.h), each bound to its place in
// overrides and limited to its allowed values: every one in the order of `mbw-cli run --help`, or
// only those the studies offer too (studyOnly).
std::vector<CommandOption> runCommandOptions(RunOverrides& overrides, bool studyOnly = false);

// The option that gives a setting (named as in a scene's "settings"), nullptr for none.
const RunOption* runOptionFor(const std::string& setting);

// A settings problem as a message naming where the setting came from: the option or keyword the
// user gave (userName returns it for a setting the user gave, "" for one not given: "--t-end",
// "t_end"), else the scene at source and the JSON path of the setting it gives ("mine.json:
// /settings/t_end: ..."), else the message alone. confirmHint follows a size the run takes when
// confirmed ("; give --yes to run it anyway").
std::string settingsProblemText(const SettingsProblem& problem, const Model& model,
                                const std::string& source,
                                const std::function<std::string(const std::string&)>& userName,
                                const std::string& confirmHint);

}  // namespace mbw
