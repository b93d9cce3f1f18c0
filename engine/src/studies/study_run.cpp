#include "studies/study_run.h"

#include <algorithm>
#include <cmath>

#include "analysis/stepping_cost.h"
#include "integrators/cpu_time.h"

namespace mbw {
namespace {

// --- one run, simulated or timed -----------------------------------------------------------------

// reads the CPU time as the run passes the checkpoints, stops it over its budget or on request
class StudyRunObserver : public RunObserver {
 public:
  StudyRunObserver(const std::vector<double>& checkpoints, double budget,
                   const std::function<bool()>& stop)
      : checkpoints_(checkpoints),
        budget_(budget),
        stop_(stop),
        cpuAt_(checkpoints.size(), RunRecord::kNone),
        start_(threadCpuSeconds()) {}

  void onRecorded(const Results& results, size_t firstNewRow) override {
    // the first row at or past each checkpoint fixes the cpu time to reach it
    // the thread's CPU time since the run started
    const double cpu = threadCpuSeconds() - start_;
    for (size_t r = firstNewRow; r < results.rowCount(); ++r)
      for (size_t c = 0; c < checkpoints_.size(); ++c)
        if (std::isnan(cpuAt_[c]) && results.at(r, 0) >= checkpoints_[c] * (1.0 - 1e-12))
          cpuAt_[c] = cpu;
    // the budget bounds the run's cpu time so far
    overBudget_ = budget_ > 0.0 && cpu > budget_;
  }
  bool stopRequested() override {
    // a stop request is remembered, so a later run of the hook cannot clear it
    stopped_ = stopped_ || (stop_ && stop_());
    return overBudget_ || stopped_;
  }

  const std::vector<double>& cpuAt() const { return cpuAt_; }
  bool overBudget() const { return overBudget_; }
  bool stopped() const { return stopped_; }

