#include "cli_common.h"

#include <fstream>
#include <iostream>
#include <type_traits>
#include <variant>

#include "scene/scene_reader.h"
#include "simulation/file_claims.h"
#include "simulation/run_options.h"
#include "simulation/settings_check.h"
#include "simulation/csv.h"
#include "simulation/command_option.h"

#ifdef MBW_HAVE_PLOT
#include "figure_export.h"
#endif

namespace mbw::cli {

namespace {

// the files this command reads and writes (simulation/file_claims.h); a refused output is bad input
// (main: the engine's errors end the command with kBadInput)
FileClaims files;

}  // namespace

// a command's options (simulation/command_option.h) as command-line arguments, options and flags,
// each bound to its field of the request; the exclusions once every option is there
void addCommandOptions(CLI::App& c, const std::vector<CommandOption>& options) {
  for (const CommandOption& o : options) {
    // the name: positional, or --name with its short name and its alias
    std::string name = o.is(kOptionPositional) ? o.name : "--" + o.name;
    if (!o.shortName.empty()) name += ",-" + o.shortName;
    if (!o.alias.empty()) name += ",--" + o.alias;
    // a flag for a boolean field, an option for the others
    CLI::Option* option = std::visit(
        [&](auto* field) -> CLI::Option* {
          if constexpr (std::is_same_v<decltype(field), bool*>)
            return c.add_flag(name, *field, o.help);
          else
            return c.add_option(name, *field, o.help);
        },
        o.field);
    // required, default shown, comma list, allowed values, value shape: as the option declares
    if (o.is(kOptionRequired)) option->required();
    if (o.is(kOptionShowDefault)) option->capture_default_str();
    if (o.is(kOptionCommaList)) option->delimiter(',');
    if (!o.allowed.empty()) option->check(CLI::IsMember(o.allowed));
    if (!o.valueName.empty()) option->type_name(o.valueName);
  }
  // the exclusions, once both options exist
  for (const CommandOption& o : options)
    if (!o.excludes.empty()) c.get_option("--" + o.name)->excludes(c.get_option("--" + o.excludes));
}

// a scene read; a scene file noted as an input, and what it gives that no real body has run as
// given, with a word (built-in scenes are ours)
Model loadSceneOrThrow(const std::string& nameOrPath) {
  Model model = loadScene(nameOrPath);
  // a scene file is an input; its warnings printed with their paths
  if (!model.sourcePath.empty()) {
    files.noteInput(nameOrPath, "the scene");
    for (const ModelWarning& w : model.warnings)
      std::cerr << "warning: " << SceneError(model.sourcePath, {{w.path, w.message}}).what()
                << "\n";
  }
  return model;
}

// the engine's run options in their order (simulation/run_options.h: runCommandOptions): the
// run's own, then those the studies offer too
void RunOptions::addTo(CLI::App& c) { addCommandOptions(c, runCommandOptions(*this)); }

void RunOptions::addStudyOptionsTo(CLI::App& c) {
  addCommandOptions(c, runCommandOptions(*this, true));
}

// the engine's resolution (its errors are bad input), the times file noted as an input
RunSettings RunOptions::resolve(const Model& model) const {
  // both output-time options given: refused before the engine sees them
  if (outputStep && outputTimes)
    throw InputError("give either --output-step or --output-times, not both");
  RunSettings s = resolveRunSettings(model, *this);
  if (!s.output.timesFile.empty()) files.noteInput(s.output.timesFile, "the output times file");
  return s;
}

// the option of a setting, when this command was given it
std::string RunOptions::optionFor(const std::string& setting) const {
  const RunOption* option = runOptionFor(setting);
  return option && gives(setting) ? "--" + option->name : "";
}

// the engine's wording, with the options this command was given
std::string settingsProblemText(const SettingsProblem& p, const Model& model,
                                const RunOptions* options) {
  return mbw::settingsProblemText(
      p, model, sceneSource(model),
      [options](const std::string& setting) {
        return options ? options->optionFor(setting) : std::string();
      },
      "; give --yes to run it anyway");
}

// a figure where no input is, or refused in a build without plotting; a refusal or failure as
// InputError, which finishRunOutputs reports as an output failure after a run
void saveFigure(const plot::Figure& figure, const std::string& path) {
#ifdef MBW_HAVE_PLOT
  try {
    files.refuseInputs(path);
    plot::writeFigure(figure, path);
  } catch (const FileClaimError& e) {
    throw InputError(e.what());
  } catch (const plot::PlotError& e) {
    throw InputError(e.what());
  }
#else
  // without plotting: the path still checked, then refused
  (void)figure;
  files.refuseInputs(path);
  throw InputError("cannot write '" + path +
                   "': this build has no plotting (configure with MBW_BUILD_GUI=ON)");
#endif
}

// a figure a command was asked for, and its path
void savePlot(const plot::Figure& figure, const std::string& path) {
  saveFigure(figure, path);
  std::cout << "plot  " << path << "\n";
}

// text to standard output, or to a file that is no input
int writeOutput(const std::string& text, const std::string& path) {
  // no path: standard output
  if (path.empty()) {
    std::cout << text;
    return kSuccess;
  }
  // never over an input
  files.refuseInputs(path);
  std::ofstream out(path);
  if (!out || !(out << text)) throw InputError("cannot write '" + path + "'");
  return kSuccess;
}

// the run's CSV, claimed and opened before the run
std::unique_ptr<CsvStreamWriter> openCsvStream(const std::string& path) {
  // no path: no CSV
  if (path.empty()) return nullptr;
  files.claimOutput(path, "the results");
  return std::make_unique<CsvStreamWriter>(path);
}

// an output written after the run, claimed and tried before it
void checkWritable(const std::string& path, const std::string& what) {
  if (!path.empty()) files.checkWritable(path, what);
}

// a figure beside a table, or a note where this build cannot draw it
void saveSideFigure(const plot::Figure& figure, const std::string& path, std::ostream& out) {
#ifdef MBW_HAVE_PLOT
  saveFigure(figure, path);
  out << "plot  " << path << "\n";
#else
  // without plotting: a note instead
  (void)figure;
  out << "plot  " << path
      << " skipped: this build has no plotting (configure with MBW_BUILD_GUI=ON)\n";
#endif
}

// a plot path, known to be writable (and drawable) before the run
void checkPlotPath(const std::string& path) {
#ifndef MBW_HAVE_PLOT
  // without plotting, a plot path is refused before the run
  if (!path.empty())
    throw InputError("cannot write '" + path +
                     "': this build has no plotting (configure with MBW_BUILD_GUI=ON)");
#endif
  checkWritable(path, "the plot");
}

}  // namespace mbw::cli
