#pragma once
// What a long command-line run shows and obeys: a progress line on the terminal (simulated time,
// percentage, real-time factor), and Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal closed) or
// SIGQUIT (Ctrl-\), which stop the run cleanly so that its results are still written. (A file
// size limit's SIGXFSZ is ignored by main: the write fails instead, and the run stops as on a
// full disk.)

#include <chrono>

#include "simulation/simulation.h"

namespace mbw::cli {

// While one lives, SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGQUIT set a flag instead of ending the
// program (what was computed is then still written).
class InterruptCatcher {
 public:
  InterruptCatcher();  // clears the flag
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;
  static bool requested();
  // the signal that was caught, 0 for none
  static int signal();
};

class TerminalProgress final : public RunObserver {
 public:
  // the run's span; progress is shown only on a terminal and after the first second
  explicit TerminalProgress(double tEnd, double tStart = 0.0);
  ~TerminalProgress() override;

  void onRecorded(const Results& results, size_t newRow) override;
  bool stopRequested() override;
  // whether one of the signals above ended the run
  bool interrupted() const;
  // the exit status of an interrupted run: 128 + the signal (130 for SIGINT, 143 for SIGTERM,
  // 129 for SIGHUP, 131 for SIGQUIT)
  int interruptedExitCode() const;

 private:
  InterruptCatcher interrupt_;
  double tEnd_, tStart_;
  bool showProgress_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

// exit status of a run cancelled with Ctrl-C (128 + SIGINT, the shell's convention), with SIGTERM
// (128 + SIGTERM), SIGHUP and SIGQUIT
constexpr int kInterrupted = 130;
constexpr int kTerminated = 143;
constexpr int kHungUp = 129;
constexpr int kQuit = 131;

}  // namespace mbw::cli
