#include "study_runner.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "studies/executor.h"
#include "studies/study_execution.h"

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

StudyRunner::StudyRunner(QObject* parent) : QObject(parent) {}

StudyRunner::~StudyRunner() {
  cancel();
  join();
}

bool StudyRunner::start(Study study, std::vector<std::shared_ptr<const Model>> models, int jobs,
                        const QString& tableFile) {
  if (busy()) return false;
  study_ = std::move(study);
  models_ = std::move(models);
  records_.clear();
  cancelled_ = false;
  auto executor = std::make_shared<ThreadPoolExecutor>(jobs);
  workers_ = executor->workers();
  // the worker's own copies: the study and the models (copied here, on the GUI thread)
  std::vector<Model> copies;
  for (const auto& m : models_) copies.push_back(*m);
  StudyExecutionOptions options;
  options.tableFile = tableFile.toStdString();
  options.replace = true;

  worker_ = std::thread([this, study = study_, copies = std::move(copies), executor, options]() mutable {
    // everything reaches the GUI thread as queued calls on this object (dropped if it is gone)
    auto post = [this](auto f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); };
    StudyRunHooks hooks;
    hooks.stopRequested = [this] {
      yieldToTheGuiThread();
      return cancelled_.load();
    };
    StudyProgress progress;
    progress.onNote = [&](const std::string& text) {
      post([this, text = QString::fromStdString(text)] { emit note(text); });
    };
    progress.onRecord = [&](const RunRecord& r, int done, int total) {
      post([this, r, done, total] {
        records_.push_back(r);
        emit recordArrived(r, done, total);
      });
    };
    bool interrupted = false;
    QString error;
    // the engine's errors (scene, study, table, reference file) say what is wrong; they end it
    try {
      interrupted = executeStudy(study, std::move(copies), *executor, options, hooks, progress).interrupted;
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    post([this, interrupted, error] {
      join();
      emit finished(interrupted, error);
    });
  });
  return true;
}

void StudyRunner::cancel() { cancelled_ = true; }

void StudyRunner::join() {
  if (worker_.joinable()) worker_.join();
}

}  // namespace mbw::ui
