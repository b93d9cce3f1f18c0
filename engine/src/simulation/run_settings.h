#pragma once
// The settings of a run, resolved once for every front end: the scene's settings (Model::defaults)
// for the integrator chosen, then what the user overrides (`mbw-cli run --step ...`, the
// workbench's run panel, the Python module). A setting not overridden keeps the scene's value; a
// scene's tolerances ask for variable steps where the integrator can vary them, and so do
// tolerances given as overrides, unless fixed steps are asked for.
//
// Checked afterwards by runSettingsProblem (settings_check.h), which names the setting at fault
// so that a front end can say whether the user or the scene gave it (RunOverrides::gives).

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "simulation/simulation.h"

namespace mbw {

// What a user gives on top of a scene's settings; unset values keep the scene's.
struct RunOverrides {
  std::optional<std::string> formulation, integrator;
  std::optional<double> step, tStart, tEnd, recordFrom, rhoInf, rtol, atol, newtonTolerance, alpha,
      maxStep, minStep, safety, facMin, facMax, constraintTolerance, repartitionGrowth;
  std::optional<std::string> jacobian, linearSolver, jacobianUpdate, errorControl, index3Form,
      newtonToleranceRule;
  std::optional<double> penalty;
  std::optional<double> outputStep;  // record at t0 + k outputStep instead of the scene's output
  std::optional<std::string> outputTimes;  // or at the times listed in this file
  bool recordSteps = false;                // with output times: record the steps as well
  std::optional<int> every, maxNewtonIterations;
  bool variableStep = false;  // ask for variable steps (tolerances given ask for them too)
  bool fixedStep = false;     // keep fixed steps even where the scene gives tolerances
  bool multipliers = false;   // record the Lagrange multipliers (lambda.*)
  bool fromEquilibrium = false;
  bool confirmed = false;  // run a run larger than settings_check.h's limits

  // Whether the overrides give a setting, named as in a scene's "settings" ("step", "t_end") or,
  // for those no scene gives, as in SettingsProblem::settings ("rho_inf", "newton_tolerance"):
  // the setting of one of the run options (run_options.h), given when its value or flag is set.
  bool gives(const std::string& setting) const;
};

// The settings a scene gives (Model::defaults) for a run with this integrator (the scene's own
// when ""): a scene's tolerances make variable steps the default of integrators that can vary
// them, its Newton options apply to the integrators that offer them (the others take "auto").
// Its output request is left out (simulation/output_grid.h: sceneOutputRequest reads it).
RunSettings sceneRunSettings(const Model& model, const std::string& integrator = "");

// Whether a scene's settings ask for variable steps (it gives a tolerance), whatever integrator
// runs it.
bool sceneAsksVariableSteps(const RunDefaults& defaults);

// The scene's settings with the overrides applied, output request included (the overrides' output
// step or times file, else the scene's). Throws std::runtime_error when a times file cannot be
// read (output_grid.h: readOutputTimes) and std::invalid_argument when both an output step and
// output times are given.
RunSettings resolveRunSettings(const Model& model, const RunOverrides& overrides);

// A channel that is a Lagrange multiplier ("lambda.JOINT.K", simulation/recorder.h): a run
// records them only when asked (RunSettings::recordMultipliers).
bool isMultiplierChannel(const std::string& channel);
// Asks a run to record the multipliers when a channel it must give is one of them.
void recordMultipliersFor(const std::vector<std::string>& channels, RunSettings& settings);

}  // namespace mbw
