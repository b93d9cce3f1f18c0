#pragma once
// Runs one simulation on a worker thread (a QObject moved to a QThread). It owns the engine
// objects of the run (Simulation, formulation, integrator), is the run's sink, and publishes the
// rows as immutable frames at about 60 per second of wall time; it keeps no rows itself. Every row
// also goes to the run's CSV file on disk (the full data; the GUI keeps a decimated copy). Pause
// and cancel are flags the run loop polls between steps (the loop does not return to the thread's
// event loop until the run ends). Whatever ends the run (a failure of the data file, an exception
// from the engine), the last frame says why, and the rows published before stay.

#include <QObject>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>

#include "run_frame.h"
#include "simulation/csv_stream.h"
#include "simulation/simulation.h"

namespace mbw::ui {

class RunWorker : public QObject, private RunObserver, private ResultSink {
  Q_OBJECT

 public:
  // dataPath: the CSV file of the full results ("" for none); pauseAt: the run pauses itself at
  // its first recorded row at or after this time, that row published at once
  RunWorker(int runId, std::shared_ptr<const Model> model, RunSettings settings,
            std::shared_ptr<FrameMailbox> mailbox, std::string dataPath,
            std::optional<double> pauseAt = std::nullopt);

  // callable from any thread
  void setPaused(bool paused);
  void cancel();

 public slots:
  // builds the Simulation and runs it to the end; always posts a last frame
  void run();

 signals:
  void finished();

 private:
  void onRecorded(const Results& results, size_t newRow) override;
  bool stopRequested() override;
  void begin(const Results& run) override;
  void row(const double* values) override;
  void runEvent(const RunEvent& e) override;
  void end(const Results& run) override;
  std::string failure() const override;
  void publish(const Results& results, bool last, bool pausedHere = false);
  double wallSeconds() const;

  using Clock = std::chrono::steady_clock;
  const int runId_;
  std::shared_ptr<const Model> model_;
  const RunSettings settings_;
  std::shared_ptr<FrameMailbox> mailbox_;
  const std::string dataPath_;
  std::optional<double> pauseAt_;  // cleared once the run paused there
  std::unique_ptr<CsvStreamWriter> data_;
  // what the next frame carries
  std::shared_ptr<RunFrame> pending_;
  int columns_ = 0;

  std::atomic<bool> paused_{false}, cancelled_{false};
  std::mutex pauseMutex_;
  std::condition_variable resumed_;

  Clock::time_point start_, lastPublish_;
  Clock::duration pausedFor_{};
  size_t publishedRejected_ = 0;
};

}  // namespace mbw::ui
