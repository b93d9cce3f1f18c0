#pragma once
// Shared pieces of the mbw-cli commands: exit codes, loading scenes with readable errors, and the
// run-setting options every simulating command accepts.

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chart.h"
#include "math/number_text.h"
#include "model/model.h"
#include "simulation/csv_stream.h"
#include "simulation/results.h"
#include "simulation/run_settings.h"
#include "simulation/settings_check.h"
#include "simulation/simulation.h"
#include "simulation/command_option.h"

namespace mbw::cli {

// (runs stopped by a signal exit with 128 + the signal, see run_progress.h)
enum ExitCode { kSuccess = 0, kBadInput = 2, kNumericalFailure = 3, kOutputFailure = 4 };

// Thrown by commands for bad input; main prints the message and exits with kBadInput, as it does
// for the engine's errors (a scene, a settings or a file refused).
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Adds a command's options as the engine describes them (simulation/command_option.h; the
// studies' tables are studies/study_options.h), in their order, each bound to its field of the
// request the table was made for.
void addCommandOptions(CLI::App& command, const std::vector<CommandOption>& options);

// Loads a built-in scene or a scene file (the engine's SceneError carries every issue). A scene
// file is noted as an input, and its warnings (Model::warnings) go to stderr.
Model loadSceneOrThrow(const std::string& nameOrPath);

// Inputs and outputs of a command: no output may replace a file the command reads (`run mine.json
// -o mine.json` wrote its results over the scene), and no two outputs may be one file. The output
// helpers below refuse such a path (the engine's FileClaims, simulation/file_claims.h, kept for
// the whole command, throws FileClaimError).

// Options of a simulation run (run_settings.h: RunOverrides); unset values fall back to the
// scene's settings.
struct RunOptions : RunOverrides {
  void addTo(CLI::App& command);
  // the options that make sense for studies over several integrators and steps
  void addStudyOptionsTo(CLI::App& command);
  // resolveRunSettings (its errors are bad input), the times file noted as an input
  RunSettings resolve(const Model& model) const;
  // the option that gave a setting (named as in a scene's "settings": "step", "t_end"), "" when
  // it was not given
  std::string optionFor(const std::string& setting) const;
};

// A settings problem (settings_check.h) as a message naming where the setting came from: the
// option given ("--t-end: ..."), else the scene file and the JSON path of the setting it gives
// ("mine.json: /settings/t_end: ..."), else the message alone; --yes is offered for a size.
std::string settingsProblemText(const SettingsProblem& problem, const Model& model,
                                const RunOptions* options);

// The memory a command-line run keeps rows in for its summary and plot (decimated past it, see
// Results::setRowLimit: 5 400 rows of the double pendulum, 870 of the vehicle); its CSV gets every
// row, and the summary's largest values cover every row.
constexpr size_t kMemoryBudget = size_t(2) << 20;

// Opens the CSV file of a run before the run (rows are streamed to it); nullptr for an empty path.
// Throws (CsvError) when the file cannot be written.
std::unique_ptr<CsvStreamWriter> openCsvStream(const std::string& path);

// Claims path as an output and throws when a file cannot be created at it (for outputs
// written after a run, so that a bad path is known before it; a device that refuses a byte, as
// /dev/full does, is refused too). Leaves no file behind.
void checkWritable(const std::string& path, const std::string& what = "the output");
// The same for a plot, and whether this build can draw one.
void checkPlotPath(const std::string& path);

// Writes text to the file at path, or to standard output when path is empty; returns kSuccess,
// throws InputError when the file cannot be written.
int writeOutput(const std::string& text, const std::string& path);

// Writes a figure as PNG; throws InputError when this build has no plotting or the file cannot be
// written.
void saveFigure(const plot::Figure& figure, const std::string& path);
// A figure the user asked for with --plot: written as saveFigure does, then "plot  PATH" printed.
void savePlot(const plot::Figure& figure, const std::string& path);
// A figure a command draws beside its tables (sweeps, the papers' studies): written as saveFigure
// does and its path printed to out, or, in a build without plotting, a note to out instead.
void saveSideFigure(const plot::Figure& figure, const std::string& path, std::ostream& out);

}  // namespace mbw::cli