 private:
  const std::vector<double>& checkpoints_;
  double budget_;
  const std::function<bool()>& stop_;
  std::vector<double> cpuAt_;
  double start_;
  bool overBudget_ = false, stopped_ = false;
};

// what one simulation gives: its results, the cpu time at each checkpoint, why it stopped
struct Outcome {
  Results results;
  std::vector<double> cpuAt;
  bool overBudget = false, stopped = false;
};

// one simulation of a run, kinematic or dynamic, observed for checkpoints, budget and stop
Outcome simulate(const Study& study, const Model& model, const RunSpec& spec,
                 const StudyRunHooks& hooks) {
  // the observer reads the cpu time at the checkpoints and stops the run when asked
  Outcome o;
  StudyRunObserver observer(study.checkpoints, spec.cpuBudget, hooks.stopRequested);
  // a kinematic analysis, or a dynamic run
  if (spec.analysis == RunAnalysis::Kinematics) {
    o.results = runKinematics(model, spec.settings.formulation, spec.kinematics,
                              spec.settings.every, &observer);
  } else {
    Simulation simulation(model, spec.settings);
    o.results = simulation.run(&observer);
  }
  // a stop by the budget is the run's own end, not the user's
  o.cpuAt = observer.cpuAt();
  o.overBudget = observer.overBudget();
  o.stopped = observer.stopped() && !o.overBudget;
  // and its message says so
  if (o.overBudget)
    o.results.message = "stopped by the CPU budget of " + std::to_string(spec.cpuBudget) + " s";
  return o;
}

// a run timed without recording, for the tables of cost per step
RunRecord timeSteppingLoop(const Model& model, const RunSpec& spec) {
  // only the stepping loop is timed: counts and cpu time, no errors
  const RunCost cost = spec.analysis == RunAnalysis::Kinematics
                           ? timeKinematics(model, spec.settings.formulation, spec.kinematics)
                           : timeDynamics(model, spec.settings);
  // the record from the cost: one time point per step, the end reached if it completed
  RunRecord r;
  r.status = cost.completed ? RunStatus::Completed : RunStatus::Failed;
  r.message = cost.message;
  r.stats.steps = cost.steps;
  r.stats.newtonIterations = cost.newtonIterations;
  r.stats.timePoints = cost.steps;
  r.stats.cpuSeconds = r.cpuSecondsMax = cost.cpuSeconds;
  r.tReached = cost.completed ? endTime(spec) : RunRecord::kNone;
  return r;
}

// the record of a run that could not start
RunRecord failedRecord(const std::string& why) {
  RunRecord r;
  r.status = RunStatus::Failed;
  r.message = "cannot run: " + why;
  return r;
}

}  // namespace

// --- the runs of a study -------------------------------------------------------------------------

Results keepChannels(const Results& results, const std::vector<std::string>& channels) {
  // time first, then each named channel present in the results, once
  std::vector<int> columns = {0};
  for (const std::string& c : channels)
    if (const int k = results.column(c);
        k > 0 && std::find(columns.begin(), columns.end(), k) == columns.end())
      columns.push_back(k);
  // a results table of the kept channels
  Results kept;
  std::vector<Channel> kinds;
  for (int k : columns) kinds.push_back(results.channels()[k]);
  kept.setChannels(kinds);
  // every row, those columns only
  std::vector<double> row(columns.size());
  for (size_t i = 0; i < results.rowCount(); ++i) {
    for (size_t k = 0; k < columns.size(); ++k) row[k] = results.at(i, columns[k]);
    kept.appendRow(row);
  }
  // with the run's metadata, statistics and status
  kept.metadata = results.metadata;
  kept.stats = results.stats;
  kept.status = results.status;
  kept.message = results.message;
  return kept;
}

RunRecord makeStudyRun(const Study& study, const std::vector<Model>& models,
                       const std::vector<Results>& references, int index,
                       const StudyRunHooks& hooks) {
  // the run and its variant's model
  const RunSpec& spec = study.runs.at(index);
  const Model& model = models.at(spec.variant);
  RunRecord record;
  try {
    // a timing of the stepping loop alone: the least cpu time of the repetitions
    if (spec.timing == RunTiming::SteppingLoop) {
      record = timeSteppingLoop(model, spec);
      // repetitions while they complete: the least and the largest CPU time
      for (int k = 1; k < spec.repeat && record.status == RunStatus::Completed; ++k) {
        const RunRecord again = timeSteppingLoop(model, spec);
        record.stats.cpuSeconds = std::min(record.stats.cpuSeconds, again.stats.cpuSeconds);
        record.cpuSecondsMax = std::max(record.cpuSecondsMax, again.stats.cpuSeconds);
      }
      // shaped as any record: an empty error per output, no time at any checkpoint
      record.run = index;
      record.errors.resize(study.outputs.size());
      record.cpuAt.assign(study.checkpoints.size(), RunRecord::kNone);
      return record;
    }
    // a recorded run, measured against its variant's reference
    Outcome first = simulate(study, model, spec, hooks);
    const Results* reference = spec.reference >= 0 ? &references.at(spec.reference) : nullptr;
    record = measureRun(first.results, reference, study.outputs);
    // the cpu time at each checkpoint, and whether the user stopped it
    record.cpuAt = first.cpuAt;
    record.interrupted = first.stopped;
    // the repetitions time the same run again
    for (int k = 1; k < spec.repeat && record.status == RunStatus::Completed && !record.interrupted;
         ++k) {
      const Outcome again = simulate(study, model, spec, hooks);
      record.interrupted = again.stopped;
      // the least cpu time and the largest; the errors and counts stay the first run's
      record.stats.cpuSeconds = std::min(record.stats.cpuSeconds, again.results.stats.cpuSeconds);
      record.cpuSecondsMax = std::max(record.cpuSecondsMax, again.results.stats.cpuSeconds);
      for (size_t c = 0; c < record.cpuAt.size(); ++c)
        record.cpuAt[c] = std::min(record.cpuAt[c], again.cpuAt[c]);
    }
    // the results go out only for a run that went to its end
    if (hooks.onResults && !record.interrupted) hooks.onResults(index, first.results);
  } catch (const ConfigurationError& e) {
    // bad settings or a bad model fail this run only, the study goes on
    record = failedRecord(e.what());
  } catch (const ModelError& e) {
    // a model error or a refused argument fails the run alike
    record = failedRecord(e.what());
  } catch (const std::invalid_argument& e) {
    record = failedRecord(e.what());
  }
  // every record has one error per output and one time per checkpoint, reached or not
  record.run = index;
  record.errors.resize(study.outputs.size());
  record.cpuAt.resize(study.checkpoints.size(), RunRecord::kNone);
  return record;
}

Results makeReferenceRun(const Study& study, const std::vector<Model>& models, int index,
                         const StudyRunHooks& hooks) {
  // the reference run of a variant keeps only the channels compared
  const RunSpec& spec = study.references.at(index).run;
  Outcome o = simulate(study, models.at(spec.variant), spec, hooks);
  // a reference the user stopped counts as cancelled
  if (o.stopped) o.results.status = RunStatus::Cancelled;
  return keepChannels(o.results, study.outputs);
}

}  // namespace mbw
