#pragma once
// The run list as a table: one row per run with its colour, scene, formulation, integrator,
// settings, status and statistics. The first column's check box overlays the run on the plots;
// the reference run is marked with a star.

#include <QAbstractTableModel>
#include <map>

#include "run_summary.h"

namespace mbw::ui {

class RunLibrary;

class RunListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Shown, Scene, Formulation, Integrator, Settings, Status, Time, Steps, Rejected, Newton,
                PerStep, Cpu, EnergyBalance, Violation, ColumnCount };

  explicit RunListModel(RunLibrary& runs, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

  int runIdAt(int row) const;
  int rowOf(int runId) const;

 private:
  void runChanged(int id);
  const RunSummary& summaryOf(const Run& run) const;

  RunLibrary& runs_;
  mutable std::map<int, RunSummary> summaries_;  // by run id, dropped when the run changes
};

}  // namespace mbw::ui
