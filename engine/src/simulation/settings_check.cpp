#include "simulation/settings_check.h"

#include <algorithm>
#include <cmath>

#include "integrators/registry.h"
#include "math/number_text.h"

namespace mbw {
namespace {

// a setting's value in a problem's message, with six significant digits
std::string settingText(double x) { return formatNumber(x, 6); }

using Problem = std::optional<SettingsProblem>;

// a problem naming the settings that cause it
Problem problem(std::vector<std::string> settings, std::string message) {
  return SettingsProblem{std::move(settings), std::move(message)};
}

// a value that must be a finite number above `low` (or equal to it, when orEqual)
Problem outOfRange(const char* setting, const std::string& what, double value, double low = 0.0,
                   bool orEqual = false) {
  if (std::isfinite(value) && (orEqual ? value >= low : value > low)) return std::nullopt;
  return problem({setting}, what + " must be a finite number " +
                                (orEqual ? "of at least " : "greater than ") + settingText(low) +
                                ", got " + settingText(value));
}

// the run's span, its start, its end and what it records
Problem timeProblem(const RunSettings& s) {
  // finite times, the end after the start
  if (!std::isfinite(s.tStart))
    return problem({"t_start"}, "t_start must be a finite number, got " + settingText(s.tStart));
  if (!std::isfinite(s.tEnd))
    return problem({"t_end"}, "t_end must be a finite number, got " + settingText(s.tEnd));
  if (!(s.tEnd > s.tStart))
    return problem({"t_end", "t_start"}, "t_end (" + settingText(s.tEnd) +
                                             " s) must be after t_start (" + settingText(s.tStart) +
                                             " s)");
  // a record start within the run, and a recording interval
  if (std::isnan(s.recordFrom))
    return problem({"record_from"}, "record_from must be a number, got nan");
  // a record start after the end records only the initial state
  if (s.recordFrom > s.tEnd)
    return problem({"record_from", "t_end"}, "record_from (" + settingText(s.recordFrom) +
                                                 " s) is after t_end (" + settingText(s.tEnd) +
                                                 " s): the run would record nothing but its start");
  // at least every step recorded
  if (s.every < 1)
    return problem({"every"}, "every must be at least 1, got " + std::to_string(s.every));
  return std::nullopt;
}

// steps, tolerances and the factors of step-size control
Problem stepProblem(const RunSettings& s) {
  const IntegratorSettings& i = s.integratorSettings;
  // a positive finite step
  if (Problem p = outOfRange("step", "the step", i.step)) return p;
  // times near T are resolved to about 2e-16 T: a step below 1e-12 T would not move them reliably
  const double resolution = 1e-12 * std::max(std::abs(s.tStart), std::abs(s.tEnd));
  if (i.step < resolution)
    return problem({"step", "t_end"},
                   "the step " + settingText(i.step) + " s is below 1e-12 of the run's times (" +
                       settingText(std::max(std::abs(s.tStart), std::abs(s.tEnd))) +
                       " s): they cannot resolve it");
  // tolerances only where they are used: at variable steps
  if (i.variableStep) {
    if (Problem p = outOfRange("rtol", "rtol", i.rtol)) return p;
    if (Problem p = outOfRange("atol", "atol", i.atol)) return p;
  }
  // the step bounds, and the smallest below the largest
  // the largest step may be 0 (no limit); the smallest must be positive
  if (Problem p = outOfRange("max_step", "the largest step (0: no limit)", i.maxStep, 0.0, true))
    return p;
  if (Problem p = outOfRange("min_step", "the smallest step", i.minStep)) return p;
  // the fraction of the time scale in [0, 1)
  if (!(std::isfinite(s.relativeMinStep) && s.relativeMinStep >= 0.0 && s.relativeMinStep < 1.0))
    return problem({"min_step"},
                   "the smallest step's fraction of the time scale must be in [0, 1), got " +
                       settingText(s.relativeMinStep));
  // at variable steps the largest step may not lie below the smallest
  if (i.variableStep && i.maxStep > 0.0 && i.maxStep < minimumStep(s))
    return problem({"max_step", "min_step"}, "the largest step " + settingText(i.maxStep) +
                                                 " s is below the smallest, " +
                                                 settingText(minimumStep(s)) + " s");
  // the step control's factors
  if (Problem p = outOfRange("safety", "the safety factor", i.safetyFactor)) return p;
  if (Problem p = outOfRange("fac_min", "fac-min", i.minStepFactor)) return p;
  if (Problem p = outOfRange("fac_max", "fac-max", i.maxStepFactor)) return p;
  return std::nullopt;
}

// Newton, the method's parameters, the state-space integrators' options
Problem methodProblem(const RunSettings& s) {
  const IntegratorSettings& i = s.integratorSettings;
  // Newton's tolerance and iterations
  if (Problem p = outOfRange("newton_tolerance", "the Newton tolerance", i.newtonTolerance))
    return p;
  if (i.maxNewtonIterations < 1)
    return problem({"max_newton_iterations"}, "Newton needs at least one iteration, got " +
                                                  std::to_string(i.maxNewtonIterations));
  // rho_inf: -1 for the method's own, else a value in its range (checked by the registry)
  if (!std::isfinite(i.rhoInf) || (i.rhoInf < 0.0 && i.rhoInf != -1.0))
    return problem({"rho_inf"},
                   "rho_inf must be a number from 0 to 1, got " + settingText(i.rhoInf));
  // alpha, when given, finite
  if (i.alpha && !std::isfinite(*i.alpha))
    return problem({"alpha"}, "alpha must be a number, got " + settingText(*i.alpha));
  // the state-space integrators' constraint tolerance and repartition factor
  if (Problem p =
          outOfRange("constraint_tolerance", "the constraint tolerance", i.constraintTolerance))
    return p;
  if (Problem p = outOfRange("repartition_growth", "the repartition growth factor",
                             i.repartitionGrowth, 1.0))
    return p;
  return std::nullopt;
}

// how many steps and rows the run asks for, up front
Problem sizeProblem(const RunSettings& s) {
  // a confirmed run has no limit on its size
  if (s.confirmed) return std::nullopt;
  const double span = s.tEnd - s.tStart;
  const IntegratorSettings& i = s.integratorSettings;
  Problem p;
  // fixed steps: their number; else the output grid's rows
  if (!i.variableStep && span / i.step > kUnconfirmedSteps)
    p = problem({"t_end", "step"}, "the run would take " + settingText(span / i.step) +
                                       " steps of " + settingText(i.step) + " s to cover " +
                                       settingText(span) + " s, more than the " +
                                       settingText(kUnconfirmedSteps) + " a run takes unconfirmed");
  else if (s.output.step > 0.0 && span / s.output.step > kUnconfirmedRows)
    p = problem({"output_step", "t_end"}, "the output step " + settingText(s.output.step) +
                                              " s asks for " + settingText(span / s.output.step) +
                                              " rows over " + settingText(span) +
                                              " s, more than the " + settingText(kUnconfirmedRows) +
                                              " a run writes unconfirmed");
  // a size problem is one the user may confirm
  if (p) p->confirmable = true;
  return p;
}

}  // namespace

// the scale of the run's times: the output step, else the largest step, else the run's span
double runTimeScale(const RunSettings& s) {
  if (s.output.step > 0.0) return s.output.step;
  if (s.integratorSettings.maxStep > 0.0) return s.integratorSettings.maxStep;
  return s.tEnd - s.tStart;
}

// the smallest step: the absolute one, or the fraction of the run's time scale when larger
double minimumStep(const RunSettings& s) {
  return std::max(s.integratorSettings.minStep, s.relativeMinStep * runTimeScale(s));
}

std::optional<SettingsProblem> runSettingsProblem(const RunSettings& s) {
  // the settings' own ranges first, then the integrator against the formulation, the outputs, and
  // the size
  if (Problem p = timeProblem(s)) return p;
  if (Problem p = stepProblem(s)) return p;
  if (Problem p = methodProblem(s)) return p;
  // the integrator by name
  const IntegratorInfo* info = findIntegrator(s.integrator);
  if (!info)
    return problem({"integrator"},
                   "unknown integrator '" + s.integrator + "' (see `mbw-cli list`)");
  // an integrator that cannot run the formulation or the settings says why
  const std::string why = unsupportedReason(*info, s.formulation, s.integratorSettings);
  if (!why.empty()) return problem({"integrator", "formulation"}, why);
  // the requested output times within the run, named by how they were given
  const std::string output = outputRequestProblem(s.output, s.tStart, s.tEnd);
  if (!output.empty())
    return problem({s.output.times.empty() ? "output_step" : "output_times"}, output);
  return sizeProblem(s);
}

// a scene by its file, or by its built-in name
std::string sceneSource(const Model& model) {
  return model.sourcePath.empty() ? "builtin:" + model.name : model.sourcePath;
}

}  // namespace mbw
