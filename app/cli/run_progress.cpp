#include "run_progress.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>

namespace mbw::cli {
namespace {

std::atomic<bool> interruptRequested{false};

extern "C" void onInterrupt(int) { interruptRequested = true; }

}  // namespace

TerminalProgress::TerminalProgress(double tEnd, double tStart)
    : tEnd_(tEnd), tStart_(tStart), showProgress_(isatty(STDERR_FILENO)), start_(std::chrono::steady_clock::now()),
      lastShown_(start_) {
  interruptRequested = false;
  std::signal(SIGINT, onInterrupt);
}

TerminalProgress::~TerminalProgress() {
  std::signal(SIGINT, SIG_DFL);
  if (shown_) std::fputc('\n', stderr);
}

void TerminalProgress::onRecorded(const Results& results, size_t /*firstNewRow*/) {
  if (!showProgress_ || results.rowCount() == 0) return;
  const auto now = std::chrono::steady_clock::now();
  const double sinceStart = std::chrono::duration<double>(now - start_).count();
  if (sinceStart < 1.0 || std::chrono::duration<double>(now - lastShown_).count() < 0.25) return;
  lastShown_ = now;
  shown_ = true;
  const double t = results.at(results.rowCount() - 1, 0);
  std::fprintf(stderr, "\r  t = %.4g s of %.4g s (%3.0f%%), %.3gx real time, Ctrl-C stops and keeps the results ",
               t, tEnd_, 100.0 * (t - tStart_) / (tEnd_ - tStart_), (t - tStart_) / sinceStart);
  std::fflush(stderr);
}

bool TerminalProgress::stopRequested() { return interruptRequested; }

bool TerminalProgress::interrupted() const { return interruptRequested; }

}  // namespace mbw::cli
