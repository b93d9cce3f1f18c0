#pragma once
// Whether a run's settings mean something, checked before anything runs. One check for every
// caller: a Simulation refuses what it finds (ConfigurationError), the workbench's run panel shows
// it and offers no run, `mbw-cli validate` applies it to a scene's settings and `mbw-cli run` names
// the option or the scene's JSON path it came from.
//
// Refused: times, steps, tolerances and factors that are not finite numbers (an end time of inf
// "completed" after no step); values out of their range (negative, zero where a positive value is
// meant, rho_inf outside the integrator's range); Newton options that cannot converge (a tolerance
// <= 0, fewer than one iteration); a step below what the run's times can resolve; an integrator
// that does not offer the settings (registry.h: unsupportedReason); output times outside the run.
//
// Sizes, estimated up front: a fixed-step run of more than kUnconfirmedSteps steps, or output
// times of more than kUnconfirmedRows rows, run only when confirmed (RunSettings::confirmed,
// `mbw-cli run --yes`): a t_end of 1e12 s at h = 1e-3 s asks for 1e15 steps, which no machine
// finishes. A variable-step run cannot be counted up front; its steps are bounded from below
// (minimumStep: a run that needs smaller ones fails with the reason, Simulation::run).

#include <optional>
#include <string>
#include <vector>

#include "simulation/simulation.h"

namespace mbw {

// Fixed steps, and rows at requested times, that a run takes without confirmation.
constexpr double kUnconfirmedSteps = 1e9;
constexpr double kUnconfirmedRows = 1e8;

struct SettingsProblem {
  // the settings it concerns, by their names in a scene's "settings" ("step", "t_end", ...) and
  // for those no scene gives, as their option without dashes ("rho_inf", "newton_tolerance"):
  // the first one a user gave is the one to name
  std::vector<std::string> settings;
  std::string message;
  bool confirmable = false;  // a size the run takes when confirmed (RunSettings::confirmed)
};

// The first problem of the settings, nothing when there is none.
std::optional<SettingsProblem> runSettingsProblem(const RunSettings& settings);

// The time scale of a run: its output step if it has one, else its largest step if it has one,
// else its span (s).
double runTimeScale(const RunSettings& settings);
// The smallest step a variable-step run may take: RunSettings::relativeMinStep (1e-12) of its time
// scale, and at least integratorSettings.minStep (s). A run that needs a smaller step is blowing
// up or meets a singularity, and would take more than 1e12 steps per time scale (Adams' GSTIFF
// stops below 1e-6 of its largest step, by default the output step).
double minimumStep(const RunSettings& settings);

// The name of a scene in the messages about it: its file, or "builtin:NAME" for a built-in one.
std::string sceneSource(const Model& model);

}  // namespace mbw
