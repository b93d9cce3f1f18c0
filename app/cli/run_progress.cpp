#include "run_progress.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <string>

#include "simulation/run_summary_text.h"

namespace mbw::cli {
namespace {

// the last stop signal received, 0 for none
std::atomic<int> stopSignal{0};

// the handler only records the signal; the run polls it between steps
extern "C" void onStopSignal(int signal) { stopSignal = signal; }

// Ctrl-C, kill, the terminal closing (SIGHUP) and Ctrl-\ (SIGQUIT)
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

}  // namespace

InterruptCatcher::InterruptCatcher() {
  // no stop yet; each stop signal recorded by the handler
  stopSignal = 0;
  for (int s : kStopSignals) std::signal(s, onStopSignal);
}

InterruptCatcher::~InterruptCatcher() {
  // the default handlers back
  for (int s : kStopSignals) std::signal(s, SIG_DFL);
}

bool InterruptCatcher::requested() { return stopSignal != 0; }

int InterruptCatcher::signal() { return stopSignal; }

TerminalProgress::TerminalProgress(double tEnd, double tStart)
    : tEnd_(tEnd),
      tStart_(tStart),
      showProgress_(isatty(STDERR_FILENO)),
      start_(std::chrono::steady_clock::now()),
      lastShown_(start_) {}

TerminalProgress::~TerminalProgress() {
  // a progress line shown ends with its newline
  if (shown_) std::fputc('\n', stderr);
}

void TerminalProgress::onRecorded(const Results& results, size_t newRow) {
  // only on a terminal, after the first second, at most four times a second
  if (!showProgress_) return;
  const auto now = std::chrono::steady_clock::now();
  const double sinceStart = std::chrono::duration<double>(now - start_).count();
  if (sinceStart < 1.0 || std::chrono::duration<double>(now - lastShown_).count() < 0.25) return;
  lastShown_ = now;
  shown_ = true;
  // the line rewritten in place
  const std::string line = runProgressText(results.at(newRow, 0), tStart_, tEnd_, sinceStart);
  std::fprintf(stderr, "\r  %s, Ctrl-C stops and keeps the results ", line.c_str());
  std::fflush(stderr);
}

bool TerminalProgress::stopRequested() { return InterruptCatcher::requested(); }

bool TerminalProgress::interrupted() const { return InterruptCatcher::requested(); }

// the shell's convention: 128 plus the signal
int TerminalProgress::interruptedExitCode() const { return 128 + InterruptCatcher::signal(); }

}  // namespace mbw::cli
