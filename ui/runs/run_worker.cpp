#include "run_worker.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "simulation/csv.h"

#include <algorithm>
#include <cmath>

namespace mbw::ui {
namespace {

// the least time between two frames sent to the GUI thread (about one per screen refresh)
constexpr std::chrono::milliseconds kPublishInterval(16);
// the worker's nice value: the GUI thread gets about three times its share of a contended core
constexpr int kNice = 5;

}  // namespace

RunWorker::RunWorker(int runId, std::shared_ptr<const Model> model, RunSettings settings,
                     std::shared_ptr<FrameMailbox> mailbox, std::string dataPath,
                     std::optional<double> pauseAt)
    : runId_(runId),
      model_(std::move(model)),
      settings_(std::move(settings)),
      mailbox_(std::move(mailbox)),
      dataPath_(std::move(dataPath)),
      pauseAt_(pauseAt),
      pending_(std::make_shared<RunFrame>()) {}

// a pause holds the run at its next step; a resume wakes it
void RunWorker::setPaused(bool paused) {
  {
    const std::lock_guard<std::mutex> lock(pauseMutex_);
    paused_ = paused;
  }
  resumed_.notify_all();
}

// a cancel wakes a paused run, so that it can stop
void RunWorker::cancel() {
  cancelled_ = true;
  setPaused(false);
}

// the run's wall time, its pauses left out
double RunWorker::wallSeconds() const {
  return std::chrono::duration<double>(Clock::now() - start_ - pausedFor_).count();
}

void RunWorker::run() {
  // yield to the GUI thread when both want the CPU (Linux threads have their own nice value)
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kNice);
  // the rows go to the run's file as they come, and to the GUI thread in frames
  start_ = lastPublish_ = Clock::now();
  Results results;
  // the file opened, the simulation run with this worker as its progress and row listener
  try {
    if (!dataPath_.empty()) data_ = std::make_unique<CsvStreamWriter>(dataPath_);
    RunSettings settings = settings_;
    settings.memoryBudget = 1;  // the least (2 rows): the rows go to the frames and the file
    Simulation simulation(*model_, settings);
    results = simulation.run(this, this);
  } catch (const std::exception& e) {
    // configuration errors and inconsistent initial conditions end the run before its first step;
    // anything else the engine throws ends it where it was, with the rows published so far
    results.status = RunStatus::Failed;
    results.message = e.what();
  } catch (...) {
    results.status = RunStatus::Failed;
    results.message = "the run stopped on an unknown error";
  }
  // the file closed, then the last frame with how the run ended
  data_.reset();
  publish(results, true);
  emit finished();
}

void RunWorker::onRecorded(const Results& results, size_t newRow) {
  // the pause time reached: this row goes out now, and the run waits at its next step
  if (pauseAt_ && results.at(newRow, 0) >= *pauseAt_ - 1e-12 * std::max(1.0, std::abs(*pauseAt_))) {
    pauseAt_.reset();
    {
      const std::lock_guard<std::mutex> lock(pauseMutex_);
      paused_ = true;
    }
    publish(results, false, true);
    return;
  }
  // else a frame at most every 16 ms
  if (Clock::now() - lastPublish_ >= kPublishInterval) publish(results, false);
}

// a paused run waits here, between two steps, until it is resumed or cancelled
bool RunWorker::stopRequested() {
  if (paused_) {
    const Clock::time_point pausedAt = Clock::now();
    std::unique_lock<std::mutex> lock(pauseMutex_);
    resumed_.wait(lock, [this] { return !paused_; });
    // the time spent paused left out of the wall time
    pausedFor_ += Clock::now() - pausedAt;
  }
  return cancelled_;
}

// the channels and metadata ride on the first frame; the rows to the file as well
void RunWorker::begin(const Results& run) {
  columns_ = run.columnCount();
  pending_->channels = run.channels();
  pending_->metadata = run.metadata;
  if (data_) data_->begin(run);
}

// each row: to the next frame, and to the file
void RunWorker::row(const double* values) {
  // a row appended flat: columns_ values
  pending_->rows.insert(pending_->rows.end(), values, values + columns_);
  if (data_) data_->row(values);
}

// each event of the run likewise
void RunWorker::runEvent(const RunEvent& e) {
  pending_->events.push_back(e);
  if (data_) data_->runEvent(e);
}

void RunWorker::end(const Results& run) {
  if (data_) data_->end(run);
}

std::string RunWorker::failure() const { return data_ ? data_->failure() : std::string(); }

// the rows since the last frame, with the rejected steps and wall time so far
void RunWorker::publish(const Results& results, bool last, bool pausedHere) {
  std::shared_ptr<RunFrame> frame = std::exchange(pending_, std::make_shared<RunFrame>());
  // the rejected steps since the last frame
  frame->runId = runId_;
  frame->rejected.assign(results.rejected.begin() + static_cast<long>(publishedRejected_),
                         results.rejected.end());
  publishedRejected_ = results.rejected.size();
  // the wall time, and whether this is the last frame or the pause's
  frame->wallSeconds = wallSeconds();
  frame->last = last;
  frame->pausedHere = pausedHere;
  // the last frame carries how the run ended
  if (last) {
    frame->status = results.status;
    frame->message = results.message;
    frame->stats = results.stats;
    // with what is known only at the end (the error estimate, the output's projection)
    frame->metadata = results.metadata;
  }
  mailbox_->post(std::move(frame));
  lastPublish_ = Clock::now();
}

}  // namespace mbw::ui
