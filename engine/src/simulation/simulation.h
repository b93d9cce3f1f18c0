#pragma once
// A run: a model, a formulation, an integrator and its settings, advanced from the consistent
// initial state to t_end (DESIGN.md: Simulation). Configuration errors are thrown by the
// constructor, before anything runs; numerical failures end the run with a status and a reason,
// keeping every row recorded until then.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "formulation/formulation.h"
#include "integrators/cpu_time.h"
#include "integrators/registry.h"
#include "simulation/output_grid.h"
#include "simulation/recorder.h"
#include "simulation/result_sink.h"
#include "simulation/results.h"
#include "solvers/kinematics.h"
#include "solvers/static_equilibrium.h"

namespace mbw {

// Thrown for a run that cannot be configured (unknown or unsupported integrator, bad settings):
// the settings it concerns by their names in a scene's "settings" (settings_check.h), when known.
class ConfigurationError : public std::runtime_error {
 public:
  explicit ConfigurationError(const std::string& message, std::vector<std::string> settings = {})
      : std::runtime_error(message), settings_(std::move(settings)) {}
  const std::vector<std::string>& settings() const { return settings_; }

 private:
  std::vector<std::string> settings_;
};

// The formulations a run offers: the Formulation's (rA, rp, rE: formulationNames()) and "joint",
// the joint coordinates of the model's kinematic tree (joint/kinematic_tree.h), which the
// state-space integrators advance (statespace/joint_ode.h) while the run records the rp
// coordinates of the same motion, from forward kinematics.
constexpr const char* kJointFormulation = "joint";
std::vector<std::string> runFormulationNames();
// One line about a run's formulation ("" for an unknown name).
std::string runFormulationDescription(const std::string& name);
// The Formulation whose coordinates a run with this formulation records: rp for joint, else itself.
inline std::string recordedFormulation(const std::string& run) {
  return run == kJointFormulation ? "rp" : run;
}

struct RunSettings {
  std::string formulation = "rp";
  std::string integrator = "backward-euler";
  IntegratorSettings integratorSettings;
  double tStart = 0.0;
  double tEnd = 1.0;
  double recordFrom = -1e300;         // rows are recorded from the first step at or after this time
  bool startFromEquilibrium = false;  // positions from the static equilibrium at tStart
  int every = 1;                      // record every N-th step (the first and last always)
  // the bodies whose channels are recorded (none: all of them)
  std::optional<std::vector<std::string>> recordBodies;
  bool recordMultipliers = false;  // add the Lagrange multipliers to the results
  // rows at requested times instead of (or, with recordSteps, besides) the steps; the constraint
  // tolerance of their projection is integratorSettings.constraintTolerance
  OutputRequest output;
  bool recordReactions = false;  // add the joints' reaction forces and torques (joint_reactions.h)
  // the bytes of rows the returned Results keep, decimated past them (Results::setRowLimit; at
  // least 2 rows); 0 keeps every row. A sink passed to run() receives every row whatever this is.
  size_t memoryBudget = 0;
  // variable steps: the smallest step as a fraction of the run's time scale (settings_check.h:
  // minimumStep); 0 leaves integratorSettings.minStep alone
  double relativeMinStep = 1e-12;
  // a run larger than settings_check.h's limits (kUnconfirmedSteps, kUnconfirmedRows) runs only
  // when confirmed
  bool confirmed = false;
};

// Follows the run and may stop it; called on the running thread. onRecorded comes after each
// recorded row, which is then the last row of results (earlier rows may have been decimated away).
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void onRecorded(const Results& /*results*/, size_t /*newRow*/) {}
  virtual bool stopRequested() { return false; }
};

// Owns a copy of its model, so that it can run on another thread than the one that built it.
class Simulation {
 public:
  // Throws ConfigurationError (settings) or ModelError (inconsistent initial conditions).
  Simulation(Model model, RunSettings settings);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // Runs to t_end, or until the observer stops it, a step fails or the sink fails (status Failed,
  // the sink's reason as the message). Every recorded row and event goes to the sink as it is
  // produced; the returned Results keep at most settings().memoryBudget bytes of rows.
  Results run(RunObserver* observer = nullptr, ResultSink* sink = nullptr);

  const RunSettings& settings() const { return settings_; }
  Formulation& formulation() { return *formulation_; }
  const Model& model() const { return model_; }
  const ProjectionReport& projection() const { return projection_; }
  // the static equilibrium of the initial state (startFromEquilibrium)
  const StaticResult& equilibrium() const { return equilibrium_; }

 private:
  const Model model_;
  RunSettings settings_;
  std::unique_ptr<Formulation> formulation_;
  std::unique_ptr<Integrator> integrator_;
  State initial_;
  ProjectionReport projection_;
  StaticResult equilibrium_;
  std::vector<int> recordedBodies_;  // of settings.recordBodies
};

// Kinematic analysis of a fully driven mechanism over [0, t_end] (Kissel et al. 2021 section 2).
// Throws ConfigurationError when the model has degrees of freedom.
Results runKinematics(const Model& model, const std::string& formulation,
                      const KinematicsSettings& settings, int every = 1,
                      RunObserver* observer = nullptr, ResultSink* sink = nullptr,
                      size_t memoryBudget = 0);

}  // namespace mbw
