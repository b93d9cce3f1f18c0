#include "study_run.h"

#include <cmath>
#include <cstdio>
#include <ostream>

#include "cli_common.h"
#include "run_progress.h"
#include "solvers/initial_conditions.h"

namespace mbw::cli {
namespace {

class StudyObserver : public RunObserver {
 public:
  StudyObserver(const std::vector<double>& checkpoints, double budget, double tEnd)
      : checkpoints_(checkpoints), budget_(budget), cpuAt_(checkpoints.size(), -1.0),
        start_(threadCpuSeconds()), progress_(tEnd) {}

  void onRecorded(const Results& results, size_t firstNewRow) override {
    progress_.onRecorded(results, firstNewRow);
    const double cpu = threadCpuSeconds() - start_;
    for (size_t r = firstNewRow; r < results.rowCount(); ++r)
      for (size_t c = 0; c < checkpoints_.size(); ++c)
        if (cpuAt_[c] < 0.0 && results.at(r, 0) >= checkpoints_[c] * (1.0 - 1e-12)) cpuAt_[c] = cpu;
    overBudget_ = budget_ > 0.0 && cpu > budget_;
  }
  bool stopRequested() override { return overBudget_ || progress_.stopRequested(); }

  const std::vector<double>& cpuAt() const { return cpuAt_; }
  bool overBudget() const { return overBudget_; }
  bool interrupted() const { return progress_.interrupted(); }

 private:
  std::vector<double> checkpoints_;
  double budget_;
  std::vector<double> cpuAt_;
  double start_;
  bool overBudget_ = false;
  TerminalProgress progress_;
};

}  // namespace

std::string studyChannel(const Model& model, const std::string& scene, const std::string& requested) {
  if (!requested.empty()) return requested;
  if (model.outputs.empty()) throw InputError(scene + " has no named outputs: choose a channel with --channel");
  return model.outputs.front().name;
}

std::string toleranceLabel(double tolerance) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0e", tolerance);
  return text;
}

StudyRun runForStudy(const Model& model, const RunSettings& settings,
                     const std::vector<double>& checkpoints, double cpuBudget,
                     std::ostream& progress, const std::string& label) {
  progress << "  " << label << std::endl;
  std::unique_ptr<Simulation> simulation;
  try {
    simulation = std::make_unique<Simulation>(model, settings);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  } catch (const ModelError& e) {
    throw InputError(model.name + ": " + e.what());
  }
  StudyRun run;
  {
    StudyObserver observer(checkpoints, cpuBudget, settings.tEnd);
    run.results = simulation->run(&observer);
    run.cpuAt = observer.cpuAt();
    run.overBudget = observer.overBudget();
    run.interrupted = observer.interrupted();
  }
  const RunStatistics& s = run.results.stats;
  const double tReached = run.results.rowCount() ? run.results.at(run.results.rowCount() - 1, 0) : 0.0;
  progress << "    " << toString(run.results.status) << " at t = " << formatNumber(tReached, 4)
           << " s: " << s.steps << " steps (+" << s.rejectedSteps << " rejected), "
           << formatNumber(s.cpuSeconds) << " s CPU";
  if (run.overBudget) progress << " (stopped: CPU budget " << formatNumber(cpuBudget) << " s)";
  if (run.results.status == RunStatus::Failed) progress << ": " << run.results.message;
  progress << "\n";
  return run;
}

}  // namespace mbw::cli
