#include "run_worker.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace mbw::ui {
namespace {

constexpr std::chrono::milliseconds kPublishInterval(16);
// the worker's nice value: the GUI thread gets about three times its share of a contended core
constexpr int kNice = 5;

}  // namespace

RunWorker::RunWorker(int runId, std::shared_ptr<const Model> model, RunSettings settings,
                     std::shared_ptr<FrameMailbox> mailbox)
    : runId_(runId), model_(std::move(model)), settings_(std::move(settings)), mailbox_(std::move(mailbox)) {}

void RunWorker::setPaused(bool paused) {
  {
    const std::lock_guard<std::mutex> lock(pauseMutex_);
    paused_ = paused;
  }
  resumed_.notify_all();
}

void RunWorker::cancel() {
  cancelled_ = true;
  setPaused(false);
}

double RunWorker::wallSeconds() const {
  return std::chrono::duration<double>(Clock::now() - start_ - pausedFor_).count();
}

void RunWorker::run() {
  // yield to the GUI thread when both want the CPU (Linux threads have their own nice value)
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kNice);
  start_ = lastPublish_ = Clock::now();
  Results results;
  try {
    Simulation simulation(*model_, settings_);
    results = simulation.run(this);
  } catch (const std::exception& e) {
    // configuration errors and inconsistent initial conditions end the run before its first step
    results.status = RunStatus::Failed;
    results.message = e.what();
  }
  publish(results, true);
  emit finished();
}

void RunWorker::onRecorded(const Results& results, size_t) {
  if (Clock::now() - lastPublish_ >= kPublishInterval) publish(results, false);
}

bool RunWorker::stopRequested() {
  if (paused_) {
    const Clock::time_point pausedAt = Clock::now();
    std::unique_lock<std::mutex> lock(pauseMutex_);
    resumed_.wait(lock, [this] { return !paused_; });
    pausedFor_ += Clock::now() - pausedAt;
  }
  return cancelled_;
}

void RunWorker::publish(const Results& results, bool last) {
  auto frame = std::make_shared<RunFrame>();
  frame->runId = runId_;
  if (!describedColumns_ && results.columnCount() > 0) {
    frame->channels = results.channels();
    frame->metadata = results.metadata;
    describedColumns_ = true;
  }
  const size_t rows = results.rowCount();
  const size_t width = static_cast<size_t>(results.columnCount());
  if (rows > publishedRows_)
    frame->rows.assign(results.row(publishedRows_), results.row(publishedRows_) + (rows - publishedRows_) * width);
  frame->rejected.assign(results.rejected.begin() + static_cast<long>(publishedRejected_), results.rejected.end());
  frame->events.assign(results.events.begin() + static_cast<long>(publishedEvents_), results.events.end());
  publishedRows_ = rows;
  publishedRejected_ = results.rejected.size();
  publishedEvents_ = results.events.size();
  frame->wallSeconds = wallSeconds();
  frame->last = last;
  if (last) {
    frame->status = results.status;
    frame->message = results.message;
    frame->stats = results.stats;
  }
  mailbox_->post(std::move(frame));
  lastPublish_ = Clock::now();
}

}  // namespace mbw::ui
