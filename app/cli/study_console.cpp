#include "study_console.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli_common.h"
#include "run_progress.h"
#include "studies/study_report_text.h"

namespace mbw::cli {
namespace {

// the progress line on stderr (on a terminal only), cleared before anything else is printed
class ProgressLine {
 public:
  ProgressLine(int total, int workers)
      : total_(total),
        workers_(workers),
        terminal_(isatty(STDERR_FILENO)),
        start_(std::chrono::steady_clock::now()) {}
  ~ProgressLine() { clear(); }

  // a line printed above the progress line, which is then drawn again
  void print(const std::string& line) {
    clear();
    std::cout << line << std::endl;
    show();
  }
  // the count of finished runs, shown at once
  void finished(int count) {
    finished_ = count;
    show();
  }
  // drawn again at most once a second while runs go on
  void tick() {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - lastShown_).count() >= 1.0)
      show();
  }

 private:
  void clear() {
    if (!shown_) return;
    // carriage return, and erase to the end of the line
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }
  void show() {
    // only on a terminal, and for a study with runs
    if (!terminal_ || total_ == 0) return;
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const std::string line = studyProgressText(finished_, total_, workers_, elapsed);
    std::fprintf(stderr, "\r\033[K  %s (Ctrl-C stops)", line.c_str());
    std::fflush(stderr);
    shown_ = true;
    lastShown_ = now;
  }

  int total_, workers_, finished_ = 0;
  bool terminal_, shown_ = false;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

}  // namespace

// stopped, failed or made
int studyExitStatus(const StudyOutcome& outcome) {
  if (outcome.interrupted) return kInterrupted;
  return outcome.failed() ? kNumericalFailure : kSuccess;
}

StudyOutcome runStudyFromCli(const Study& study, const StudyRunRequest& options,
                             const std::function<std::string(const RunRecord&)>& describe,
                             StudyRunHooks hooks, Executor* executor) {
  // the executor given or --jobs threads, stopped by Ctrl-C after the runs under way
  ThreadPoolExecutor pool(options.jobs);
  Executor& runner = executor ? *executor : pool;
  InterruptCatcher ctrlC;
  hooks.stopRequested = [] { return InterruptCatcher::requested(); };
  // how many runs on how many workers, then a line per finished run under the progress line
  const bool gathers = runner.gathers();
  if (gathers)
    std::cout << studyWorkersText(study.runs.size(), runner.workers(), runner.description())
              << std::endl;
  ProgressLine line(static_cast<int>(study.runs.size()), runner.workers());
  StudyProgress progress;
  // notes and finished runs printed above the progress line
  progress.onNote = [&](const std::string& note) { line.print(note); };
  progress.onRecord = [&](const RunRecord& r, int finished, int) {
    const std::string text = describe(r);
    if (!text.empty()) line.print(text);
    line.finished(finished);
  };
  progress.onTick = [&] { line.tick(); };
  // the engine's execution: the table written (or resumed) as runs finish
  return executeStudy(study, runner, options.execution(), hooks, progress);
}

}  // namespace mbw::cli
