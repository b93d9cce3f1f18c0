#include "run_list_model.h"

#include <QBrush>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFont>
#include <QTimer>

#include "number_text.h"
#include "run_library.h"

namespace mbw::ui {
namespace {

// internal ids: 0 for a scene group, group + 1 for the runs of a group
constexpr quintptr kGroupId = 0;

// the grey of another scene's rows
const QColor kOtherScene(140, 140, 140);
// a live run's row is refreshed at most this often (ms)
constexpr qint64 kLiveRefreshMs = 250;

}  // namespace

// a scene's title in the list: a built-in's name, a new scene's marked unsaved, a file's name
QString sceneTitle(const QString& sceneKey) {
  if (sceneKey.startsWith("builtin:")) return sceneKey.mid(8);
  if (sceneKey.startsWith("new:")) return QObject::tr("%1 (new, not saved)").arg(sceneKey.mid(4));
  return QFileInfo(sceneKey).fileName();
}

// --- the groups and the library's signals --------------------------------------------------------

RunListModel::RunListModel(RunLibrary& runs, QObject* parent)
    : QAbstractItemModel(parent), runs_(runs) {
  rebuildGroups();
  // a run of a new scene adds its group; another run is inserted at the end of its group
  connect(&runs_, &RunLibrary::runAdded, this, [this](int id) {
    const Run* run = runs_.find(id);
    if (!run) return;
    const int group = static_cast<int>(groups_.indexOf(run->sceneKey));
    // a group for a new scene, at the end
    if (group < 0) {
      beginInsertRows({}, groupCount(), groupCount());
      groups_ << run->sceneKey;
      endInsertRows();
      return;
    }
    // its row: the last of its group
    const int row = static_cast<int>(runsOf(group).size()) - 1;
    // the library already holds the run: announce it where it now shows
    beginInsertRows(index(group, 0), row, row);
    endInsertRows();
  });
  // a removed run: the groups anew (its group may have gone)
  connect(&runs_, &RunLibrary::runRemoved, this, [this](int id) {
    summaries_.erase(id);
    beginResetModel();
    rebuildGroups();
    endResetModel();
  });
  // a finished, shown or paused run changes its row
  for (auto signal :
       {&RunLibrary::runFinished, &RunLibrary::shownChanged, &RunLibrary::pausedChanged})
    connect(&runs_, signal, this, &RunListModel::runChanged);
  // a live run's figures (its summary scans every row kept) a few times a second, and once more
  // after its last rows of a burst (a run that pauses shows where it paused)
  connect(&runs_, &RunLibrary::rowsAppended, this, [this](int id) {
    // at most one refresh per 250 ms; one more after the burst, for its last rows
    QElapsedTimer& last = liveRefresh_[id];
    if (last.isValid() && last.elapsed() < kLiveRefreshMs) {
      // too soon: one refresh scheduled for the rest of the burst
      if (trailing_.insert(id).second)
        QTimer::singleShot(kLiveRefreshMs - last.elapsed(), this, [this, id] {
          trailing_.erase(id);
          if (const Run* run = runs_.find(id)) {
            if (run->live()) liveRefresh_[id].start();
            runChanged(id);
          }
        });
      return;
    }
    // in time: refreshed now
    last.start();
    runChanged(id);
  });
  // every row: the reference and the scope change how each row looks
  auto all = [this] {
    // each group row, then its run rows
    for (int g = 0; g < groupCount(); ++g) {
      emit dataChanged(index(g, 0), index(g, ColumnCount - 1));
      const int n = rowCount(index(g, 0));
      if (n > 0)
        emit dataChanged(index(0, 0, index(g, 0)), index(n - 1, ColumnCount - 1, index(g, 0)));
    }
  };
  connect(&runs_, &RunLibrary::referenceChanged, this, all);
  connect(&runs_, &RunLibrary::scopeChanged, this, [this] {
    // a renamed scene changes the keys
    QStringList keys;
    for (const auto& r : runs_.runs())
      if (!keys.contains(r->sceneKey)) keys << r->sceneKey;
    // the groups anew only when the keys changed
    if (keys != groups_) {
      beginResetModel();
      rebuildGroups();
      endResetModel();
    }
  });
  connect(&runs_, &RunLibrary::scopeChanged, this, all);
}

// the scene keys of the runs, in the order of their first run
void RunListModel::rebuildGroups() {
  groups_.clear();
  for (const auto& r : runs_.runs())
    if (!groups_.contains(r->sceneKey)) groups_ << r->sceneKey;
}

// the runs of a group, in the library's order
std::vector<int> RunListModel::runsOf(int group) const {
  std::vector<int> ids;
  if (group < 0 || group >= groupCount()) return ids;
  for (const auto& r : runs_.runs())
    if (r->sceneKey == groups_[group]) ids.push_back(r->id);
  return ids;
}

// --- the tree: groups of scenes, runs under them -------------------------------------------------

QModelIndex RunListModel::index(int row, int column, const QModelIndex& parent) const {
  // top level: the scene groups; below a group's first column, its runs
  if (row < 0 || column < 0 || column >= ColumnCount) return {};
  if (!parent.isValid())
    return row < groupCount() ? createIndex(row, column, kGroupId) : QModelIndex();
  if (parent.internalId() != kGroupId || parent.column() != 0) return {};
  // a run's internal id is its group + 1
  return row < static_cast<int>(runsOf(parent.row()).size())
             ? createIndex(row, column, quintptr(parent.row() + 1))
             : QModelIndex();
}

QModelIndex RunListModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kGroupId) return {};
  // a run's parent: the first column of its group
  return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupId);
}

