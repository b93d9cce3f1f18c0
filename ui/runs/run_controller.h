#pragma once
// Starts runs on worker threads, one at a time (further requests wait in a queue), and brings
// their frames into the RunLibrary on a 30 Hz timer of the GUI thread, within a time budget per
// turn of the event loop (rows left over go in at the next turns). Pause, resume and cancel act on
// the active run.

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <deque>
#include <memory>

#include "run_frame.h"
#include "run_library.h"

class QElapsedTimer;
class QThread;

namespace mbw::ui {

class RunWorker;

class RunController : public QObject {
  Q_OBJECT

 public:
  explicit RunController(RunLibrary& runs, QObject* parent = nullptr);
  ~RunController() override;  // cancels the active run and waits for its thread

  // queues a run (started at once when idle)
  void start(RunRequest request);
  bool busy() const { return activeId_ != -1; }
  // the run going (-1 when idle)
  int activeId() const { return activeId_; }
  RunLibrary& runs() const { return runs_; }
  int queuedCount() const { return static_cast<int>(queue_.size()); }

  void setPaused(bool paused);
  bool paused() const { return paused_; }
  void cancel();     // the active run; it keeps what it computed
  void cancelAll();  // and the queued ones
  // cancels every run and waits for the active one to end, its last rows and statistics taken in
  // (when the window closes: the session then saves what the run computed)
  void finishNow();

  long framesDrained() const { return framesDrained_; }

 signals:
  void activeChanged(int id);  // -1 when idle
  void progress(int id, double t, double tEnd, double wallSeconds);
  void pausedChanged(bool paused);
  void idle();

 private:
  void launchNext();
  void drain();
  // the frames there are: within the GUI thread's budget per turn, or all of them
  void drainFrames(bool all);
  // the frame's rows from pendingRow_ on while the budget lasts; true when the frame is all in
  bool append(const RunFrame& frame, Run& run, const QElapsedTimer& spent, bool all = false);

  RunLibrary& runs_;
  std::deque<RunRequest> queue_;
  QPointer<QThread> thread_;    // deletes itself once its run has ended
  QPointer<RunWorker> worker_;  // deleted with its thread
  std::shared_ptr<FrameMailbox> mailbox_;
  std::deque<RunFramePtr> pending_;  // taken from the mailbox, not yet all in the run
  size_t pendingRow_ = 0;            // rows of the first pending frame already in
  bool catchUpQueued_ = false;
  QTimer timer_;
  int activeId_ = -1;
  bool paused_ = false;
  long framesDrained_ = 0;
};

}  // namespace mbw::ui
