#include "simulation/simulation.h"

#include "integrators/index3_solver.h"

#include <cmath>
#include <ctime>
#include <optional>
#include <sstream>

#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

std::string number(double x) {
  std::ostringstream os;
  os.precision(10);
  os << x;
  return os.str();
}

void describeRun(const Model& model, const std::string& formulation, Results& r) {
  r.metadata.push_back({"scene", model.name});
  if (!model.sourcePath.empty()) r.metadata.push_back({"scene_file", model.sourcePath});
  r.metadata.push_back({"formulation", formulation});
}

// how far the states at the requested times were off the constraints before their projection
void describeOutputGrid(const OutputGridReport& g, double tolerance, Results& r) {
  std::ostringstream os;
  os.precision(3);
  os << g.points << " states at the requested times, off the constraints by up to " << g.positionViolation
     << " (positions) and " << g.velocityViolation << " (velocities) before the projection to "
     << tolerance;
  if (g.projectionFailures)
    os << "; " << g.projectionFailures << " not projected (last: " << g.lastFailure << ")";
  r.metadata.push_back({"output_projection", os.str()});
}

}  // namespace

Simulation::Simulation(Model model, RunSettings settings)
    : model_(std::move(model)), settings_(std::move(settings)) {
  const IntegratorInfo* info = findIntegrator(settings_.integrator);
  if (!info) throw ConfigurationError("unknown integrator '" + settings_.integrator + "'");
  const std::string why =
      unsupportedReason(*info, settings_.formulation, settings_.integratorSettings);
  if (!why.empty()) throw ConfigurationError(why);
  if (!(settings_.tEnd > 0.0)) throw ConfigurationError("t_end must be positive");
  if (settings_.every < 1) throw ConfigurationError("--every must be at least 1");
  const std::string outputProblem = outputRequestProblem(settings_.output, 0.0, settings_.tEnd);
  if (!outputProblem.empty()) throw ConfigurationError(outputProblem);
  try {
    formulation_ = makeFormulation(settings_.formulation, model_);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
  initial_ = consistentInitialState(*formulation_, 0.0, &projection_);
  // variable steps keep the local errors of the whole run within the tolerance
  settings_.integratorSettings.errorSpan = settings_.tEnd;
  integrator_ = info->make(*formulation_, settings_.integratorSettings);
}

Simulation::~Simulation() = default;

Results Simulation::run(RunObserver* observer) {
  Results results;
  describeRun(model_, settings_.formulation, results);
  const IntegratorSettings& is = settings_.integratorSettings;
  results.metadata.push_back({"integrator", settings_.integrator});
  results.metadata.push_back({"step", number(is.step)});
  if (is.variableStep) {
    results.metadata.push_back({"rtol", number(is.rtol)});
    results.metadata.push_back({"atol", number(is.atol)});
  }
  if (is.jacobian != "exact") results.metadata.push_back({"jacobian", is.jacobian});
  const IntegratorInfo* info = findIntegrator(settings_.integrator);
  if (info->capabilities.hasRhoInf)
    results.metadata.push_back({"rho_inf", number(effectiveRhoInf(*info, is))});
  if (info->capabilities.hasAlpha) results.metadata.push_back({"alpha", number(effectiveAlpha(is))});
  results.metadata.push_back({"t_end", number(settings_.tEnd)});
  results.metadata.push_back({"newton_tolerance", number(is.newtonTolerance)});
  if (info->capabilities.linearSolvers.size() > 1) {
    const Index3SolverOptions newton = index3SolverOptions(is);
    const LinearSolverKind kind =
        newton.storage.value_or(automaticLinearSolver(*formulation_, newton.update));
    results.metadata.push_back({"linear_solver", kind == LinearSolverKind::Sparse ? "sparse" : "dense"});
    results.metadata.push_back({"jacobian_update", is.jacobianUpdate});
  }

  const OutputRequest& output = settings_.output;
  if (output.active()) {
    results.metadata.push_back({"output", output.step > 0.0 ? "every " + number(output.step) + " s"
                                                            : std::to_string(output.times.size()) + " times"});
    results.metadata.push_back({"record_steps", output.recordSteps ? "yes" : "no"});
  }

  const double cpu0 = threadCpuSeconds();
  // with requested output times, the steps are recorded only on request (and the last one when
  // the run's end is not a requested time)
  std::optional<OutputGrid> grid;
  if (output.active())
    grid.emplace(*formulation_, output, initial_.t, settings_.tEnd, is.constraintTolerance);
  Recorder recorder(*formulation_, Recorder::Kind::Dynamics,
                    grid && !output.recordSteps ? 0 : settings_.every, settings_.recordMultipliers,
                    grid.has_value());
  integrator_->initialize(initial_);
  recorder.start(integrator_->state(), results,
                 output.step > 0.0 || (!output.times.empty() && output.times.front() <= initial_.t));
  if (observer) observer->onRecorded(results, 0);

  const double tEnd = settings_.tEnd;
  const double tiny = 1e-12 * std::max(1.0, tEnd);
  double h = is.step;
  results.status = RunStatus::Completed;
  while (integrator_->state().t < tEnd - tiny) {
    if (observer && observer->stopRequested()) {
      results.status = RunStatus::Cancelled;
      std::ostringstream os;
      os << "cancelled at t = " << integrator_->state().t << " s";
      results.message = os.str();
      break;
    }
    const double t = integrator_->state().t;
    // fixed steps aim at t0 + (n + 1) h, so that times carry no accumulated round-off; land
    // exactly on t_end and avoid a sliver of a last step
    double hTry = is.variableStep ? std::min(h, tEnd - t)
                                  : std::min(tEnd, initial_.t + double(integrator_->stats().steps + 1) * is.step) - t;
    if (tEnd - t - hTry < 1e-3 * hTry) hTry = tEnd - t;
    const StepResult r = integrator_->step(hTry);
    if (r.kind == StepResult::Kind::Failed) {
      results.status = RunStatus::Failed;
      std::ostringstream os;
      os << r.reason << (r.detail.empty() ? "" : " (" + r.detail + ")") << " in the step from t = " << t
         << " s (h = " << hTry << " s)";
      results.message = os.str();
      break;
    }
    h = r.nextStep > 0.0 ? r.nextStep : is.step;
    if (r.kind == StepResult::Kind::Rejected) {
      results.rejected.push_back({t, hTry, r.detail.empty() ? r.reason : r.reason + ": " + r.detail});
      continue;
    }
    const bool last = integrator_->state().t >= tEnd - tiny;
    if (!r.event.empty()) results.events.push_back({integrator_->state().t, r.event});
    // the step taken (an integrator may stop short of the one asked for)
    const double taken = integrator_->state().t - t;
    const size_t before = results.rowCount();
    // the requested times inside the step, then the step itself: the recorder's evaluation of the
    // step's end comes last and leaves the formulation at the integrator's state
    if (grid)
      grid->sample(*integrator_, [&](const State& s) { recorder.sample(s, taken, r.newtonIterations, results); });
    const bool recordLast =
        last && (output.recordSteps || !(grid && grid->sampledAt(integrator_->state().t)));
    recorder.step(integrator_->state(), taken, r.newtonIterations, recordLast, results);
    if (observer && results.rowCount() > before) observer->onRecorded(results, before);
  }

  if (results.status != RunStatus::Completed) {
    const size_t before = results.rowCount();
    recorder.finish(integrator_->state(), results);
    if (observer && results.rowCount() > before) observer->onRecorded(results, before);
  }
  const IntegratorStats& s = integrator_->stats();
  results.stats.steps = s.steps;
  results.stats.rejectedSteps = s.rejectedSteps;
  results.stats.newtonIterations = s.newtonIterations;
  results.stats.timePoints = s.timePoints;
  results.stats.factorizations = s.factorizations;
  results.stats.functionEvaluations = s.functionEvaluations;
  results.stats.jacobianEvaluations = s.jacobianEvaluations;
  results.stats.repartitions = s.repartitions;
  results.stats.rejections = s.rejections;
  results.stats.phaseSeconds = s.phaseSeconds;
  results.stats.cpuSeconds = threadCpuSeconds() - cpu0;
  if (grid) describeOutputGrid(grid->report(), is.constraintTolerance, results);
  return results;
}

Results runKinematics(const Model& model, const std::string& formulationName,
                      const KinematicsSettings& settings, int every, RunObserver* observer) {
  std::unique_ptr<Formulation> formulation;
  try {
    formulation = makeFormulation(formulationName, model);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
  Formulation& f = *formulation;
  if (!(settings.step > 0.0) || !(settings.tEnd > 0.0))
    throw ConfigurationError("the step and t_end must be positive");
  State s = consistentInitialState(f, 0.0);
  f.computePositions(0.0, s.q);
  const ConstraintRank rank = analyzeConstraintRank(f);
  if (rank.degreesOfFreedom != 0) {
    std::ostringstream os;
    os << "kinematic analysis needs a fully driven mechanism; '" << model.name << "' has "
       << rank.degreesOfFreedom << " degrees of freedom";
    throw ConfigurationError(os.str());
  }

  Results results;
  describeRun(model, formulationName, results);
  results.metadata.push_back({"analysis", "kinematics"});
  results.metadata.push_back({"step", number(settings.step)});
  results.metadata.push_back({"t_end", number(settings.tEnd)});
  results.metadata.push_back({"tolerance", number(settings.tolerance)});

  const double cpu0 = threadCpuSeconds();
  KinematicSolver solver(f, settings);
  Recorder recorder(f, Recorder::Kind::Kinematics, every);
  recorder.start(s, results);
  if (observer) observer->onRecorded(results, 0);
  const long n = std::lround(settings.tEnd / settings.step);
  State accepted = s;  // the last converged state
  results.status = RunStatus::Completed;
  for (long k = 1; k <= n; ++k) {
    if (observer && observer->stopRequested()) {
      results.status = RunStatus::Cancelled;
      results.message = "cancelled at t = " + number(s.t) + " s";
      break;
    }
    const double t = k == n ? settings.tEnd : k * settings.step;
    const KinematicsStep step = solver.advance(t, s);
    results.stats.newtonIterations += step.iterations;
    if (!step.converged) {
      results.status = RunStatus::Failed;
      results.message = step.failure.empty()
                            ? "position analysis did not converge at t = " + number(t) +
                                  " s (singular configuration or a driver out of reach)"
                            : step.failure + " at t = " + number(t) + " s";
      break;
    }
    accepted = s;
    ++results.stats.steps;
    const size_t before = results.rowCount();
    recorder.step(s, settings.step, step.iterations, k == n, results);
    if (observer && results.rowCount() > before) observer->onRecorded(results, before);
  }
  if (results.status != RunStatus::Completed) recorder.finish(accepted, results);
  results.stats.factorizations = solver.factorizations();
  results.stats.cpuSeconds = threadCpuSeconds() - cpu0;
  return results;
}

}  // namespace mbw
