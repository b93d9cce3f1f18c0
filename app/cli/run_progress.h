#pragma once
// What a long command-line run shows and obeys: a progress line on the terminal (simulated time,
// percentage, real-time factor) and Ctrl-C, which stops the run cleanly so that its results are
// still written.

#include <chrono>

#include "simulation/simulation.h"

namespace mbw::cli {

class TerminalProgress final : public RunObserver {
 public:
  // the run's span; progress is shown only on a terminal and after the first second
  explicit TerminalProgress(double tEnd, double tStart = 0.0);
  ~TerminalProgress() override;

  void onRecorded(const Results& results, size_t firstNewRow) override;
  bool stopRequested() override;
  // whether Ctrl-C ended the run
  bool interrupted() const;

 private:
  double tEnd_, tStart_;
  bool showProgress_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

// exit status of a run cancelled with Ctrl-C (128 + SIGINT, the shell's convention)
constexpr int kInterrupted = 130;

}  // namespace mbw::cli
