#include "analysis/stepping_cost.h"

#include <cmath>
#include <limits>

#include "integrators/registry.h"
#include "joint/kinematic_tree.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

std::unique_ptr<Formulation> formulationFor(const Model& model, const std::string& name) {
  // an unknown name is a configuration error
  try {
    return makeFormulation(name, model);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
}

}  // namespace

RunCost timeKinematics(const Model& model, const std::string& formulation,
                       const KinematicsSettings& settings) {
  const auto f = formulationFor(model, formulation);
  // from the consistent initial state, fixed steps to tEnd, the last landing on it
  State s = consistentInitialState(*f, 0.0);
  KinematicSolver solver(*f, settings);
  // n steps of the given size, the last one shortened or stretched to end at tEnd
  const long n = std::lround(settings.tEnd / settings.step);
  RunCost cost;
  cost.completed = true;
  // only the steps are timed, on this thread's CPU clock
  const double cpu0 = threadCpuSeconds();
  for (long k = 1; k <= n; ++k) {
    // t of step k: tEnd itself for the last
    const double t = k == n ? settings.tEnd : k * settings.step;
    const KinematicsStep step = solver.advance(t, s);
    cost.newtonIterations += step.iterations;
    // a position analysis that fails ends the run with its reason and time
    if (!step.converged) {
      cost.completed = false;
      cost.message = (step.failure.empty() ? "position analysis did not converge" : step.failure) +
                     " at t = " + std::to_string(t) + " s";
      break;
    }
    ++cost.steps;
  }
  cost.cpuSeconds = threadCpuSeconds() - cpu0;
  return cost;
}

RunCost timeDynamics(const Model& model, const RunSettings& run) {
  const IntegratorSettings& settings = run.integratorSettings;
  // the integrator checked against the formulation, then started at the consistent initial state
  const IntegratorInfo* info = findIntegrator(run.integrator);
  if (!info) throw ConfigurationError("unknown integrator '" + run.integrator + "'");
  const std::string why = unsupportedReason(*info, run.formulation, settings);
  if (!why.empty()) throw ConfigurationError(why);
  // joint coordinates advance the tree's ODE and keep the rp state (simulation.h)
  const auto f = formulationFor(model, recordedFormulation(run.formulation));
  const State initial = consistentInitialState(*f, 0.0);
  IntegratorSettings made = settings;
  made.jointCoordinates = run.formulation == kJointFormulation;
  std::unique_ptr<Integrator> integrator;
  try {
    integrator = info->make(*f, made);
  } catch (const JointTreeError& e) {
    // a model the tree cannot hold is a configuration error, as for a run
    throw ConfigurationError("the joint formulation cannot run '" + model.name + "': " + e.what());
  }
  integrator->initialize(initial);
  // n fixed steps of the given size
  // tEnd / step rounded: the last step may end short of tEnd or past it
  const long n = std::lround(run.tEnd / settings.step);
  RunCost cost;
  cost.completed = true;
  // only the steps are timed; the first failure ends the run
  const double cpu0 = threadCpuSeconds();
  for (long k = 0; k < n; ++k) {
    const StepResult r = integrator->step(settings.step);
    // a step not accepted ends the run with its reason and time
    if (r.kind != StepResult::Kind::Accepted) {
      cost.completed = false;
      cost.message = r.reason + " at t = " + std::to_string(integrator->state().t) + " s";
      break;
    }
  }
  cost.cpuSeconds = threadCpuSeconds() - cpu0;
  // the integrator's own counts
  cost.steps = integrator->stats().steps;
  cost.newtonIterations = integrator->stats().newtonIterations;
  return cost;
}

}  // namespace mbw
