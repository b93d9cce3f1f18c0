#pragma once
// Where a run's output goes while the run produces it. A Simulation hands its sink the columns and
// settings once (begin), then every recorded row and event in order, then the outcome (end): a
// sink may write them to disk (CsvStreamWriter), forward them to a GUI, or keep what it needs, so
// that a run of any length needs no memory for the rows it has passed on.
// Called on the thread that runs the simulation.

#include <string>

#include "simulation/results.h"

namespace mbw {

class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // the run's channels and metadata are known and its status is Running; no row yet
  virtual void begin(const Results& run) = 0;
  // one recorded row: run.columnCount() values, in the order of run.channels()
  virtual void row(const double* values) = 0;
  // something happened at e.t (before the row recorded at that time)
  virtual void runEvent(const RunEvent& /*e*/) {}
  // the run ended: its status, message, statistics and events are final
  virtual void end(const Results& run) = 0;
  // why the sink cannot take more (e.g. "writing 'out.csv' failed: No space left on device");
  // empty while it works. A run stops at the first row its sink could not take.
  virtual std::string failure() const { return {}; }
};

}  // namespace mbw
