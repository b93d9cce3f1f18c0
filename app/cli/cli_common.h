#pragma once
// Shared pieces of the mbw-cli commands: exit codes, loading scenes with readable errors, and the
// run-setting options every simulating command accepts.

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <optional>
#include <string>

#include "chart.h"
#include "model/model.h"
#include "simulation/results.h"
#include "simulation/simulation.h"

namespace mbw::cli {

enum ExitCode { kSuccess = 0, kBadInput = 2, kNumericalFailure = 3 };

// Thrown by commands for bad input; main prints the message and exits with kBadInput.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Loads a built-in scene or a scene file; throws InputError carrying every issue.
Model loadSceneOrThrow(const std::string& nameOrPath);

// Options of a simulation run; unset values fall back to the scene's settings.
struct RunOptions {
  std::optional<std::string> formulation, integrator;
  std::optional<double> step, tEnd, rhoInf, rtol, atol, newtonTolerance, alpha, maxStep, safety,
      facMin, facMax, constraintTolerance, repartitionGrowth;
  std::optional<std::string> jacobian, linearSolver, jacobianUpdate;
  std::optional<double> outputStep;
  std::optional<std::string> outputTimes;  // file
  bool recordSteps = false;
  std::optional<int> every, maxNewtonIterations;
  bool variableStep = false;
  bool fixedStep = false;
  bool multipliers = false;

  void addTo(CLI::App& command);
  // the options that make sense for studies over several integrators and steps
  void addStudyOptionsTo(CLI::App& command);
  RunSettings resolve(const Model& model) const;
};

// Human-readable number with a unit, e.g. "3.2e-05 s".
std::string formatNumber(double value, int precision = 3);

// Writes a figure as PNG; throws InputError when this build has no plotting or the file cannot be
// written.
void saveFigure(const plot::Figure& figure, const std::string& path);

// The largest absolute value of a results column ("" channel -> 0).
double columnMaxAbs(const Results& results, const std::string& channel);

}  // namespace mbw::cli
