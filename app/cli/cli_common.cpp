#include "cli_common.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "scene/scene_reader.h"
#include "simulation/csv.h"

#ifdef MBW_HAVE_PLOT
#include "png_export.h"
#endif

namespace mbw::cli {

Model loadSceneOrThrow(const std::string& nameOrPath) {
  try {
    return loadScene(nameOrPath);
  } catch (const SceneError& e) {
    throw InputError(e.what());
  }
}

void RunOptions::addTo(CLI::App& c) {
  c.add_option("--integrator", integrator, "integrator name, see `mbw-cli list`");
  c.add_option("--step", step, "time step, s (first step when variable)");
  c.add_option("--every", every, "record every N-th step (first and last always)");
  c.add_flag("--variable-step", variableStep, "choose steps from the error estimate");
  c.add_flag("--fixed-step", fixedStep, "keep the step fixed even where the scene gives tolerances");
  c.add_option("--rtol", rtol, "relative tolerance of variable steps (implies --variable-step)");
  c.add_option("--atol", atol, "absolute tolerance of variable steps (implies --variable-step)");
  c.add_flag("--multipliers", multipliers, "add the Lagrange multipliers to the results (lambda.*)");
  c.add_option("--max-step", maxStep, "largest step of variable-step methods, s");
  c.add_option("--safety", safety, "step-size control: safety factor fac of seed 000 eq 16 (default 0.9)");
  c.add_option("--fac-min", facMin, "step-size control: smallest ratio of new to old step (default 0.2)");
  c.add_option("--fac-max", facMax, "step-size control: largest ratio of new to old step (default 6)");
  c.add_option("--constraint-tol", constraintTolerance,
               "state-space integrators: |Phi|_inf of the recovered dependent coordinates (default 1e-10)");
  c.add_option("--repartition-growth", repartitionGrowth,
               "state-space integrators: cond(Phi_u) growth that triggers a new partition (default 1.25)");
  c.add_option("--jacobian", jacobian, "exact, or fd (forward differences) where the integrator offers it");
  c.add_option("--output-step", outputStep,
               "record at t0 + k DT (s) instead of at the steps: states from the integrator's continuous "
               "extension, put back onto the constraints (default: the scene's output_step)");
  c.add_option("--output-times", outputTimes,
               "record at the times listed in FILE (one per line or separated by blanks or commas, # comments)");
  c.add_flag("--record-steps", recordSteps,
             "with --output-step or --output-times: record the steps as well (column on_grid: 1 at the "
             "requested times, 0 at the steps)");
  addStudyOptionsTo(c);
}

void RunOptions::addStudyOptionsTo(CLI::App& c) {
  c.add_option("--formulation", formulation, "rA, rp or rE (default: the scene's setting)");
  c.add_option("--t-start", tStart, "start time, s (default: the scene's; negative for a run-in)");
  c.add_option("--t-end", tEnd, "end time, s");
  c.add_option("--record-from", recordFrom, "record rows from this time on, s (default: the scene's, else all)");
  c.add_flag("--from-equilibrium", fromEquilibrium,
             "start from the static equilibrium at the start time (positions; see `mbw-cli static`)");
  c.add_option("--rho-inf", rhoInf, "spectral radius at infinity, for methods that have one");
  c.add_option("--alpha", alpha, "HHT alpha in [-1/3, 0]");
  c.add_option("--newton-tol", newtonTolerance,
               "Newton tolerance on positions (Theta h^2 of seed 001, default 1e-11) at fixed steps of 1e-3 s and "
               "above; index-3 integrators tighten it below (see --newton-tol-rule) and with variable steps "
               "(a tenth of the step's share of --atol)");
  c.add_option("--newton-tol-rule", newtonToleranceRule,
               "index-3 integrators at fixed steps: step (default: the tolerance falls as (h / 1e-3 s)^4 below "
               "1e-3 s, so that the step, not Newton, sets the accuracy of long runs) or fixed (--newton-tol at "
               "every step, as seed 001)")
      ->check(CLI::IsMember({"step", "fixed"}));
  c.add_option("--max-newton", maxNewtonIterations, "Newton iterations before a step fails");
  c.add_option("--linear-solver", linearSolver,
               "index-3 integrators: storage of the Newton matrix, auto (by size), dense or sparse (KLU)")
      ->check(CLI::IsMember({"auto", "dense", "sparse"}));
  c.add_option("--jacobian-update", jacobianUpdate,
               "index-3 integrators: when the Newton matrix is evaluated: auto (kept while Newton "
               "contracts well), iteration (full Newton) or step (once per time point)")
      ->check(CLI::IsMember({"auto", "iteration", "step"}));
  c.add_option("--index3-form", index3Form,
               "index-3 integrators: the equations Newton solves, kkt (Lagrange multipliers; near a rank drop "
               "of the constraint Jacobian a time point is solved again by the augmented Lagrangian iteration) "
               "or augmented-lagrangian (a penalty on top of the multipliers, velocity and acceleration "
               "projections; Bayo and Ledesma 1996)")
      ->check(CLI::IsMember({"kkt", "augmented-lagrangian"}));
  c.add_option("--penalty", penalty,
               "penalty factor of the augmented Lagrangian (dimensionless: times the mean body mass; default 1e6)");
}

RunSettings RunOptions::resolve(const Model& model) const {
  RunSettings s;
  s.formulation = formulation.value_or(model.defaults.formulation);
  s.integrator = integrator.value_or(model.defaults.integrator);
  s.tStart = tStart.value_or(model.defaults.tStart);
  s.tEnd = tEnd.value_or(model.defaults.tEnd);
  s.recordFrom = recordFrom.value_or(model.defaults.recordFrom);
  s.startFromEquilibrium = fromEquilibrium || model.defaults.startFromEquilibrium;
  s.every = every.value_or(model.defaults.every);
  s.recordMultipliers = multipliers;
  IntegratorSettings& i = s.integratorSettings;
  i.step = step.value_or(model.defaults.step);
  // the scene's tolerances make variable steps the default of integrators that can vary them;
  // command-line ones override them
  const IntegratorInfo* info = findIntegrator(s.integrator);
  const bool sceneTolerances = (model.defaults.rtol > 0.0 || model.defaults.atol > 0.0) && info &&
                               info->capabilities.variableStep;
  i.variableStep =
      !fixedStep && (variableStep || rtol.has_value() || atol.has_value() || sceneTolerances);
  if (model.defaults.rtol > 0.0) i.rtol = model.defaults.rtol;
  if (model.defaults.atol > 0.0) i.atol = model.defaults.atol;
  if (rtol) i.rtol = *rtol;
  if (atol) i.atol = *atol;
  if (rhoInf) i.rhoInf = *rhoInf;
  if (alpha) i.alpha = *alpha;
  if (newtonTolerance) i.newtonTolerance = *newtonTolerance;
  if (newtonToleranceRule) i.newtonToleranceRule = *newtonToleranceRule;
  if (maxNewtonIterations) i.maxNewtonIterations = *maxNewtonIterations;
  i.maxStep = maxStep.value_or(model.defaults.maxStep);
  if (safety) i.safetyFactor = *safety;
  if (facMin) i.minStepFactor = *facMin;
  if (facMax) i.maxStepFactor = *facMax;
  if (constraintTolerance) i.constraintTolerance = *constraintTolerance;
  if (repartitionGrowth) i.repartitionGrowth = *repartitionGrowth;
  if (jacobian) i.jacobian = *jacobian;
  // the scene's Newton options apply to the integrators that offer them; command-line ones always
  auto sceneChoice = [&](const std::vector<std::string>& offered, const std::string& value) {
    return std::find(offered.begin(), offered.end(), value) != offered.end() ? value : std::string("auto");
  };
  i.linearSolver = linearSolver.value_or(
      info ? sceneChoice(info->capabilities.linearSolvers, model.defaults.linearSolver) : "auto");
  i.jacobianUpdate = jacobianUpdate.value_or(
      info ? sceneChoice(info->capabilities.jacobianUpdates, model.defaults.jacobianUpdate) : "auto");
  i.index3Form = index3Form.value_or(
      info && std::count(info->capabilities.index3Forms.begin(), info->capabilities.index3Forms.end(),
                         model.defaults.index3Form)
          ? model.defaults.index3Form
          : "kkt");
  i.penalty = penalty.value_or(model.defaults.penalty);
  // output times: the command line's, or the scene's
  if (outputStep && outputTimes) throw InputError("give either --output-step or --output-times, not both");
  try {
    if (outputStep) s.output.step = *outputStep;
    else if (outputTimes) readOutputTimes(*outputTimes, s.output);
    else s.output = sceneOutputRequest(model);
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
  s.output.recordSteps = recordSteps;
  return s;
}

void saveFigure(const plot::Figure& figure, const std::string& path) {
#ifdef MBW_HAVE_PLOT
  try {
    plot::savePng(figure, path);
  } catch (const plot::PlotError& e) {
    throw InputError(e.what());
  }
#else
  (void)figure;
  throw InputError("cannot write '" + path + "': this build has no plotting (configure with MBW_BUILD_GUI=ON)");
#endif
}

int writeOutput(const std::string& text, const std::string& path) {
  if (path.empty()) {
    std::cout << text;
    return kSuccess;
  }
  std::ofstream out(path);
  if (!out || !(out << text)) throw InputError("cannot write '" + path + "'");
  return kSuccess;
}

std::string formatNumber(double value, int precision) {
  std::ostringstream os;
  os.precision(precision);
  os << value;
  return os.str();
}

double columnMaxAbs(const Results& results, const std::string& channel) {
  const auto [low, high] = results.channelRange(results.column(channel));
  return std::max(std::abs(low), std::abs(high));
}

std::unique_ptr<CsvStreamWriter> openCsvStream(const std::string& path) {
  if (path.empty()) return nullptr;
  try {
    return std::make_unique<CsvStreamWriter>(path);
  } catch (const CsvError& e) {
    throw InputError(e.what());
  }
}

void checkWritable(const std::string& path) {
  if (path.empty()) return;
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw InputError("cannot write '" + path + "': it is a directory");
  const bool existed = std::filesystem::exists(path, error);
  if (!std::ofstream(path, std::ios::app)) throw InputError("cannot write '" + path + "': " + std::strerror(errno));
  if (!existed) std::filesystem::remove(path, error);
}

void saveSideFigure(const plot::Figure& figure, const std::string& path, std::ostream& out) {
#ifdef MBW_HAVE_PLOT
  saveFigure(figure, path);
  out << "plot  " << path << "\n";
#else
  (void)figure;
  out << "plot  " << path << " skipped: this build has no plotting (configure with MBW_BUILD_GUI=ON)\n";
#endif
}

void checkPlotPath(const std::string& path) {
#ifndef MBW_HAVE_PLOT
  if (!path.empty())
    throw InputError("cannot write '" + path + "': this build has no plotting (configure with MBW_BUILD_GUI=ON)");
#endif
  checkWritable(path);
}

}  // namespace mbw::cli
