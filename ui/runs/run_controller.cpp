#include "run_controller.h"

#include <QThread>

#include "run_worker.h"

namespace mbw::ui {

RunController::RunController(RunLibrary& runs, QObject* parent) : QObject(parent), runs_(runs) {
  timer_.setObjectName("frameDrain");
  timer_.setInterval(33);
  connect(&timer_, &QTimer::timeout, this, &RunController::drain);
}

RunController::~RunController() {
  queue_.clear();
  if (worker_) worker_->cancel();
  // the active thread and those still winding down
  for (QThread* thread : findChildren<QThread*>()) {
    thread->quit();
    thread->wait();
  }
}

void RunController::start(RunRequest request) {
  queue_.push_back(std::move(request));
  if (!busy()) launchNext();
}

void RunController::launchNext() {
  if (queue_.empty()) {
    emit activeChanged(-1);
    emit idle();
    return;
  }
  RunRequest request = std::move(queue_.front());
  queue_.pop_front();
  Run& run = runs_.add(std::move(request));
  activeId_ = run.id;
  paused_ = false;

  // the worker lives on its own thread, which ends with the run (quit from the worker itself, so
  // that the GUI thread never waits for it); both are deleted afterwards
  mailbox_ = std::make_shared<FrameMailbox>();
  thread_ = new QThread(this);
  worker_ = new RunWorker(run.id, run.model, run.settings, mailbox_, run.dataPath);
  worker_->moveToThread(thread_);
  connect(thread_, &QThread::started, worker_, &RunWorker::run);
  connect(worker_, &RunWorker::finished, thread_, &QThread::quit, Qt::DirectConnection);
  connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
  thread_->start();
  timer_.start();
  emit activeChanged(activeId_);
  emit pausedChanged(false);
}

void RunController::setPaused(bool paused) {
  if (!busy() || paused == paused_) return;
  paused_ = paused;
  worker_->setPaused(paused);
  runs_.setPaused(activeId_, paused);
  emit pausedChanged(paused);
}

void RunController::cancel() {
  if (busy()) worker_->cancel();
}

void RunController::cancelAll() {
  queue_.clear();
  cancel();
}

void RunController::drain() {
  if (!mailbox_) return;
  const std::vector<RunFramePtr> frames = mailbox_->takeAll();
  if (frames.empty()) return;
  // a mailbox serves one run; listeners hear once per drain, however many frames came
  Run* run = runs_.find(frames.front()->runId);
  if (!run) return;
  const size_t firstRow = run->results.appendedRowCount();
  const size_t rejectedBefore = run->results.rejected.size();
  bool last = false;
  for (const RunFramePtr& frame : frames) {
    ++framesDrained_;
    append(*frame, *run);
    last = last || frame->last;
  }
  if (run->results.appendedRowCount() > firstRow || run->results.rejected.size() > rejectedBefore)
    runs_.notifyRowsAppended(run->id);
  emit progress(run->id, run->lastTime(), run->settings.tEnd, run->wallSeconds);
  if (!last) return;

  // the run is over (its thread is ending by itself): start the next one
  timer_.stop();
  thread_ = nullptr;
  worker_ = nullptr;
  mailbox_.reset();
  activeId_ = -1;
  paused_ = false;
  emit pausedChanged(false);
  runs_.notifyFinished(run->id);
  launchNext();
}

void RunController::append(const RunFrame& frame, Run& run) {
  Results& r = run.results;
  if (!frame.channels.empty()) {
    r.setChannels(frame.channels);
    r.setRowLimit(RunLibrary::rowLimit(r.columnCount()));
    r.metadata = frame.metadata;
  }
  const size_t width = static_cast<size_t>(r.columnCount());
  for (size_t k = 0; width > 0 && k + width <= frame.rows.size(); k += width) r.appendRow(frame.rows.data() + k);
  r.rejected.insert(r.rejected.end(), frame.rejected.begin(), frame.rejected.end());
  r.events.insert(r.events.end(), frame.events.begin(), frame.events.end());
  run.wallSeconds = frame.wallSeconds;
  if (frame.last) {
    r.status = frame.status;
    r.message = frame.message;
    r.stats = frame.stats;
  }
}

}  // namespace mbw::ui
