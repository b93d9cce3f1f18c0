#include "cli_common.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <type_traits>
#include <variant>

#include "scene/scene_reader.h"
#include "simulation/run_options.h"
#include "simulation/settings_check.h"
#include "simulation/csv.h"

#ifdef MBW_HAVE_PLOT
#include "figure_export.h"
#endif

namespace mbw::cli {

namespace {

// the files this command reads (no output may replace one) and the outputs it has claimed (no
// two outputs may be one file), each with what it is
std::vector<std::pair<std::string, std::string>> readFiles, claimedOutputs;

// whether two paths name one file (the second need not exist)
bool sameFile(const std::string& a, const std::string& b) {
  std::error_code error;
  if (std::filesystem::exists(a, error) && std::filesystem::exists(b, error))
    return std::filesystem::equivalent(a, b, error);
  return std::filesystem::weakly_canonical(a, error) == std::filesystem::weakly_canonical(b, error);
}

}  // namespace

void noteInput(const std::string& path, const std::string& what) {
  std::error_code error;
  if (std::filesystem::is_regular_file(path, error)) readFiles.push_back({path, what});
}

void refuseInputs(const std::string& output) {
  for (const auto& [input, what] : readFiles)
    if (sameFile(output, input))
      throw InputError("cannot write '" + output + "': it is " + what + " this command reads");
}

Model loadSceneOrThrow(const std::string& nameOrPath) {
  try {
    Model model = loadScene(nameOrPath);
    if (!model.sourcePath.empty()) noteInput(nameOrPath, "the scene");
    // what a file gives that no real body has is run as given, with a word (built-in scenes are
    // ours)
    if (!model.sourcePath.empty())
      for (const ModelWarning& w : model.warnings)
        std::cerr << "warning: " << SceneError(model.sourcePath, {{w.path, w.message}}).what()
                  << "\n";
    return model;
  } catch (const SceneError& e) {
    throw InputError(e.what());
  }
}

namespace {

// one run option (simulation/run_options.h) as a command-line option or flag, bound to its place
// in the overrides and limited to its allowed values
void addRunOption(CLI::App& c, RunOverrides& overrides, const RunOption& o) {
  const std::string name = "--" + o.name;
  CLI::Option* option = std::visit(
      [&](auto member) -> CLI::Option* {
        if constexpr (std::is_same_v<decltype(member), bool RunOverrides::*>)
          return c.add_flag(name, overrides.*member, o.help);
        else
          return c.add_option(name, overrides.*member, o.help);
      },
      o.target);
  if (!o.allowed.empty()) option->check(CLI::IsMember(o.allowed));
}

}  // namespace

// the engine's run options in their order: the run's own, then those the studies offer too
void RunOptions::addTo(CLI::App& c) {
  for (const RunOption& o : runOptions())
    if (!o.study) addRunOption(c, *this, o);
  addStudyOptionsTo(c);
}

void RunOptions::addStudyOptionsTo(CLI::App& c) {
  for (const RunOption& o : runOptions())
    if (o.study) addRunOption(c, *this, o);
}

RunSettings RunOptions::resolve(const Model& model) const {
  if (outputStep && outputTimes)
    throw InputError("give either --output-step or --output-times, not both");
  try {
    RunSettings s = resolveRunSettings(model, *this);
    if (!s.output.timesFile.empty()) noteInput(s.output.timesFile, "the output times file");
    return s;
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
}

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

std::string sceneSource(const Model& model) {
  return model.sourcePath.empty() ? "builtin:" + model.name : model.sourcePath;
}

void saveFigure(const plot::Figure& figure, const std::string& path) {
  refuseInputs(path);
#ifdef MBW_HAVE_PLOT
  try {
    plot::writeFigure(figure, path);
  } catch (const plot::PlotError& e) {
    throw InputError(e.what());
  }
#else
  (void)figure;
  throw InputError("cannot write '" + path +
                   "': this build has no plotting (configure with MBW_BUILD_GUI=ON)");
#endif
}

int writeOutput(const std::string& text, const std::string& path) {
  if (path.empty()) {
    std::cout << text;
    return kSuccess;
  }
  refuseInputs(path);
  std::ofstream out(path);
  if (!out || !(out << text)) throw InputError("cannot write '" + path + "'");
  return kSuccess;
}

std::vector<std::string> splitList(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

std::unique_ptr<CsvStreamWriter> openCsvStream(const std::string& path) {
  if (path.empty()) return nullptr;
  claimOutput(path, "the results");
  try {
    return std::make_unique<CsvStreamWriter>(path);
  } catch (const CsvError& e) {
    throw InputError(e.what());
  }
}

void claimOutput(const std::string& path, const std::string& what) {
  refuseInputs(path);
  for (const auto& [other, otherWhat] : claimedOutputs)
    if (sameFile(path, other))
      throw InputError("cannot write " + what + " to '" + path + "': " + otherWhat + " go there");
  claimedOutputs.push_back({path, what});
}

void checkWritable(const std::string& path, const std::string& what) {
  if (path.empty()) return;
  claimOutput(path, what);
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError("cannot write '" + path + "': it is a directory");
  const bool existed = std::filesystem::exists(path, error);
  std::ofstream out(path, std::ios::app);
  if (!out) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  // a device takes a byte without harm, or refuses it (/dev/full: no space left)
  if (existed && !std::filesystem::is_regular_file(path, error) && !(out << '\n' << std::flush))
    throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  if (!existed) std::filesystem::remove(path, error);
}

void saveSideFigure(const plot::Figure& figure, const std::string& path, std::ostream& out) {
#ifdef MBW_HAVE_PLOT
  saveFigure(figure, path);
  out << "plot  " << path << "\n";
#else
  (void)figure;
  out << "plot  " << path
      << " skipped: this build has no plotting (configure with MBW_BUILD_GUI=ON)\n";
#endif
}

void checkPlotPath(const std::string& path) {
#ifndef MBW_HAVE_PLOT
  if (!path.empty())
    throw InputError("cannot write '" + path +
                     "': this build has no plotting (configure with MBW_BUILD_GUI=ON)");
#endif
  checkWritable(path, "the plot");
}

}  // namespace mbw::cli
