#pragma once
// Every run of the session, with the choices the user makes about them: which runs are overlaid
// on the plots, which one is the reference for errors, which one is current (shown in the 3D view
// and played back). Runs belong to the scene they were started from: the plots, the comparison and
// the playback see only the runs in scope, those of the open scene (and, when the user asks for
// them, those of other scenes with the same bodies). GUI thread only.
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

  // a new live run (status Running, no rows yet); it becomes current when it is in scope
  Run& add(RunRequest request);
  // a finished run read back (a saved session): its id is kept unless taken, its status is its own
  Run& restore(std::unique_ptr<Run> run);
  void remove(int id);
  Run* find(int id);
  const Run* find(int id) const;
  const std::vector<std::unique_ptr<Run>>& runs() const { return runs_; }
  // runs in scope and overlaid on the plots, oldest first
  std::vector<const Run*> shownRuns() const;
  // runs in scope, oldest first
  std::vector<const Run*> scopeRuns() const;

  // the open scene: its key and model (nullptr while it has none that loads)
  void setActiveScene(const QString& key, std::shared_ptr<const Model> model);
  QString activeScene() const { return activeScene_; }
  // the open scene's model changed (an edit): the scope of other scenes' runs may change
  void setActiveModel(std::shared_ptr<const Model> model);
  // a scene saved under another name keeps its runs
  void rekeyScene(const QString& from, const QString& to);
  // include the runs of other scenes whose model has the same bodies
  void setOtherScenesShown(bool shown);
  bool otherScenesShown() const { return otherScenes_; }
  bool inScope(const Run& run) const;
  // the run's bodies are the open scene's (names, in order): its poses can be drawn on its model
  bool sameBodies(const Run& run) const;

  void setShown(int id, bool shown);
  int referenceId() const { return referenceId_; }
  // the reference run, when it is in scope
  const Run* reference() const;
  void setReference(int id);  // -1: none
  int currentId() const { return currentId_; }
  void setCurrent(int id);
  void setPaused(int id, bool paused);

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
  void pausedChanged(int id);
  // the runs in scope changed (another scene opened, other scenes' runs included or not)
  void scopeChanged();

 private:
  void updateScope();

  QTemporaryDir dataDir_;
  std::vector<std::unique_ptr<Run>> runs_;
  int nextId_ = 1;
  int referenceId_ = -1;
  int currentId_ = -1;
  QString activeScene_;
  std::shared_ptr<const Model> activeModel_;
  bool otherScenes_ = false;
};

}  // namespace mbw::ui
