#include "study_runner.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "studies/executor.h"
#include "studies/study_execution.h"

#include <algorithm>

namespace mbw::ui {
namespace {

// The study's threads yield to the GUI thread when both want the CPU (as the run worker does, with
// the same nice value; CPU times are unchanged): each lowers its own priority the first time it
// asks whether to stop.
void yieldToTheGuiThread() {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 5);
}

}  // namespace

// --- running a study on a thread of its own ------------------------------------------------------

StudyRunner::StudyRunner(QObject* parent) : QObject(parent) {}

StudyRunner::~StudyRunner() {
  cancel();
  join();
}

// one study at a time; the records start empty
bool StudyRunner::start(Study study, std::vector<std::shared_ptr<const Model>> models, int jobs,
                        const QString& tableFile) {
  if (busy()) return false;
  study_ = std::move(study);
  models_ = std::move(models);
  records_.clear();
  ranges_.assign(study_.outputs.size(), 0.0);
  cancelled_ = false;
  // the runs on a pool of threads, as many as asked for
  auto executor = std::make_shared<ThreadPoolExecutor>(jobs);
  workers_ = executor->workers();
  // the worker's own copies: the study and the models (copied here, on the GUI thread)
  std::vector<Model> copies;
  for (const auto& m : models_) copies.push_back(*m);
  // the table written as runs finish, replacing an old one
  StudyExecutionOptions options;
  options.tableFile = tableFile.toStdString();
  options.replace = true;

  // the executor runs in a thread of its own, so that the GUI thread only takes in the results
  worker_ = std::thread([this, study = study_, copies = std::move(copies), executor,
                         options]() mutable {
    // everything reaches the GUI thread as queued calls on this object (dropped if it is gone)
    auto post = [this](auto f) {
      QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection);
    };
    // a cancel is seen by each run at its next step
    StudyRunHooks hooks;
    hooks.stopRequested = [this] {
      yieldToTheGuiThread();
      return cancelled_.load();
    };
    // how far each compared output moves in each run (an output that does not move, such as the
    // last body's x on a planar pendulum, has nothing but round-off for its error)
    hooks.onResults = [this, post, outputs = study.outputs](int, const Results& results) {
      // the span of each output's values over the run's rows
      std::vector<double> ranges(outputs.size(), 0.0);
      for (size_t k = 0; k < outputs.size(); ++k) {
        const int c = results.column(outputs[k]);
        if (c < 0 || results.rowCount() == 0) continue;
        double lo = results.at(0, c), hi = lo;
        for (size_t r = 1; r < results.rowCount(); ++r) {
          lo = std::min(lo, results.at(r, c));
          hi = std::max(hi, results.at(r, c));
        }
        ranges[k] = hi - lo;
      }
      // merged on the GUI thread: each output's largest span so far
      post([this, ranges] {
        ranges_.resize(ranges.size(), 0.0);
        for (size_t k = 0; k < ranges.size(); ++k) ranges_[k] = std::max(ranges_[k], ranges[k]);
      });
    };
    // the engine's notes and each run's record, in order
    StudyProgress progress;
    // a note of the engine goes to the status line
    progress.onNote = [&](const std::string& text) {
      post([this, text = QString::fromStdString(text)] { emit note(text); });
    };
    progress.onRecord = [&](const RunRecord& r, int done, int total) {
      // a run's record kept, then announced
      post([this, r, done, total] {
        records_.push_back(r);
        emit recordArrived(r, done, total);
      });
    };
    bool interrupted = false;
    QString error;
    // the engine's errors (scene, study, table, reference file) say what is wrong; they end it
    try {
      interrupted =
          executeStudy(study, std::move(copies), *executor, options, hooks, progress).interrupted;
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    // the thread joined and the end announced on the GUI thread
    post([this, interrupted, error] {
      join();
      emit finished(interrupted, error);
    });
  });
  return true;
}

// --- cancelling and what the dialog reads --------------------------------------------------------

void StudyRunner::cancel() { cancelled_ = true; }

bool StudyRunner::outputMoves(int output) const {
  if (output < 0 || output >= static_cast<int>(ranges_.size())) return false;
  // more than round-off of a position of order one
  return ranges_[static_cast<size_t>(output)] > kStill;
}

// the thread joined once it has posted its end
void StudyRunner::join() {
  if (worker_.joinable()) worker_.join();
}

}  // namespace mbw::ui