int RunListModel::rowCount(const QModelIndex& parent) const {
  // groups at the top level; a group's runs under its first column; nothing under a run
  if (!parent.isValid()) return groupCount();
  if (parent.internalId() != kGroupId || parent.column() != 0) return 0;
  return static_cast<int>(runsOf(parent.row()).size());
}

int RunListModel::columnCount(const QModelIndex&) const { return ColumnCount; }

// the run of a row (-1 for a group row)
int RunListModel::runIdAt(const QModelIndex& index) const {
  if (!index.isValid() || index.internalId() == kGroupId) return -1;
  const std::vector<int> ids = runsOf(static_cast<int>(index.internalId() - 1));
  return index.row() < static_cast<int>(ids.size()) ? ids[static_cast<size_t>(index.row())] : -1;
}

// the row of a run
QModelIndex RunListModel::indexOf(int runId, int column) const {
  const Run* run = runs_.find(runId);
  if (!run) return {};
  const int group = static_cast<int>(groups_.indexOf(run->sceneKey));
  const std::vector<int> ids = runsOf(group);
  // its position among the group's runs
  for (size_t k = 0; k < ids.size(); ++k)
    if (ids[k] == runId) return index(static_cast<int>(k), column, index(group, 0));
  return {};
}

// the scene of a row, group or run
QString RunListModel::sceneKeyAt(const QModelIndex& index) const {
  if (!index.isValid()) return {};
  // a group row's own row, else the group of the run
  const int group =
      index.internalId() == kGroupId ? index.row() : static_cast<int>(index.internalId() - 1);
  return group < groupCount() ? groups_[group] : QString();
}

QModelIndex RunListModel::groupIndex(const QString& sceneKey) const {
  const int group = static_cast<int>(groups_.indexOf(sceneKey));
  return group < 0 ? QModelIndex() : index(group, 0);
}

// a changed run: its summary computed again, its row redrawn
void RunListModel::runChanged(int id) {
  summaries_.erase(id);
  // a finished run is no longer throttled
  if (const Run* run = runs_.find(id); run && !run->live()) liveRefresh_.erase(id);
  const QModelIndex first = indexOf(id, 0);
  if (first.isValid()) emit dataChanged(first, indexOf(id, ColumnCount - 1));
}

// --- what the rows show --------------------------------------------------------------------------

QVariant RunListModel::data(const QModelIndex& index, int role) const {
  // a group row or a run row
  if (!index.isValid()) return {};
  if (index.internalId() == kGroupId) return groupData(index.row(), index.column(), role);
  const Run* run = runs_.find(runIdAt(index));
  return run ? runData(*run, index.column(), role) : QVariant();
}

QVariant RunListModel::groupData(int group, int column, int role) const {
  if (column != 0) return {};
  // a group row: the scene's title and count of runs, bold for the open scene, grey for others
  const QString& key = groups_[group];
  const bool open = key == runs_.activeScene();
  const int n = static_cast<int>(runsOf(group).size());
  // its title with the count of runs; a tooltip saying whether the plots show them
  if (role == Qt::DisplayRole)
    return tr("%1  (%n run(s)%2)", "", n)
        .arg(sceneTitle(key), open ? tr(", open scene") : QString());
  if (role == Qt::ToolTipRole)
    return open ? tr("Runs of the open scene (%1): the plots, the comparison and the playback show "
                     "them")
                      .arg(key)
                : tr("Runs of %1, not the open scene: open it to see them (right click)").arg(key);
  // bold for the open scene
  if (role == Qt::FontRole) {
    QFont f;
    f.setBold(open);
    return f;
  }
  if (role == Qt::ForegroundRole && !open) return QBrush(kOtherScene);
  return {};
}

