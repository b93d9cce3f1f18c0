#include "simulation/simulation.h"

#include <cmath>
#include <optional>
#include <sstream>

#include "joint/kinematic_tree.h"
#include "simulation/dynamics_run.h"
#include "simulation/run_output.h"
#include "simulation/settings_check.h"
#include "solvers/constraint_rank.h"

namespace mbw {

std::vector<std::string> runFormulationNames() {
  // the absolute coordinates' formulations, then the joint coordinates
  std::vector<std::string> names = formulationNames();
  names.emplace_back(kJointFormulation);
  return names;
}

std::string runFormulationDescription(const std::string& name) {
  // the joint coordinates' text; the others' from the formulation registry
  if (name != kJointFormulation) return formulationDescription(name);
  return "joint coordinates of a spanning tree of the scene's revolute, translational and fixed "
         "joints, by the articulated-body algorithm (Featherstone 2008), the joints that close "
         "loops as constraints (coordinate partitioning, or ida's index-2 form); state-space "
         "integrators (rn4, w2, adams, bdf) and ida only; records the rp coordinates of the motion";
}

Simulation::Simulation(Model model, RunSettings settings)
    : model_(std::move(model)), settings_(std::move(settings)) {
  // the settings, the recorded bodies and the formulation, or a configuration error
  if (const std::optional<SettingsProblem> p = runSettingsProblem(settings_))
    throw ConfigurationError(p->message, p->settings);
  // the integrator by name (the settings check found it), and the bodies whose states are recorded
  const IntegratorInfo* info = findIntegrator(settings_.integrator);
  for (const std::string& name : settings_.recordBodies.value_or(std::vector<std::string>{})) {
    const int b = model_.bodyIndex(name);
    if (b < 0)
      throw ConfigurationError("cannot record body '" + name + "': the scene has no such body");
    recordedBodies_.push_back(b);
  }
  // the model in the chosen formulation (rA, rp or rE); joint coordinates record rp's
  const bool joint = settings_.formulation == kJointFormulation;
  settings_.integratorSettings.jointCoordinates = joint;
  try {
    formulation_ = makeFormulation(recordedFormulation(settings_.formulation), model_);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
  // the initial state on the constraints (or at the static equilibrium)
  initial_ = settings_.startFromEquilibrium
                 ? equilibriumInitialState(*formulation_, settings_.tStart, &equilibrium_)
                 : consistentInitialState(*formulation_, settings_.tStart, &projection_);
  // variable steps keep the local errors of the whole run within the tolerance
  settings_.integratorSettings.errorSpan = settings_.tEnd - settings_.tStart;
  // and fail below the smallest step of the run's time scale (settings_check.h)
  settings_.integratorSettings.minStep = minimumStep(settings_);
  // the integrator; on joint coordinates it builds the tree, which may refuse the model
  try {
    integrator_ = info->make(*formulation_, settings_.integratorSettings);
  } catch (const JointTreeError& e) {
    throw ConfigurationError("the joint formulation cannot run '" + model_.name + "' with " +
                                 info->name + ": " + e.what(),
                             {"formulation"});
  }
}

Simulation::~Simulation() = default;

Results Simulation::run(RunObserver* observer, ResultSink* sink) {
  Results results;
  // the stages share the model, the settings, the formulation, the integrator and the results
  DynamicsRun run(model_, settings_, *formulation_, *integrator_, initial_, recordedBodies_,
                  results, observer, sink);
  // the settings as metadata, the initial row, the steps to t_end, then the statistics
  run.describe();
  run.startRecording();
  run.advance();
  run.statistics();
  return results;
}

Results runKinematics(const Model& model, const std::string& formulationName,
                      const KinematicsSettings& settings, int every, RunObserver* observer,
                      ResultSink* sink, size_t memoryBudget) {
  // the formulation of a fully driven mechanism, or a configuration error
  std::unique_ptr<Formulation> formulation;
  try {
    formulation = makeFormulation(formulationName, model);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
  Formulation& f = *formulation;
  // a time grid needs a positive step and end time
  if (!(settings.step > 0.0) || !(settings.tEnd > 0.0))
    throw ConfigurationError("the step and t_end must be positive");
  // the initial state on the constraints; a kinematic analysis needs no degree of freedom left
  State s = consistentInitialState(f, 0.0);
  f.computePositions(0.0, s.q);
  // the rank of the constraint Jacobian leaves the degrees of freedom
  const ConstraintRank rank = analyzeConstraintRank(f);
  if (rank.degreesOfFreedom != 0) {
    std::ostringstream os;
    os << "kinematic analysis needs a fully driven mechanism; '" << model.name << "' has "
       << rank.degreesOfFreedom << " degrees of freedom";
    throw ConfigurationError(os.str());
  }

  // the settings as metadata
  Results results;
  describeRun(model, formulationName, results);
  results.metadata.push_back({"analysis", "kinematics"});
  results.metadata.push_back({"step", metadataNumber(settings.step)});
  results.metadata.push_back({"t_end", metadataNumber(settings.tEnd)});
  results.metadata.push_back({"tolerance", metadataNumber(settings.tolerance)});

  // the initial row
  const double cpu0 = threadCpuSeconds();
  // the solver, the recorder and the sink's channels, then the initial state recorded
  KinematicSolver solver(f, settings);
  Recorder recorder(f, Recorder::Kind::Kinematics, every);
  RunOutput output(results, observer, sink);
  output.begin(recorder.channels(), memoryBudget);
  output.mark();
  recorder.start(s, results);
  bool sinkFailed = !output.deliver();
  // one analysis per point of the time grid up to t_end, keeping the last converged state
  const long n = std::lround(settings.tEnd / settings.step);
  State accepted = s;  // the last converged state
  results.status = RunStatus::Completed;
  if (sinkFailed) output.stopForSink(s.t);
  // a position, velocity and acceleration analysis at each time, until one fails
  for (long k = 1; k <= n && !sinkFailed; ++k) {
    // a cancel from the front end stops the run between steps
    if (observer && observer->stopRequested()) {
      results.status = RunStatus::Cancelled;
      results.message = "cancelled at t = " + metadataNumber(s.t) + " s";
      break;
    }
    // the time of grid point k; the last lands on t_end exactly
    const double t = k == n ? settings.tEnd : k * settings.step;
    const KinematicsStep step = solver.advance(t, s);
    // Newton's iterations counted; an analysis that fails ends the run with its reason
    results.stats.newtonIterations += step.iterations;
    if (!step.converged) {
      results.status = RunStatus::Failed;
      results.message = step.failure.empty()
                            ? "position analysis did not converge at t = " + metadataNumber(t) +
                                  " s (singular configuration or a driver out of reach)"
                            : step.failure + " at t = " + metadataNumber(t) + " s";
      break;
    }
    // a converged step is recorded and delivered; a sink that fails stops the run
    accepted = s;
    ++results.stats.steps;
    output.mark();
    recorder.step(s, WorkIntegrals{}, settings.step, step.iterations, k == n, results);
    if (!output.deliver()) {
      sinkFailed = true;
      output.stopForSink(s.t);
    }
  }
  // a run that stopped early records its last converged state; then the statistics
  if (results.status != RunStatus::Completed && !sinkFailed) {
    output.mark();
    recorder.finish(accepted, results);
    output.deliver();
  }
  // the solver's counters and the CPU time
  results.stats.factorizations = solver.factorizations();
  results.stats.cpuSeconds = threadCpuSeconds() - cpu0;
  output.end();
  return results;
}

}  // namespace mbw
