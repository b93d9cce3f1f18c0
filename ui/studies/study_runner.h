#pragma once
// Runs a study (studies/study.h) on a worker thread with the engine's study execution, the same
// code as `mbw-cli sweep` and `mbw-cli study work-precision`: its references first, then its runs
// on a pool of threads (each run on one thread, so that CPU times stay comparable). Finished runs
// arrive on the GUI thread as records, in the order they finish; cancel stops the runs under way
// (they leave no record) and starts no more. The models of the study's scene variants are given
// by the caller (loaded on the GUI thread: scene parsing is not thread-safe). How far each compared
// output moves in the runs is kept, so that the dialog can tell an output that stays still.

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw::ui {

class StudyRunner : public QObject {
  Q_OBJECT

 public:
  explicit StudyRunner(QObject* parent = nullptr);
  ~StudyRunner() override;  // cancels the study and waits for its threads

  // Starts the study (false when one is running). models: one per scene variant, in order;
  // jobs: runs at once (0: one per core); tableFile: the long-format results table ("" for none).
  bool start(Study study, std::vector<std::shared_ptr<const Model>> models, int jobs,
             const QString& tableFile);
  void cancel();
  bool busy() const { return worker_.joinable(); }
  // how many runs go on at once
  int workers() const { return workers_; }

  const Study& study() const { return study_; }
  const std::vector<std::shared_ptr<const Model>>& models() const { return models_; }
  // the records of the runs finished so far, in the order they finished
  const std::vector<RunRecord>& records() const { return records_; }
  // whether a compared output moves (its range over a finished run is above kStill)
  static constexpr double kStill = 1e-9;
  bool outputMoves(int output) const;

 signals:
  void note(const QString& text);  // a reference started or finished
  void recordArrived(const mbw::RunRecord& record, int finished, int total);
  // interrupted: cancelled before every run was made; error: why the study could not run
  void finished(bool interrupted, const QString& error);

 private:
  void join();

  Study study_;
  std::vector<std::shared_ptr<const Model>> models_;
  std::vector<RunRecord> records_;
  std::vector<double> ranges_;  // of each output, the largest over the finished runs
  std::thread worker_;
  std::atomic<bool> cancelled_{false};
  int workers_ = 0;
};

}  // namespace mbw::ui
