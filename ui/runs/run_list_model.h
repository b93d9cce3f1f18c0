#pragma once
// The run list as a tree: one group per scene (in the order their first runs came), the runs of
// each below it with their colour, integrator, settings, status and statistics. Runs of the open
// scene are in scope (see RunLibrary); the others are greyed. The first column's check box overlays
// a run on the plots; the reference run is marked with a star. Numbers are short in the cells and
// whole in the tooltips.

#include <QAbstractItemModel>
#include <QElapsedTimer>
#include <QStringList>
#include <map>
#include <set>

#include "run_summary.h"

namespace mbw::ui {

class RunLibrary;

class RunListModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  enum Column {
    Shown,
    Integrator,
    Settings,
    Status,
    Time,
    Steps,
    Rejected,
    Iterations,
    Cpu,
    EnergyBalance,
    Violation,
    ColumnCount
  };

  explicit RunListModel(RunLibrary& runs, QObject* parent = nullptr);

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

  // the run of an index (-1 for a scene group)
  int runIdAt(const QModelIndex& index) const;
  QModelIndex indexOf(int runId, int column = 0) const;
  // the scene key of a group or of a run's group
  QString sceneKeyAt(const QModelIndex& index) const;
  int groupCount() const { return static_cast<int>(groups_.size()); }
  QModelIndex groupIndex(const QString& sceneKey) const;

 private:
  void rebuildGroups();
  void runChanged(int id);
  // the run ids of a group, oldest first
  std::vector<int> runsOf(int group) const;
  QVariant groupData(int group, int column, int role) const;
  QVariant runData(const Run& run, int column, int role) const;
  const RunSummary& summaryOf(const Run& run) const;

  RunLibrary& runs_;
  QStringList groups_;                           // scene keys
  mutable std::map<int, RunSummary> summaries_;  // by run id, dropped when the run changes
  std::map<int, QElapsedTimer> liveRefresh_;     // by live run id: since its row was last refreshed
  std::set<int> trailing_;                       // live runs with a refresh due after the throttle
};

// "double-pendulum" for "builtin:double-pendulum", "NAME (new, not saved)" for "new:NAME", the
// file name for a path
QString sceneTitle(const QString& sceneKey);

}  // namespace mbw::ui
