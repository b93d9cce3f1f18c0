#pragma once
// Runs one simulation on a worker thread (a QObject moved to a QThread). It owns the engine
// objects of the run (Simulation, formulation, integrator) and publishes what they record as
// immutable frames at about 60 per second of wall time. Pause and cancel are flags the run loop
// polls between steps (the loop does not return to the thread's event loop until the run ends).

#include <QObject>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "run_frame.h"
#include "simulation/simulation.h"

namespace mbw::ui {

class RunWorker : public QObject, private RunObserver {
  Q_OBJECT

 public:
  RunWorker(int runId, std::shared_ptr<const Model> model, RunSettings settings,
            std::shared_ptr<FrameMailbox> mailbox);

  // callable from any thread
  void setPaused(bool paused);
  void cancel();

 public slots:
  // builds the Simulation and runs it to the end; always posts a last frame
  void run();

 signals:
  void finished();

 private:
  void onRecorded(const Results& results, size_t firstNewRow) override;
  bool stopRequested() override;
  void publish(const Results& results, bool last);
  double wallSeconds() const;

  using Clock = std::chrono::steady_clock;
  const int runId_;
  std::shared_ptr<const Model> model_;
  const RunSettings settings_;
  std::shared_ptr<FrameMailbox> mailbox_;

  std::atomic<bool> paused_{false}, cancelled_{false};
  std::mutex pauseMutex_;
  std::condition_variable resumed_;

  Clock::time_point start_, lastPublish_;
  Clock::duration pausedFor_{};
  size_t publishedRows_ = 0, publishedRejected_ = 0, publishedEvents_ = 0;
  bool describedColumns_ = false;
};

}  // namespace mbw::ui
