#include "run_list_model.h"

#include <QBrush>

#include "run_library.h"

namespace mbw::ui {
namespace {

QString number(double x, int precision = 3) { return QString::number(x, 'g', precision); }

}  // namespace

RunListModel::RunListModel(RunLibrary& runs, QObject* parent) : QAbstractTableModel(parent), runs_(runs) {
  // the library changes by whole rows: reset for additions and removals, update rows otherwise
  connect(&runs_, &RunLibrary::runAdded, this, [this] {
    beginResetModel();
    endResetModel();
  });
  connect(&runs_, &RunLibrary::runRemoved, this, [this](int id) {
    summaries_.erase(id);
    beginResetModel();
    endResetModel();
  });
  connect(&runs_, &RunLibrary::rowsAppended, this, &RunListModel::runChanged);
  connect(&runs_, &RunLibrary::runFinished, this, &RunListModel::runChanged);
  connect(&runs_, &RunLibrary::shownChanged, this, &RunListModel::runChanged);
  connect(&runs_, &RunLibrary::referenceChanged, this, [this] {
    if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  });
}

int RunListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(runs_.runs().size());
}

int RunListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

int RunListModel::runIdAt(int row) const {
  return row >= 0 && row < rowCount() ? runs_.runs()[static_cast<size_t>(row)]->id : -1;
}

int RunListModel::rowOf(int runId) const {
  for (int r = 0; r < rowCount(); ++r)
    if (runs_.runs()[static_cast<size_t>(r)]->id == runId) return r;
  return -1;
}

void RunListModel::runChanged(int id) {
  summaries_.erase(id);
  const int row = rowOf(id);
  if (row >= 0) emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

QVariant RunListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const Run& run = *runs_.runs()[static_cast<size_t>(index.row())];
  const bool reference = run.id == runs_.referenceId();
  if (index.column() == Shown) {
    if (role == Qt::CheckStateRole) return run.shown ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DecorationRole) return run.color;
    if (role == Qt::DisplayRole) return QString("#%1%2").arg(run.id).arg(reference ? " \u2605" : "");
    if (role == Qt::ToolTipRole)
      return tr("Tick to overlay on the plots%1").arg(reference ? tr("; the reference run (\u2605)") : QString());
    return {};
  }
  if (role == Qt::ToolTipRole && index.column() == Status) return statusText(run);
  if (role == Qt::ToolTipRole && index.column() == Rejected) return summaryOf(run).rejectionReasons;
  if (role == Qt::ForegroundRole && index.column() == Status && run.results.status == RunStatus::Failed)
    return QBrush(QColor(192, 57, 43));
  if (role == Qt::TextAlignmentRole && index.column() >= Time) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  const RunSummary& s = summaryOf(run);
  switch (index.column()) {
    case Scene: return run.sceneName();
    case Formulation: return QString::fromStdString(run.settings.formulation);
    case Integrator: return QString::fromStdString(run.settings.integrator);
    case Settings: return run.settingsText();
    case Status: return run.live() ? tr("running") : QString::fromLatin1(toString(run.results.status));
    case Time: return number(s.reachedTime, 4);
    case Steps: return QString::number(s.steps);
    case Rejected: return QString::number(s.rejected);
    case Newton: return run.live() ? QString() : QString::number(s.newtonIterations);
    case PerStep: return run.live() ? QString() : number(s.iterationsPerStep);
    case Cpu: return run.live() ? QString() : number(s.cpuSeconds);
    case EnergyBalance: return number(s.finalEnergyBalance);
    case Violation: return number(s.maxPositionViolation);
    default: return {};
  }
}

const RunSummary& RunListModel::summaryOf(const Run& run) const {
  auto it = summaries_.find(run.id);
  if (it == summaries_.end()) it = summaries_.emplace(run.id, summarize(run)).first;
  return it->second;
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  static const char* titles[] = {"Run", "Scene", "Formulation", "Integrator", "Settings", "Status", "t [s]", "Steps",
                                 "Rejected", "Newton its", "Its/step", "CPU [s]", "Energy balance [J]",
                                 "Max |position violation|"};
  static const char* tips[] = {"Run number; tick to overlay it on the plots; \u2605 marks the reference run",
                               "Scene", "Formulation", "Integrator", "Step or tolerances",
                               "Completed, failed (with the engine's reason), cancelled or running",
                               "Time reached", "Accepted steps", "Rejected steps (reasons in the tooltip)",
                               "Newton iterations, all steps", "Newton iterations per step",
                               "CPU time of the run's thread", "E - E0 - W_in + D at the end of the run",
                               "Largest position-level constraint violation (m or rad)"};
  if (role == Qt::DisplayRole) return tr(titles[section]);
  if (role == Qt::ToolTipRole) return tr(tips[section]);
  return {};
}

Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == Shown) f |= Qt::ItemIsUserCheckable;
  return f;
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (index.column() != Shown || role != Qt::CheckStateRole) return false;
  runs_.setShown(runIdAt(index.row()), value.toInt() == Qt::Checked);
  return true;
}

}  // namespace mbw::ui