QVariant RunListModel::runData(const Run& run, int column, int role) const {
  // a run of another scene is grey; a failed run's status red
  const bool reference = run.id == runs_.referenceId();
  const bool scope = runs_.inScope(run);
  if (role == Qt::ForegroundRole) {
    if (!scope) return QBrush(kOtherScene);
    if (column == Status && run.results.status == RunStatus::Failed)
      return QBrush(QColor(192, 57, 43));
    return {};
  }
  // the first column: the tick, the run's colour, its number and the reference's star
  if (column == Shown) {
    if (role == Qt::CheckStateRole) return run.shown ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DecorationRole) return run.color;
    if (role == Qt::DisplayRole)
      return QString("#%1%2").arg(run.id).arg(reference ? " \u2605" : "");
    if (role == Qt::ToolTipRole)
      return scope ? tr("Tick to overlay on the plots%1")
                         .arg(reference ? tr("; the reference run (\u2605)") : QString())
                   : tr("A run of another scene (%1)").arg(run.sceneKey);
    return {};
  }
  // the other columns from the run's summary: numbers right-aligned
  const RunSummary& s = summaryOf(run);
  if (role == Qt::TextAlignmentRole && column >= Time)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  // tooltips: the whole numbers with their units, the reasons and the meanings
  if (role == Qt::ToolTipRole) {
    switch (column) {
      // the integrator with its formulation, the settings, the status with its reason
      case Integrator:
        return tr("%1 with the %2 formulation")
            .arg(QString::fromStdString(run.settings.integrator),
                 QString::fromStdString(run.settings.formulation));
      case Settings:
        return run.settingsText();
      case Status:
        return statusText(run);
      // the time reached, the rejections by reason, the iterations with what they count
      case Time:
        return withUnit(fullNumber(s.reachedTime), "s");
      case Rejected:
        return s.rejectionReasons.isEmpty() ? tr("no rejected steps") : s.rejectionReasons;
      case Iterations:
        return run.live() ? QString()
                          : tr("%1: %2 in all, %3 per step")
                                .arg(iterationsLabel(run))
                                .arg(s.newtonIterations)
                                .arg(shortNumber(s.iterationsPerStep));
      // the CPU time, and the energy balance with what it means
      case Cpu:
        return run.live() ? QString() : withUnit(fullNumber(s.cpuSeconds), "s");
      case EnergyBalance: {
        const QString note = energyNote(run, s);
        return withUnit(fullNumber(s.finalEnergyBalance), "J") +
               (note.isEmpty() ? QString() : "\n" + note);
      }
      case Violation:
        return fullNumber(s.maxPositionViolation);
      default:
        return {};
    }
  }
  // the cells: short numbers; no iterations or CPU time while the run is live
  if (role != Qt::DisplayRole) return {};
  switch (column) {
    // the formulation and the integrator, the settings, the status in a word
    case Integrator:
      return QString::fromStdString(run.settings.formulation) + " \u00b7 " +
             QString::fromStdString(run.settings.integrator);
    case Settings:
      return run.settingsText();
    case Status:
      return statusWord(run);
    // the counts and the final figures
    case Time:
      return shortNumber(s.reachedTime, 4);
    case Steps:
      return QString::number(s.steps);
    case Rejected:
      return QString::number(s.rejected);
    case Iterations:
      return run.live() ? QString() : QString::number(s.newtonIterations);
    case Cpu:
      return run.live() ? QString() : shortNumber(s.cpuSeconds);
    case EnergyBalance:
      return shortNumber(s.finalEnergyBalance);
    case Violation:
      return shortNumber(s.maxPositionViolation, 2);
    default:
      return {};
  }
}

// a run's summary, computed once until the run changes
const RunSummary& RunListModel::summaryOf(const Run& run) const {
  auto it = summaries_.find(run.id);
  if (it == summaries_.end()) it = summaries_.emplace(run.id, summarize(run)).first;
  return it->second;
}

// --- headers and editing -------------------------------------------------------------------------

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  // the column titles and what each holds
  static const char* titles[] = {"Run",     "Integrator",  "Settings",    "Status",
                                 "t [s]",   "Steps",       "Rej.",        "Iterations",
                                 "CPU [s]", "\u0394E [J]", "max |\u03a6|"};
  static const char* tips[] = {
      "Run number; tick to overlay it on the plots; \u2605 marks the reference run",
      "Formulation \u00b7 integrator",
      "Step or tolerances",
      "Completed, failed (with the engine's reason), cancelled, paused or running",
      "Time reached",
      "Accepted steps",
      "Rejected steps (reasons in the tooltip)",
      "Iterations over all steps: Newton iterations of the index-3 equations, or what the "
      "integrator counts instead (tooltip)",
      "CPU time of the run's thread",
      "Energy balance E - E0 - W_in + D at the end of the run (zero for an exact solution)",
      "Largest position-level constraint violation (m or rad)"};
  if (role == Qt::DisplayRole) return tr(titles[section]);
  if (role == Qt::ToolTipRole) return tr(tips[section]);
  return {};
}

// only the runs of the open scene can be ticked
Qt::ItemFlags RunListModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  // every row enabled and selectable; a group row no more than that
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.internalId() == kGroupId) return f;
  const Run* run = runs_.find(runIdAt(index));
  if (index.column() == Shown && run && runs_.inScope(*run)) f |= Qt::ItemIsUserCheckable;
  return f;
}

bool RunListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  // ticking shows the run on the plots
  if (index.column() != Shown || role != Qt::CheckStateRole || runIdAt(index) < 0) return false;
  runs_.setShown(runIdAt(index), value.toInt() == Qt::Checked);
  return true;
}

}  // namespace mbw::ui
