#include "simulation/simulation.h"

#include "integrators/index3_solver.h"

#include <cmath>
#include <ctime>
#include <optional>
#include <sstream>

#include "math/number_text.h"
#include "simulation/run_checks.h"
#include "simulation/settings_check.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

std::string number(double x) { return formatNumber(x, 10); }

// hands each row the recorder adds to the results on to the sink and the observer
class RunOutput {
 public:
  RunOutput(Results& results, RunObserver* observer, ResultSink* sink)
      : results_(results), observer_(observer), sink_(sink) {}

  // the channels and metadata are set: the sink learns them before the first row
  void begin(std::vector<Channel> channels, size_t memoryBudget) {
    results_.setChannels(std::move(channels));
    const size_t rowBytes = sizeof(double) * results_.channels().size();
    results_.setRowLimit(memoryBudget == 0 ? 0 : std::max<size_t>(2, memoryBudget / rowBytes));
    results_.status = RunStatus::Running;
    if (sink_) sink_->begin(results_);
  }
  // before recording
  void mark() { appended_ = results_.appendedRowCount(); }
  // after recording: passes on the row recorded since mark(), if any; false when the sink failed
  bool deliver() {
    if (results_.appendedRowCount() == appended_) return true;
    const size_t last = results_.rowCount() - 1;
    if (sink_) sink_->row(results_.row(last));
    if (observer_) observer_->onRecorded(results_, last);
    return !sink_ || sink_->failure().empty();
  }
  void event(double t, const std::string& description) {
    results_.events.push_back({t, description});
    if (sink_) sink_->runEvent(results_.events.back());
  }
  // the sink could not take a row: the run fails with its reason
  void stopForSink(double t) {
    std::ostringstream os;
    os << sink_->failure() << "; the run stopped at t = " << t << " s";
    results_.status = RunStatus::Failed;
    results_.message = os.str();
  }
  void end() {
    if (sink_) sink_->end(results_);
  }

 private:
  Results& results_;
  RunObserver* observer_;
  ResultSink* sink_;
  size_t appended_ = 0;
};

void describeRun(const Model& model, const std::string& formulation, Results& r) {
  r.metadata.push_back({"scene", model.name});
  if (!model.sourcePath.empty()) r.metadata.push_back({"scene_file", model.sourcePath});
  r.metadata.push_back({"formulation", formulation});
}

// the reason of a failure at the run's smallest step (settings_check.h: minimumStep)
std::string smallestStepNote(const RunSettings& s) {
  std::ostringstream os;
  const double relative = s.relativeMinStep * runTimeScale(s);
  os << ", below the smallest step of this run, " << s.integratorSettings.minStep << " s";
  if (relative > 0.0 && relative >= s.integratorSettings.minStep * (1.0 - 1e-12))
    os << " (" << s.relativeMinStep << " of its time scale, " << runTimeScale(s) << " s)";
  os << ": the solution is blowing up or meets a singularity (--min-step lowers the limit)";
  return os.str();
}

bool isFinite(const State& s) { return s.q.allFinite() && s.v.allFinite(); }

// how far the states at the requested times were off the constraints before their projection
void describeOutputGrid(const OutputGridReport& g, double tolerance, Results& r) {
  std::ostringstream os;
  os.precision(3);
  os << g.points << " states at the requested times, off the constraints by up to "
     << g.positionViolation << " (positions) and " << g.velocityViolation
     << " (velocities) before the projection to " << tolerance;
  if (g.onConstraints)
    os << " (" << g.onConstraints << " on them from the integrator, not projected)";
  if (g.projectionFailures)
    os << "; " << g.projectionFailures << " not projected (last: " << g.lastFailure << ")";
  r.metadata.push_back({"output_projection", os.str()});
}

}  // namespace

