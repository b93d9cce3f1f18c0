#pragma once
// What a long command-line run shows and obeys: a progress line on the terminal (simulated time,
// percentage, real-time factor) and Ctrl-C, which stops the run cleanly so that its results are
// still written.

#include <chrono>

#include "simulation/simulation.h"

namespace mbw::cli {

// While one lives, Ctrl-C sets a flag instead of ending the program (what was computed is then
// still written).
class InterruptCatcher {
 public:
  InterruptCatcher();  // clears the flag
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;
  static bool requested();
};

class TerminalProgress final : public RunObserver {
 public:
  // tEnd: the run's end time; progress is shown only on a terminal and after the first second
  explicit TerminalProgress(double tEnd);
  ~TerminalProgress() override;

  void onRecorded(const Results& results, size_t firstNewRow) override;
  bool stopRequested() override;
  // whether Ctrl-C ended the run
  bool interrupted() const;

 private:
  InterruptCatcher interrupt_;
  double tEnd_;
  bool showProgress_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

// exit status of a run cancelled with Ctrl-C (128 + SIGINT, the shell's convention)
constexpr int kInterrupted = 130;

}  // namespace mbw::cli
