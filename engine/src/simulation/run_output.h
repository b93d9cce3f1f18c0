#pragma once
// What a run (Simulation::run, runKinematics) produces, on its way out: the metadata every run
// starts with, and the rows and events the recorder adds to the results, passed on to the run's
// sink (result_sink.h) and observer (simulation.h) as they come.

#include <string>
#include <vector>

#include "model/model.h"
#include "simulation/result_sink.h"
#include "simulation/results.h"

namespace mbw {

class RunObserver;

// the scene (and its file) and the formulation, first in every run's metadata
void describeRun(const Model& model, const std::string& formulation, Results& r);

// Hands each row the recorder adds to the results on to the sink and the observer (either may be
// null).
class RunOutput {
 public:
  RunOutput(Results& results, RunObserver* observer, ResultSink* sink)
      : results_(results), observer_(observer), sink_(sink) {}

  // the channels are set, the row limit from the memory budget (bytes; 0: no limit, else at least
  // 2 rows) and the status Running: the sink learns them before the first row
  void begin(std::vector<Channel> channels, size_t memoryBudget);
  // before recording
  void mark() { appended_ = results_.appendedRowCount(); }
  // after recording: passes on the row recorded since mark(), if any; false when the sink failed
  bool deliver();
  // an event at t, kept in the results and passed on
  void event(double t, const std::string& description);
  // the sink could not take a row: the run fails with the sink's reason and the time
  void stopForSink(double t);
  // the run ended: the sink learns its outcome
  void end();

 private:
  Results& results_;
  RunObserver* observer_;
  ResultSink* sink_;
  size_t appended_ = 0;  // the rows appended at mark()
};

}  // namespace mbw
