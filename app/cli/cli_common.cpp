#include "cli_common.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "scene/scene_reader.h"
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

void RunOptions::addTo(CLI::App& c) {
  c.add_option("--integrator", integrator, "integrator name, see `mbw-cli list`");
  c.add_option("--step", step, "time step, s (first step when variable)");
  c.add_option("--every", every, "record every N-th step (first and last always)");
  c.add_flag("--variable-step", variableStep, "choose steps from the error estimate");
  c.add_flag("--fixed-step", fixedStep,
             "keep the step fixed even where the scene gives tolerances");
  c.add_option("--rtol", rtol, "relative tolerance of variable steps (implies --variable-step)");
  c.add_option("--atol", atol, "absolute tolerance of variable steps (implies --variable-step)");
  c.add_flag("--multipliers", multipliers,
             "add the Lagrange multipliers to the results (lambda.*)");
  c.add_option("--max-step", maxStep, "largest step of variable-step methods, s");
  c.add_option(
       "--error-control", errorControl,
       "what the tolerances bound: per-unit-step (the local errors of the whole run summed: the "
       "global error about the tolerance), per-step (each step's local error: the native control "
       "of SUNDIALS and of "
       "Sandu et al. 2001) or auto (the integrator's default, see `mbw-cli list`)")
      ->check(CLI::IsMember({"auto", "per-unit-step", "per-step"}));
  c.add_option(
      "--min-step", minStep,
      "smallest step of variable-step methods, s, below which the run fails (default: 1e-12 of the "
      "output step, else of --max-step, else of the run's span)");
  c.add_option("--safety", safety,
               "step-size control: safety factor fac of Sandu et al. 2001 eq 16 (default 0.9)");
  c.add_option("--fac-min", facMin,
               "step-size control: smallest ratio of new to old step (default 0.2)");
  c.add_option("--fac-max", facMax,
               "step-size control: largest ratio of new to old step (default 6)");
  c.add_option(
      "--constraint-tol", constraintTolerance,
      "state-space integrators: |Phi|_inf of the recovered dependent coordinates (default 1e-10)");
  c.add_option(
      "--repartition-growth", repartitionGrowth,
      "state-space integrators: cond(Phi_u) growth that triggers a new partition (default 1.25)");
  c.add_option("--jacobian", jacobian,
               "exact, or fd (forward differences) where the integrator offers it");
  c.add_option(
      "--output-step", outputStep,
      "record at t0 + k DT (s) instead of at the steps: states from the integrator's continuous "
      "extension, put back onto the constraints (default: the scene's output_step)");
  c.add_option("--output-times", outputTimes,
               "record at the times listed in FILE (one per line or separated by blanks or commas, "
               "# comments)");
  c.add_flag("--yes", confirmed,
             "run even when the run is large: more than 1e9 fixed steps, or more than 1e8 rows at "
             "output times");
  c.add_flag(
      "--record-steps", recordSteps,
      "with --output-step or --output-times: record the steps as well (column on_grid: 1 at the "
      "requested times, 0 at the steps)");
  addStudyOptionsTo(c);
}

void RunOptions::addStudyOptionsTo(CLI::App& c) {
  c.add_option("--formulation", formulation, "rA, rp or rE (default: the scene's setting)");
  c.add_option("--t-start", tStart, "start time, s (default: the scene's; negative for a run-in)");
  c.add_option("--t-end", tEnd, "end time, s");
  c.add_option("--record-from", recordFrom,
               "record rows from this time on, s (default: the scene's, else all)");
  c.add_flag(
      "--from-equilibrium", fromEquilibrium,
      "start from the static equilibrium at the start time (positions; see `mbw-cli static`)");
  c.add_option("--rho-inf", rhoInf, "spectral radius at infinity, for methods that have one");
  c.add_option("--alpha", alpha, "HHT alpha in [-1/3, 0]");
  c.add_option(
      "--newton-tol", newtonTolerance,
      "Newton tolerance on positions (Theta h^2 of Kissel, Taves and Negrut, default 1e-11) at "
      "fixed steps of 1e-3 s and "
      "above; index-3 integrators tighten it below (see --newton-tol-rule) and with variable steps "
      "(a tenth of the step's share of --atol)");
  c.add_option("--newton-tol-rule", newtonToleranceRule,
               "index-3 integrators at fixed steps: step (default: the tolerance falls as (h / "
               "1e-3 s)^4 below "
               "1e-3 s, so that the step, not Newton, sets the accuracy of long runs) or fixed "
               "(--newton-tol at "
               "every step, as Kissel, Taves and Negrut ran it)")
      ->check(CLI::IsMember({"step", "fixed"}));
  c.add_option("--max-newton", maxNewtonIterations, "Newton iterations before a step fails");
  c.add_option(
       "--linear-solver", linearSolver,
       "index-3 integrators: storage of the Newton matrix, auto (by size), dense or sparse (KLU)")
      ->check(CLI::IsMember({"auto", "dense", "sparse"}));
  c.add_option("--jacobian-update", jacobianUpdate,
               "index-3 integrators: when the Newton matrix is evaluated: auto (kept while Newton "
               "contracts well), iteration (full Newton) or step (once per time point)")
      ->check(CLI::IsMember({"auto", "iteration", "step"}));
  c.add_option(
       "--index3-form", index3Form,
       "index-3 integrators: the equations Newton solves, kkt (Lagrange multipliers; near a rank "
       "drop "
       "of the constraint Jacobian a time point is solved again by the augmented Lagrangian "
       "iteration) "
       "or augmented-lagrangian (a penalty on top of the multipliers, velocity and acceleration "
       "projections; Bayo and Ledesma 1996)")
      ->check(CLI::IsMember({"kkt", "augmented-lagrangian"}));
  c.add_option("--penalty", penalty,
               "penalty factor of the augmented Lagrangian (dimensionless: times the mean body "
               "mass; default 1e6)");
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
  if (!gives(setting)) return "";
  // the options' names where they differ from the settings'
  const std::map<std::string, std::string> renamed = {{"newton_tolerance", "newton-tol"},
                                                      {"max_newton_iterations", "max-newton"},
                                                      {"constraint_tolerance", "constraint-tol"}};
  const auto r = renamed.find(setting);
  std::string option = r != renamed.end() ? r->second : setting;
  std::replace(option.begin(), option.end(), '_', '-');
  return "--" + option;
}

std::string settingsProblemText(const SettingsProblem& p, const Model& model,
                                const RunOptions* options) {
  const std::string hint = p.confirmable ? "; give --yes to run it anyway" : "";
  // an option the user gave, then a setting the scene gives
  if (options)
    for (const std::string& setting : p.settings)
      if (const std::string option = options->optionFor(setting); !option.empty())
        return option + ": " + p.message + hint;
  const std::vector<std::string>& given = model.defaults.given;
  for (const std::string& setting : p.settings)
    if (std::find(given.begin(), given.end(), setting) != given.end())
      return SceneError(sceneSource(model), {{"/settings/" + setting, p.message + hint}}).what();
  return p.message + hint;
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
