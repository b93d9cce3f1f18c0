#pragma once
// Every run of the session, with the choices the user makes about them: which runs are overlaid
// on the plots, which one is the reference for errors, which one is current (shown in the 3D view
// and played back). GUI thread only.
//
// Memory budget: a run keeps at most kRunMemoryBudget bytes of rows in memory for plots and
// playback (decimated: every 2^k-th row and the latest, see Results::setRowLimit); every row is on
// disk in the run's CSV file in the session's data directory (deleted with the run or on exit),
// which is what CSV export copies.

#include <QObject>
#include <QTemporaryDir>
#include <memory>
#include <vector>

#include "run.h"

namespace mbw::ui {

constexpr size_t kRunMemoryBudget = size_t(32) << 20;

class RunLibrary : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;
  ~RunLibrary() override;

  // where the runs' CSV files go
  QString dataDirectory() const { return dataDir_.path(); }
  // the rows a run of this many columns keeps in memory
  static size_t rowLimit(int columns);

  // a new live run (status Running, no rows yet); it becomes current
  Run& add(std::shared_ptr<const Model> model, RunSettings settings);
  void remove(int id);
  Run* find(int id);
  const Run* find(int id) const;
  const std::vector<std::unique_ptr<Run>>& runs() const { return runs_; }
  // runs overlaid on the plots, oldest first
  std::vector<const Run*> shownRuns() const;

  void setShown(int id, bool shown);
  int referenceId() const { return referenceId_; }
  const Run* reference() const { return find(referenceId_); }
  void setReference(int id);  // -1: none
  int currentId() const { return currentId_; }
  void setCurrent(int id);

  // called by the run controller after it changed a live run's results
  void notifyRowsAppended(int id);
  void notifyFinished(int id);

 signals:
  void runAdded(int id);
  void runRemoved(int id);
  void rowsAppended(int id);
  void runFinished(int id);
  void shownChanged(int id);
  void referenceChanged(int id);
  void currentChanged(int id);

 private:
  QTemporaryDir dataDir_;
  std::vector<std::unique_ptr<Run>> runs_;
  int nextId_ = 1;
  int referenceId_ = -1;
  int currentId_ = -1;
};

}  // namespace mbw::ui
