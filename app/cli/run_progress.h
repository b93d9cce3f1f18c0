#pragma once
// What a long command-line run shows and obeys: a progress line on the terminal (simulated time,
// percentage, real-time factor), and Ctrl-C (SIGINT) or SIGTERM, which stop the run cleanly so
// that its results are still written.

#include <chrono>

#include "simulation/simulation.h"

namespace mbw::cli {

class TerminalProgress final : public RunObserver {
 public:
  // tEnd: the run's end time; progress is shown only on a terminal and after the first second
  explicit TerminalProgress(double tEnd);
  ~TerminalProgress() override;

  void onRecorded(const Results& results, size_t newRow) override;
  bool stopRequested() override;
  // whether SIGINT or SIGTERM ended the run
  bool interrupted() const;
  // the exit status of an interrupted run: 128 + the signal (130 for SIGINT, 143 for SIGTERM)
  int interruptedExitCode() const;

 private:
  double tEnd_;
  bool showProgress_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

// exit status of a run cancelled with Ctrl-C (128 + SIGINT, the shell's convention)
constexpr int kInterrupted = 130;

}  // namespace mbw::cli
