#pragma once
// A dynamics run, the body of Simulation::run (simulation.h), in its stages: describe the settings
// as metadata, start recording at the initial state, advance the integrator to t_end, then the
// statistics. Each stage is a named call, in that order; the run fills the caller's results and
// passes every row on through RunOutput (run_output.h).

#include <optional>
#include <string>
#include <vector>

#include "simulation/run_output.h"
#include "simulation/simulation.h"

namespace mbw {

// The results, the observer and the sink are the caller's; the model, the settings, the
// formulation, the integrator and the initial state are the simulation's, and outlive the run.
// a number in the run's metadata and messages, with ten significant digits
std::string metadataNumber(double x);

class DynamicsRun {
 public:
  DynamicsRun(const Model& model, const RunSettings& settings, Formulation& formulation,
              Integrator& integrator, const State& initial, const std::vector<int>& recordedBodies,
              Results& results, RunObserver* observer, ResultSink* sink);

  // the run's settings as metadata, in the order the CSV header lists them
  void describe();
  // the clocks started, the recorder's channels set and the initial state recorded
  void startRecording();
  // steps to t_end, or until a step fails, the state diverges, the sink fails or a stop is
  // requested; a run that stopped early records the state it stopped at
  void advance();
  // the integrator's counters and CPU times, the output grid's report and the run's checks; then
  // the sink learns the outcome
  void statistics();

 private:
  // one step from the integrator's time; false when the run ends with it
  bool step();
  // the step to ask for from t
  double stepToTry(double t) const;
  // the requested times inside the step just taken, then its end; false when a stop was requested
  // between two of its output times
  bool recordStep(const StepResult& r, double t, bool last);
  // one row recorded and passed on at once (a step may record several: requested times and its end)
  template <class Record>
  void recordRow(Record&& record);
  void fail(const std::string& message) {
    results_.status = RunStatus::Failed;
    results_.message = message;
  }
  void cancel(double at);

  const Model& model_;
  const RunSettings& settings_;
  const IntegratorSettings& is_;
  const IntegratorInfo& info_;
  Formulation& formulation_;
  Integrator& integrator_;
  const State& initial_;
  const std::vector<int>& recordedBodies_;
  Results& results_;
  RunObserver* observer_;
  RunOutput output_;
  const double tEnd_, tiny_;  // the end, and how near it counts as reached
  double h_;                  // the next step to try (variable steps)
  double cpu0_ = 0.0, elapsed0_ = 0.0;
  std::optional<OutputGrid> grid_;  // with requested output times
  std::optional<Recorder> recorder_;
  bool sinkFailed_ = false;
  bool diverged_ = false;
};

}  // namespace mbw
