#include "run_controller.h"

#include <QElapsedTimer>
#include <QThread>
#include <algorithm>

#include "run_worker.h"

namespace mbw::ui {
namespace {

// the GUI thread's time for result rows per turn of its event loop, and how many rows go in
// between two looks at the clock; the rest goes in after a pause (the thread sleeps meanwhile: on
// a loaded machine, short pieces of work wait less for a core than long ones)
constexpr qint64 kDrainBudgetMs = 4;
constexpr size_t kRowsPerLook = 16;
constexpr int kCatchUpPauseMs = 4;
// the listeners (plots, playback, run list) hear of the new rows after this pause, in a piece of
// work of their own (together the two took up to 9 ms of the GUI thread at a run's first rows)
constexpr int kNotifyPauseMs = 1;

}  // namespace

// --- starting, pausing and cancelling runs -------------------------------------------------------

RunController::RunController(RunLibrary& runs, QObject* parent) : QObject(parent), runs_(runs) {
  // the frames drained about thirty times a second while a run goes
  timer_.setObjectName("frameDrain");
  timer_.setInterval(33);
  connect(&timer_, &QTimer::timeout, this, &RunController::drain);
}

RunController::~RunController() {
  // no run waits any more, and the one going is told to stop
  queue_.clear();
  if (worker_) worker_->cancel();
  // the active thread and those still winding down
  for (QThread* thread : findChildren<QThread*>()) {
    thread->quit();
    thread->wait();
  }
}

// a run joins the queue, and starts when none is going
void RunController::start(RunRequest request) {
  queue_.push_back(std::move(request));
  if (!busy()) launchNext();
}

// the next run of the queue, added to the library; idle when there is none
void RunController::launchNext() {
  if (queue_.empty()) {
    emit activeChanged(-1);
    emit idle();
    return;
  }
  RunRequest request = std::move(queue_.front());
  queue_.pop_front();
  // the pause time read before the library takes the request
  const std::optional<double> pauseAt = request.pauseAt;
  Run& run = runs_.add(std::move(request));
  activeId_ = run.id;
  paused_ = false;

  // the worker lives on its own thread, which ends with the run (quit from the worker itself, so
  // that the GUI thread never waits for it); both are deleted afterwards
  mailbox_ = std::make_shared<FrameMailbox>();
  thread_ = new QThread(this);
  worker_ = new RunWorker(run.id, run.model, run.settings, mailbox_, run.dataPath, pauseAt);
  worker_->moveToThread(thread_);
  // the run starts with the thread; a finished worker quits its thread, which then deletes both
  connect(thread_, &QThread::started, worker_, &RunWorker::run);
  connect(worker_, &RunWorker::finished, thread_, &QThread::quit, Qt::DirectConnection);
  connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
  // the drain timer runs while the run does
  thread_->start();
  timer_.start();
  emit activeChanged(activeId_);
  emit pausedChanged(false);
}

void RunController::setPaused(bool paused) {
  // only a run going, and only a change
  if (!busy() || paused == paused_) return;
  paused_ = paused;
  if (worker_) worker_->setPaused(paused);
  runs_.setPaused(activeId_, paused);
  emit pausedChanged(paused);
}

// the current run stops; the queue goes on
void RunController::cancel() {
  if (busy() && worker_) worker_->cancel();
}

// the current run and all that wait
void RunController::cancelAll() {
  queue_.clear();
  cancel();
}

// at once: the current run stops and its rows so far are taken in (closing the window)
void RunController::finishNow() {
  queue_.clear();
  if (!busy()) return;
  if (worker_) worker_->cancel();
  // the run loop sees the flag between two steps; the worker's last frame is then in the mailbox
  if (thread_) thread_->wait();
  drainFrames(true);
}

// --- taking in the rows --------------------------------------------------------------------------

void RunController::drain() { drainFrames(false); }

void RunController::drainFrames(bool all) {
  // the frames the worker left in the mailbox since the last drain
  catchUpQueued_ = false;
  if (!mailbox_) return;
  for (RunFramePtr& frame : mailbox_->takeAll()) pending_.push_back(std::move(frame));
  if (pending_.empty()) return;
  // a mailbox serves one run; listeners hear once per drain, however many frames came
  Run* run = runs_.find(pending_.front()->runId);
  // its run removed meanwhile: the frames dropped
  if (!run) {
    pending_.clear();
    pendingRow_ = 0;
    return;
  }
  const size_t firstRow = run->results.appendedRowCount();
  const size_t rejectedBefore = run->results.rejected.size();
  // within the time budget: what is left goes on at the next turn of the event loop, so that a
  // loaded machine makes the display lag, not the window freeze
  QElapsedTimer spent;
  spent.start();
  bool last = false, pausedHere = false;
  while (!pending_.empty() && !last && (all || spent.elapsed() < kDrainBudgetMs)) {
    if (!append(*pending_.front(), *run, spent, all)) break;
    ++framesDrained_;
    last = pending_.front()->last;
    pausedHere = pausedHere || pending_.front()->pausedHere;
    pending_.pop_front();
  }
  // the run paused itself at its pause time: paused as if the user had asked, its rows up to date
  if (pausedHere && !last && !paused_) {
    paused_ = true;
    runs_.notifyRowsAppended(run->id);
    runs_.setPaused(run->id, true);
    emit pausedChanged(true);
  }
  if (!pending_.empty() && !last && !catchUpQueued_) {
    catchUpQueued_ = true;
    QTimer::singleShot(kCatchUpPauseMs, this, &RunController::drain);
  }
  // the listeners hear of new rows at once at the end, else after a short pause of their own
  if (run->results.appendedRowCount() > firstRow || run->results.rejected.size() > rejectedBefore) {
    if (last) {
      runs_.notifyRowsAppended(run->id);
    } else {
      QTimer::singleShot(kNotifyPauseMs, this, [this, id = run->id] {
        if (runs_.find(id)) runs_.notifyRowsAppended(id);
      });
    }
  }
  emit progress(run->id, run->lastTime(), run->settings.tEnd, run->wallSeconds);
  if (!last) return;

  // the run is over (its thread is ending by itself): start the next one
  // the controller forgets the run's worker, thread and mailbox; the library hears it finished
  timer_.stop();
  pending_.clear();
  pendingRow_ = 0;
  thread_ = nullptr;
  worker_ = nullptr;
  mailbox_.reset();
  activeId_ = -1;
  paused_ = false;
  emit pausedChanged(false);
  runs_.notifyFinished(run->id);
  launchNext();
}

bool RunController::append(const RunFrame& frame, Run& run, const QElapsedTimer& spent, bool all) {
  // the first frame brings the channels, the row limit and the metadata
  Results& r = run.results;
  if (pendingRow_ == 0 && !frame.channels.empty()) {
    r.setChannels(frame.channels);
    r.setRowLimit(RunLibrary::rowLimit(r.columnCount()));
    // room for every row kept: growing the storage by doubling copied it whole (20-40 ms of the
    // GUI thread at a time on the squeezer)
    r.reserveRows(RunLibrary::rowLimit(r.columnCount()));
    r.metadata = frame.metadata;
  }
  // the rows, a few at a time while the budget lasts
  const size_t width = static_cast<size_t>(r.columnCount());
  const size_t rows = width > 0 ? frame.rows.size() / width : 0;
  while (pendingRow_ < rows) {
    const size_t end = std::min(rows, pendingRow_ + kRowsPerLook);
    for (; pendingRow_ < end; ++pendingRow_) r.appendRow(frame.rows.data() + pendingRow_ * width);
    if (pendingRow_ < rows && !all && spent.elapsed() >= kDrainBudgetMs) return false;
  }
  // the frame's rows all taken: the next frame starts at its first
  pendingRow_ = 0;
  // the rejected steps, events and wall time of the frame; the last one brings how the run ended
  r.rejected.insert(r.rejected.end(), frame.rejected.begin(), frame.rejected.end());
  r.events.insert(r.events.end(), frame.events.begin(), frame.events.end());
  run.wallSeconds = frame.wallSeconds;
  if (frame.last) {
    r.status = frame.status;
    r.message = frame.message;
    r.stats = frame.stats;
    r.metadata = frame.metadata;
  }
  return true;
}

}  // namespace mbw::ui