Simulation::Simulation(Model model, RunSettings settings)
    : model_(std::move(model)), settings_(std::move(settings)) {
  if (const std::optional<SettingsProblem> p = runSettingsProblem(settings_))
    throw ConfigurationError(p->message, p->settings);
  const IntegratorInfo* info = findIntegrator(settings_.integrator);
  for (const std::string& name : settings_.recordBodies.value_or(std::vector<std::string>{})) {
    const int b = model_.bodyIndex(name);
    if (b < 0)
      throw ConfigurationError("cannot record body '" + name + "': the scene has no such body");
    recordedBodies_.push_back(b);
  }
  try {
    formulation_ = makeFormulation(settings_.formulation, model_);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
  initial_ = settings_.startFromEquilibrium
                 ? equilibriumInitialState(*formulation_, settings_.tStart, &equilibrium_)
                 : consistentInitialState(*formulation_, settings_.tStart, &projection_);
  // variable steps keep the local errors of the whole run within the tolerance
  settings_.integratorSettings.errorSpan = settings_.tEnd - settings_.tStart;
  // and fail below the smallest step of the run's time scale (settings_check.h)
  settings_.integratorSettings.minStep = minimumStep(settings_);
  integrator_ = info->make(*formulation_, settings_.integratorSettings);
}

Simulation::~Simulation() = default;

Results Simulation::run(RunObserver* observer, ResultSink* sink) {
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
  if (info->capabilities.hasAlpha)
    results.metadata.push_back({"alpha", number(effectiveAlpha(is))});
  if (settings_.tStart != 0.0) results.metadata.push_back({"t_start", number(settings_.tStart)});
  results.metadata.push_back({"t_end", number(settings_.tEnd)});
  if (settings_.startFromEquilibrium)
    results.metadata.push_back({"initial_state", "static equilibrium"});
  if (!model_.redundant.empty())
    results.metadata.push_back({"redundant_equations", model_.redundancySummary()});
  results.metadata.push_back({"newton_tolerance", number(is.newtonTolerance)});
  if (info->capabilities.linearSolvers.size() > 1 && is.newtonToleranceRule != "step")
    results.metadata.push_back({"newton_tolerance_rule", is.newtonToleranceRule});
  if (info->capabilities.linearSolvers.size() > 1) {
    const Index3SolverOptions newton = index3SolverOptions(is);
    const LinearSolverKind kind =
        newton.storage.value_or(automaticLinearSolver(*formulation_, newton.update));
    results.metadata.push_back(
        {"linear_solver", kind == LinearSolverKind::Sparse ? "sparse" : "dense"});
    results.metadata.push_back({"jacobian_update", is.jacobianUpdate});
    if (is.index3Form != "kkt") {
      results.metadata.push_back({"index3_form", is.index3Form});
      results.metadata.push_back({"penalty", number(is.penalty)});
    }
  }

  const OutputRequest& request = settings_.output;
  if (request.active()) {
    results.metadata.push_back({"output", request.step > 0.0
                                              ? "every " + number(request.step) + " s"
                                              : std::to_string(request.times.size()) + " times"});
    results.metadata.push_back({"record_steps", request.recordSteps ? "yes" : "no"});
  }

  const double cpu0 = threadCpuSeconds(), elapsed0 = monotonicSeconds();
  // with requested output times, the steps are recorded only on request (and the last one when
  // the run's end is not a requested time)
  std::optional<OutputGrid> grid;
  if (request.active())
    grid.emplace(*formulation_, request, initial_.t, settings_.tEnd, is.constraintTolerance);
  Recorder recorder(*formulation_, Recorder::Kind::Dynamics,
                    grid && !request.recordSteps ? 0 : settings_.every, settings_.recordMultipliers,
                    grid.has_value(), settings_.recordReactions);
  recorder.setRecordFrom(settings_.recordFrom);
  if (settings_.recordBodies) recorder.setBodies(recordedBodies_);
  integrator_->initialize(initial_);
  // how the energy balance's work integrals are advanced: by the method itself, or by a quadrature
  // rule beside it (whose error then adds to the balance)
  results.metadata.push_back(
      {"work_integration", integrator_->workByQuadrature() ? "quadrature" : "method"});
  results.metadata.push_back({"work_rule", info->capabilities.workRule});
  RunOutput output(results, observer, sink);
  output.begin(recorder.channels(), settings_.memoryBudget);
  output.mark();
  recorder.start(
      integrator_->state(), results,
      request.step > 0.0 || (!request.times.empty() && request.times.front() <= initial_.t));
  bool sinkFailed = !output.deliver();
  // one row recorded and passed on at once (a step may record several: requested times and its end)
  const auto recordRow = [&](auto&& record) {
    if (sinkFailed) return;
    output.mark();
    record();
    if (!output.deliver()) {
      sinkFailed = true;
      output.stopForSink(integrator_->state().t);
    }
  };

  const double tEnd = settings_.tEnd;
  const double tiny = 1e-12 * std::max(1.0, tEnd);
  double h = is.step;
  results.status = RunStatus::Completed;
  if (sinkFailed) output.stopForSink(integrator_->state().t);
  bool diverged = false;
  const auto cancel = [&](double at) {
    results.status = RunStatus::Cancelled;
    std::ostringstream os;
    os << "cancelled at t = " << at << " s";
    results.message = os.str();
  };
  while (!sinkFailed && integrator_->state().t < tEnd - tiny) {
    if (observer && observer->stopRequested()) {
      cancel(integrator_->state().t);
      break;
    }
    const double t = integrator_->state().t;
    // fixed steps aim at t0 + (n + 1) h, so that times carry no accumulated round-off; land
    // exactly on t_end and avoid a sliver of a last step
    double hTry =
        is.variableStep
            ? std::min(h, tEnd - t)
            : std::min(tEnd, initial_.t + double(integrator_->stats().steps + 1) * is.step) - t;
    if (tEnd - t - hTry < 1e-3 * hTry) hTry = tEnd - t;
    const StepResult r = integrator_->step(hTry);
    if (r.kind == StepResult::Kind::Failed) {
      results.status = RunStatus::Failed;
      std::ostringstream os;
      os << r.reason << (r.detail.empty() ? "" : " (" + r.detail + ")")
         << " in the step from t = " << t << " s (h = " << r.h << " s)";
      if (is.variableStep && r.h <= 2.0 * is.minStep) os << smallestStepNote(settings_);
      results.message = os.str();
      break;
    }
    h = r.nextStep > 0.0 ? r.nextStep : is.step;
    if (r.kind == StepResult::Kind::Rejected) {
      results.rejected.push_back(
          {t, hTry, r.detail.empty() ? r.reason : r.reason + ": " + r.detail});
      continue;
    }
    // a state that is no longer finite is not recorded: the run ends with what it had
    if (!isFinite(integrator_->state())) {
      results.status = RunStatus::Failed;
      std::ostringstream os;
      os << "the solution diverged: the state is no longer finite after the step from t = " << t
         << " s (h = " << hTry << " s)";
      results.message = os.str();
      diverged = true;
      break;
    }
    const bool last = integrator_->state().t >= tEnd - tiny;
    if (!r.event.empty()) output.event(integrator_->state().t, r.event);
    // the step taken (an integrator may stop short of the one asked for)
    const double taken = integrator_->state().t - t;
    // the requested times inside the step, then the step itself: the recorder's evaluation of the
    // step's end comes last and leaves the formulation at the integrator's state
    // (a stop requested between two of a step's output times ends the run there)
    if (grid && !grid->sample(*integrator_, [&](const State& state) {
          recordRow([&] {
            recorder.sample(state, integrator_->workAt(state.t), taken, r.newtonIterations,
                            results);
          });
          return !sinkFailed && !(observer && observer->stopRequested());
        })) {
      if (!sinkFailed) cancel(results.rowCount() ? results.at(results.rowCount() - 1, 0) : t);
      break;
    }
    const bool recordLast =
        last && (request.recordSteps || !(grid && grid->sampledAt(integrator_->state().t)));
    recordRow([&] {
      recorder.step(integrator_->state(), integrator_->work(), taken, r.newtonIterations,
                    recordLast, results);
    });
    // a variable step that must fall below the run's smallest: blowing up, or a singularity ahead
    if (is.variableStep && !last && r.nextStep > 0.0 && r.nextStep < is.minStep && !sinkFailed) {
      results.status = RunStatus::Failed;
      std::ostringstream os;
      os << "the step fell to " << r.nextStep << " s at t = " << integrator_->state().t << " s"
         << smallestStepNote(settings_);
      results.message = os.str();
      break;
    }
  }

  if (results.status != RunStatus::Completed && !sinkFailed && !diverged) {
    output.mark();
    recorder.finish(integrator_->state(), results);
    output.deliver();
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
  results.stats.cpuSeconds = threadCpuSeconds() - cpu0;
  // the phases' elapsed times in CPU time (integrators/cpu_time.h)
  const double elapsed = monotonicSeconds() - elapsed0;
  results.stats.phaseSeconds = s.phaseSeconds;
  if (elapsed > 0.0)
    for (auto& [phase, seconds] : results.stats.phaseSeconds)
      seconds *= results.stats.cpuSeconds / elapsed;
  if (grid) describeOutputGrid(grid->report(), is.constraintTolerance, results);
  // a completed run's checks (run_checks.h), said beside its status
  if (results.status == RunStatus::Completed)
    for (const std::string& finding : runCheckFindings(results))
      results.metadata.push_back({"check", finding});
  // the local error estimates the steps committed, in tolerances (IntegratorStats::localErrorSum)
  if (is.variableStep) results.metadata.push_back({"error_estimate", number(s.localErrorSum)});
  output.end();
  return results;
}

Results runKinematics(const Model& model, const std::string& formulationName,
                      const KinematicsSettings& settings, int every, RunObserver* observer,
                      ResultSink* sink, size_t memoryBudget) {
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
  RunOutput output(results, observer, sink);
  output.begin(recorder.channels(), memoryBudget);
  output.mark();
  recorder.start(s, results);
  bool sinkFailed = !output.deliver();
  const long n = std::lround(settings.tEnd / settings.step);
  State accepted = s;  // the last converged state
  results.status = RunStatus::Completed;
  if (sinkFailed) output.stopForSink(s.t);
  for (long k = 1; k <= n && !sinkFailed; ++k) {
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
    output.mark();
    recorder.step(s, WorkIntegrals{}, settings.step, step.iterations, k == n, results);
    if (!output.deliver()) {
      sinkFailed = true;
      output.stopForSink(s.t);
    }
  }
  if (results.status != RunStatus::Completed && !sinkFailed) {
    output.mark();
    recorder.finish(accepted, results);
    output.deliver();
  }
  results.stats.factorizations = solver.factorizations();
  results.stats.cpuSeconds = threadCpuSeconds() - cpu0;
  output.end();
  return results;
}

}  // namespace mbw
