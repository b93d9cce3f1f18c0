#include "simulation/run_settings.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>

#include "integrators/registry.h"
#include "simulation/output_grid.h"
#include "simulation/run_options.h"

namespace mbw {

bool RunOverrides::gives(const std::string& setting) const {
  // the option of the setting (run_options.h), and whether its value or flag is set
  const RunOption* option = runOptionFor(setting);
  // a setting without an option is never given
  if (!option) return false;
  // a flag gives the setting when set, a value when present
  return std::visit(
      [this](auto member) {
        if constexpr (std::is_same_v<decltype(member), bool RunOverrides::*>)
          return this->*member;
        else
          return (this->*member).has_value();
      },
      option->target);
}

// tolerances in the scene ask for variable steps
bool sceneAsksVariableSteps(const RunDefaults& d) { return d.rtol > 0.0 || d.atol > 0.0; }

RunSettings sceneRunSettings(const Model& model, const std::string& integratorName) {
  // times and recording as the scene gives them
  const RunDefaults& d = model.defaults;
  RunSettings s;
  s.formulation = d.formulation;
  // the integrator named, else the scene's
  s.integrator = integratorName.empty() ? d.integrator : integratorName;
  s.tStart = d.tStart;
  s.tEnd = d.tEnd;
  s.recordFrom = d.recordFrom;
  s.startFromEquilibrium = d.startFromEquilibrium;
  s.every = d.every;
  // steps: the scene's tolerances ask for variable steps where the integrator can vary them
  IntegratorSettings& i = s.integratorSettings;
  i.step = d.step;
  i.maxStep = d.maxStep;
  // only positive tolerances replace the integrator's defaults
  if (d.rtol > 0.0) i.rtol = d.rtol;
  if (d.atol > 0.0) i.atol = d.atol;
  const IntegratorInfo* info = findIntegrator(s.integrator);
  i.variableStep = sceneAsksVariableSteps(d) && info && info->capabilities.variableStep;
  // the Newton options where the integrator offers them
  // a choice the integrator does not offer falls back to auto
  const auto offered = [](const std::vector<std::string>& choices, const std::string& value) {
    return std::find(choices.begin(), choices.end(), value) != choices.end() ? value
                                                                             : std::string("auto");
  };
  if (info) {
    i.linearSolver = offered(info->capabilities.linearSolvers, d.linearSolver);
    i.jacobianUpdate = offered(info->capabilities.jacobianUpdates, d.jacobianUpdate);
    // an index-3 form the integrator does not offer falls back to kkt
    const auto& forms = info->capabilities.index3Forms;
    i.index3Form = std::count(forms.begin(), forms.end(), d.index3Form) ? d.index3Form : "kkt";
  }
  // the augmented Lagrangian's penalty, whatever the integrator
  i.penalty = d.penalty;
  return s;
}

RunSettings resolveRunSettings(const Model& model, const RunOverrides& o) {
  // the scene's settings for the integrator chosen, then the run's times and recording
  RunSettings s = sceneRunSettings(model, o.integrator.value_or(""));
  if (o.formulation) s.formulation = *o.formulation;
  if (o.tStart) s.tStart = *o.tStart;
  if (o.tEnd) s.tEnd = *o.tEnd;
  if (o.recordFrom) s.recordFrom = *o.recordFrom;
  s.startFromEquilibrium = o.fromEquilibrium || s.startFromEquilibrium;
  if (o.every) s.every = *o.every;
  // multipliers and the confirmation of large runs come from the overrides alone
  s.recordMultipliers = o.multipliers;
  s.confirmed = o.confirmed;
  // steps: tolerances given ask for variable steps as the scene's do
  IntegratorSettings& i = s.integratorSettings;
  if (o.step) i.step = *o.step;
  // variable steps when asked, when a tolerance is given or the scene asks, unless fixed are asked
  i.variableStep = !o.fixedStep && (o.variableStep || o.rtol || o.atol || i.variableStep);
  if (o.rtol) i.rtol = *o.rtol;
  if (o.atol) i.atol = *o.atol;
  if (o.maxStep) i.maxStep = *o.maxStep;
  // an absolute smallest step given replaces the fraction of the run's time scale
  if (o.minStep) {
    i.minStep = *o.minStep;
    s.relativeMinStep = 0.0;
  }
  // the step-size controller and what the tolerances bound
  if (o.safety) i.safetyFactor = *o.safety;
  if (o.facMin) i.minStepFactor = *o.facMin;
  if (o.facMax) i.maxStepFactor = *o.facMax;
  if (o.errorControl) i.errorControl = *o.errorControl;
  // the method's parameters, Newton and the state-space integrators' options
  if (o.rhoInf) i.rhoInf = *o.rhoInf;
  if (o.alpha) i.alpha = *o.alpha;
  if (o.newtonTolerance) i.newtonTolerance = *o.newtonTolerance;
  if (o.newtonToleranceRule) i.newtonToleranceRule = *o.newtonToleranceRule;
  if (o.maxNewtonIterations) i.maxNewtonIterations = *o.maxNewtonIterations;
  // the state-space integrators' constraint tolerance and partition, and the Jacobian
  if (o.constraintTolerance) i.constraintTolerance = *o.constraintTolerance;
  if (o.repartitionGrowth) i.repartitionGrowth = *o.repartitionGrowth;
  if (o.jacobian) i.jacobian = *o.jacobian;
  // index-3 integrators: the Newton matrix, its update, the equations and the penalty
  if (o.linearSolver) i.linearSolver = *o.linearSolver;
  if (o.jacobianUpdate) i.jacobianUpdate = *o.jacobianUpdate;
  if (o.index3Form) i.index3Form = *o.index3Form;
  if (o.penalty) i.penalty = *o.penalty;
  // output times: the overrides', or the scene's
  if (o.outputStep && o.outputTimes)
    throw std::invalid_argument("give either output_step or output_times, not both");
  if (o.outputStep)
    s.output.step = *o.outputStep;
  else if (o.outputTimes)
    readOutputTimes(*o.outputTimes, s.output);
  else
    s.output = sceneOutputRequest(model);
  // the steps recorded beside the requested times only when asked
  s.output.recordSteps = o.recordSteps;
  return s;
}

// the recorder's multiplier channels: lambda.<joint>.<k> and lambda.<body>.normalization
bool isMultiplierChannel(const std::string& channel) { return channel.rfind("lambda.", 0) == 0; }

void recordMultipliersFor(const std::vector<std::string>& channels, RunSettings& s) {
  // multipliers recorded when asked, or when a channel wanted needs them
  s.recordMultipliers =
      s.recordMultipliers || std::any_of(channels.begin(), channels.end(), isMultiplierChannel);
}

}  // namespace mbw
