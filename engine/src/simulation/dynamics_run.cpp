#include "simulation/dynamics_run.h"

#include <algorithm>
#include <sstream>

#include "integrators/index3_solver.h"
#include "math/number_text.h"
#include "simulation/run_checks.h"
#include "simulation/settings_check.h"

namespace mbw {
namespace {

// --- messages and metadata -----------------------------------------------------------------------

// the reason of a failure at the run's smallest step (settings_check.h: minimumStep)
std::string smallestStepNote(const RunSettings& s) {
  std::ostringstream os;
  const double relative = s.relativeMinStep * runTimeScale(s);
  os << ", below the smallest step of this run, " << s.integratorSettings.minStep << " s";
  // the relative limit is named when it is the one that applies
  if (relative > 0.0 && relative >= s.integratorSettings.minStep * (1.0 - 1e-12))
    os << " (" << s.relativeMinStep << " of its time scale, " << runTimeScale(s) << " s)";
  os << ": the solution is blowing up, meets a singularity, or its forces jump there (a contact "
        "starting, a tire meeting a bump); --min-step lowers the limit";
  return os.str();
}

// a state without NaN or infinity in its positions and velocities
bool isFinite(const State& s) { return s.q.allFinite() && s.v.allFinite(); }

// how far the states at the requested times were off the constraints before their projection
void describeOutputGrid(const OutputGridReport& g, double tolerance, Results& r) {
  std::ostringstream os;
  // three significant digits
  os.precision(3);
  os << g.points << " states at the requested times, off the constraints by up to "
     << g.positionViolation << " (positions) and " << g.velocityViolation
     << " (velocities) before the projection to " << tolerance;
  // the states on the constraints already, and the projections that failed
  if (g.onConstraints)
    os << " (" << g.onConstraints << " on them from the integrator, not projected)";
  if (g.projectionFailures)
    os << "; " << g.projectionFailures << " not projected (last: " << g.lastFailure << ")";
  r.metadata.push_back({"output_projection", os.str()});
}

}  // namespace

// a number in the metadata, to ten significant digits
std::string metadataNumber(double x) { return formatNumber(x, 10); }

// --- stages --------------------------------------------------------------------------------------

DynamicsRun::DynamicsRun(const Model& model, const RunSettings& settings, Formulation& formulation,
                         Integrator& integrator, const State& initial,
                         const std::vector<int>& recordedBodies, Results& results,
                         RunObserver* observer, ResultSink* sink)
    : model_(model),
      settings_(settings),
      is_(settings.integratorSettings),
      info_(*findIntegrator(settings.integrator)),
      formulation_(formulation),
      integrator_(integrator),
      initial_(initial),
      recordedBodies_(recordedBodies),
      results_(results),
      observer_(observer),
      output_(results, observer, sink),
      // the end time, the round-off below it that counts as reached, and the first step to try
      tEnd_(settings.tEnd),
      tiny_(1e-12 * std::max(1.0, settings.tEnd)),
      h_(settings.integratorSettings.step) {}

void DynamicsRun::describe() {
  // scene, formulation, integrator and its step and tolerances
  describeRun(model_, settings_.formulation, results_);
  std::vector<std::pair<std::string, std::string>>& m = results_.metadata;
  m.push_back({"integrator", settings_.integrator});
  m.push_back({"step", metadataNumber(is_.step)});
  // tolerances only for variable steps
  if (is_.variableStep) {
    m.push_back({"rtol", metadataNumber(is_.rtol)});
    m.push_back({"atol", metadataNumber(is_.atol)});
  }
  // the Jacobian when not exact, the method's parameters when it has them
  if (is_.jacobian != "exact") m.push_back({"jacobian", is_.jacobian});
  if (info_.capabilities.hasRhoInf)
    m.push_back({"rho_inf", metadataNumber(effectiveRhoInf(info_, is_))});
  if (info_.capabilities.hasAlpha) m.push_back({"alpha", metadataNumber(effectiveAlpha(is_))});
  // the time span, the initial state and the model's redundant equations
  if (settings_.tStart != 0.0) m.push_back({"t_start", metadataNumber(settings_.tStart)});
  m.push_back({"t_end", metadataNumber(settings_.tEnd)});
  if (settings_.startFromEquilibrium) m.push_back({"initial_state", "static equilibrium"});
  if (!model_.redundant.empty()) m.push_back({"redundant_equations", model_.redundancySummary()});
  // Newton's tolerance, and the index-3 integrators' linear solver and form
  m.push_back({"newton_tolerance", metadataNumber(is_.newtonTolerance)});
  // the index-3 integrators are those that offer a choice of linear solver
  const bool index3 = info_.capabilities.linearSolvers.size() > 1;
  if (index3 && is_.newtonToleranceRule != "step")
    m.push_back({"newton_tolerance_rule", is_.newtonToleranceRule});
  if (index3) {
    // the storage the Newton solver will use: the one given, else by size
    const Index3SolverOptions newton = index3SolverOptions(is_);
    const LinearSolverKind kind =
        newton.storage.value_or(automaticLinearSolver(formulation_, newton.update));
    m.push_back({"linear_solver", kind == LinearSolverKind::Sparse ? "sparse" : "dense"});
    m.push_back({"jacobian_update", is_.jacobianUpdate});
    // the augmented Lagrangian's penalty when it is the form used
    if (is_.index3Form != "kkt") {
      m.push_back({"index3_form", is_.index3Form});
      m.push_back({"penalty", metadataNumber(is_.penalty)});
    }
  }
  // the requested output times
  const OutputRequest& request = settings_.output;
  // the grid's step or its count of times, and whether the steps are recorded too
  if (request.active()) {
    m.push_back({"output", request.step > 0.0 ? "every " + metadataNumber(request.step) + " s"
                                              : std::to_string(request.times.size()) + " times"});
    m.push_back({"record_steps", request.recordSteps ? "yes" : "no"});
  }
}

void DynamicsRun::startRecording() {
  // the run's clocks
  cpu0_ = threadCpuSeconds();
  elapsed0_ = monotonicSeconds();
  // with requested output times, the steps are recorded only on request (and the last one when
  // the run's end is not a requested time)
  const OutputRequest& request = settings_.output;
  // the grid of requested times, and the recorder (every N-th step, or none on a grid)
  if (request.active())
    grid_.emplace(formulation_, request, initial_.t, settings_.tEnd, is_.constraintTolerance);
  recorder_.emplace(formulation_, Recorder::Kind::Dynamics,
                    grid_ && !request.recordSteps ? 0 : settings_.every,
                    settings_.recordMultipliers, grid_.has_value(), settings_.recordReactions);
  // recording from a given time on, and of the chosen bodies only
  recorder_->setRecordFrom(settings_.recordFrom);
  if (settings_.recordBodies) recorder_->setBodies(recordedBodies_);
  // the integrator's history starts at the initial state
  integrator_.initialize(initial_);
  // how the energy balance's work integrals are advanced: by the method itself, or by a quadrature
  // rule beside it (whose error then adds to the balance)
  results_.metadata.push_back(
      {"work_integration", integrator_.workByQuadrature() ? "quadrature" : "method"});
  results_.metadata.push_back({"work_rule", info_.capabilities.workRule});
  // the channels to the sink, then the initial row (on the grid when it is a requested time)
  output_.begin(recorder_->channels(), settings_.memoryBudget);
  output_.mark();
  recorder_->start(
      integrator_.state(), results_,
      request.step > 0.0 || (!request.times.empty() && request.times.front() <= initial_.t));
  sinkFailed_ = !output_.deliver();
}

void DynamicsRun::advance() {
  // complete unless something stops it
  results_.status = RunStatus::Completed;
  if (sinkFailed_) output_.stopForSink(integrator_.state().t);
  // steps up to t_end (within round-off), until one fails or the sink fails
  while (!sinkFailed_ && integrator_.state().t < tEnd_ - tiny_)
    if (!step()) break;
  // a run that stopped early keeps the state it stopped at (not a diverged one)
  if (results_.status != RunStatus::Completed && !sinkFailed_ && !diverged_) {
    output_.mark();
    recorder_->finish(integrator_.state(), results_);
    output_.deliver();
  }
}

void DynamicsRun::statistics() {
  // the integrator's counters
  const IntegratorStats& s = integrator_.stats();
  RunStatistics& stats = results_.stats;
  stats.steps = s.steps;
  stats.rejectedSteps = s.rejectedSteps;
  stats.newtonIterations = s.newtonIterations;
  stats.timePoints = s.timePoints;
  stats.factorizations = s.factorizations;
  stats.functionEvaluations = s.functionEvaluations;
  stats.jacobianEvaluations = s.jacobianEvaluations;
  stats.repartitions = s.repartitions;
  stats.rejections = s.rejections;
  stats.cpuSeconds = threadCpuSeconds() - cpu0_;
  // the phases' elapsed times in CPU time (integrators/cpu_time.h)
  const double elapsed = monotonicSeconds() - elapsed0_;
  stats.phaseSeconds = s.phaseSeconds;
  if (elapsed > 0.0)
    for (auto& [phase, seconds] : stats.phaseSeconds) seconds *= stats.cpuSeconds / elapsed;
  // how far the grid's states were off the constraints
  if (grid_) describeOutputGrid(grid_->report(), is_.constraintTolerance, results_);
  // a completed run's checks (run_checks.h), said beside its status
  if (results_.status == RunStatus::Completed)
    for (const std::string& finding : runCheckFindings(results_))
      results_.metadata.push_back({"check", finding});
  // the local error estimates the steps committed, in tolerances (IntegratorStats::localErrorSum)
  if (is_.variableStep)
    results_.metadata.push_back({"error_estimate", metadataNumber(s.localErrorSum)});
  // the outcome, final now, to the sink
  output_.end();
}

// --- one step ------------------------------------------------------------------------------------

bool DynamicsRun::step() {
  // a stop requested before the step
  if (observer_ && observer_->stopRequested()) {
    cancel(integrator_.state().t);
    return false;
  }
  // the step, which fails, is rejected (and retried smaller) or is taken
  const double t = integrator_.state().t;
  const double hTry = stepToTry(t);
  const StepResult r = integrator_.step(hTry);
  if (r.kind == StepResult::Kind::Failed) {
    // the reason, the step's time and size; near the smallest step, why it came so small
    std::ostringstream os;
    os << r.reason << (r.detail.empty() ? "" : " (" + r.detail + ")")
       << " in the step from t = " << t << " s (h = " << r.h << " s)";
    if (is_.variableStep && r.h <= 2.0 * is_.minStep) os << smallestStepNote(settings_);
    fail(os.str());
    return false;
  }
  // the next try: the integrator's proposal, or the fixed step; a rejection is noted and the step
  // retried from the same time
  h_ = r.nextStep > 0.0 ? r.nextStep : is_.step;
  if (r.kind == StepResult::Kind::Rejected) {
    results_.rejected.push_back(
        {t, hTry, r.detail.empty() ? r.reason : r.reason + ": " + r.detail});
    return true;
  }
  // a state that is no longer finite is not recorded: the run ends with what it had
  if (!isFinite(integrator_.state())) {
    std::ostringstream os;
    os << "the solution diverged: the state is no longer finite after the step from t = " << t
       << " s (h = " << hTry << " s)";
    fail(os.str());
    diverged_ = true;
    return false;
  }
  // the step's event and rows
  const bool last = integrator_.state().t >= tEnd_ - tiny_;
  if (!r.event.empty()) output_.event(integrator_.state().t, r.event);
  if (!recordStep(r, t, last)) return false;
  // a variable step that must fall below the run's smallest: blowing up, or a singularity ahead
  if (is_.variableStep && !last && r.nextStep > 0.0 && r.nextStep < is_.minStep && !sinkFailed_) {
    std::ostringstream os;
    os << "the step fell to " << r.nextStep << " s at t = " << integrator_.state().t << " s"
       << smallestStepNote(settings_);
    fail(os.str());
    return false;
  }
  return true;
}

double DynamicsRun::stepToTry(double t) const {
  // fixed steps aim at t0 + (n + 1) h, so that times carry no accumulated round-off; land
  // exactly on t_end and avoid a sliver of a last step
  double hTry =
      is_.variableStep
          ? std::min(h_, tEnd_ - t)
          : std::min(tEnd_, initial_.t + double(integrator_.stats().steps + 1) * is_.step) - t;
  // a last step below a thousandth of the step is merged into this one
  if (tEnd_ - t - hTry < 1e-3 * hTry) hTry = tEnd_ - t;
  return hTry;
}

template <class Record>
void DynamicsRun::recordRow(Record&& record) {
  // nothing more once the sink failed; the run stops at the row it could not take
  if (sinkFailed_) return;
  output_.mark();
  record();
  if (!output_.deliver()) {
    sinkFailed_ = true;
    output_.stopForSink(integrator_.state().t);
  }
}

bool DynamicsRun::recordStep(const StepResult& r, double t, bool last) {
  // the step taken (an integrator may stop short of the one asked for)
  const double taken = integrator_.state().t - t;
  // the requested times inside the step, then the step itself: the recorder's evaluation of the
  // step's end comes last and leaves the formulation at the integrator's state
  // (a stop requested between two of a step's output times ends the run there)
  if (grid_ && !grid_->sample(integrator_, [&](const State& state) {
        recordRow([&] {
          recorder_->sample(state, integrator_.workAt(state.t), taken, r.newtonIterations,
                            results_);
        });
        return !sinkFailed_ && !(observer_ && observer_->stopRequested());
      })) {
    if (!sinkFailed_) cancel(results_.rowCount() ? results_.at(results_.rowCount() - 1, 0) : t);
    return false;
  }
  // the last step is recorded when the steps are, or when the grid does not hold its time
  const bool recordLast =
      last && (settings_.output.recordSteps || !(grid_ && grid_->sampledAt(integrator_.state().t)));
  recordRow([&] {
    recorder_->step(integrator_.state(), integrator_.work(), taken, r.newtonIterations, recordLast,
                    results_);
  });
  return true;
}

void DynamicsRun::cancel(double at) {
  // the status, and the time the run stopped at
  results_.status = RunStatus::Cancelled;
  std::ostringstream os;
  os << "cancelled at t = " << at << " s";
  results_.message = os.str();
}

}  // namespace mbw
