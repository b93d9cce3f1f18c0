#include "signal_browser.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <functional>
#include <map>

#include "live_plot.h"
#include "plot_panel.h"
#include "run_library.h"

namespace mbw::ui {
namespace {

// --- where a channel sits in the tree, and what it means -----------------------------------------

// the channel's name, in every item of the tree (groups too, so that a search finds them)
constexpr int kChannelRole = Qt::UserRole + 1;

// a suffix of a body's channel: the group it goes in and what it means
struct Suffix {
  const char* suffix;
  const char* group;
  const char* meaning;
};

// the per-body channels of the recorder, by suffix
const Suffix kBodySuffixes[] = {
    {"x", "Position", "x of the body frame origin, world frame"},
    {"y", "Position", "y of the body frame origin, world frame"},
    {"z", "Position", "z of the body frame origin, world frame"},
    {"e0", "Orientation (Euler parameters)", "Euler parameter e0 (scalar part) of the body frame"},
    {"e1", "Orientation (Euler parameters)", "Euler parameter e1 of the body frame"},
    {"e2", "Orientation (Euler parameters)", "Euler parameter e2 of the body frame"},
    {"e3", "Orientation (Euler parameters)", "Euler parameter e3 of the body frame"},
    {"vx", "Velocity", "velocity of the body frame origin along world x"},
    {"vy", "Velocity", "velocity of the body frame origin along world y"},
    {"vz", "Velocity", "velocity of the body frame origin along world z"},
    {"wx", "Angular velocity", "angular velocity about world x"},
    {"wy", "Angular velocity", "angular velocity about world y"},
    {"wz", "Angular velocity", "angular velocity about world z"},
    {"ax", "Acceleration", "acceleration of the body frame origin along world x"},
    {"ay", "Acceleration", "acceleration of the body frame origin along world y"},
    {"az", "Acceleration", "acceleration of the body frame origin along world z"},
    {"dwx", "Angular acceleration", "angular acceleration about world x"},
    {"dwy", "Angular acceleration", "angular acceleration about world y"},
    {"dwz", "Angular acceleration", "angular acceleration about world z"},
};

// the meanings of the channels every run records
const std::map<QString, QString>& fixedMeanings() {
  static const std::map<QString, QString> m = {
      {"h", "the step size"},
      {"newton_iterations",
       "iterations of the step (what the integrator counts: Newton or projection)"},
      {"energy.kinetic", "kinetic energy"},
      {"energy.potential", "potential energy (gravity and springs)"},
      {"energy.work_in", "work done by loads, actuators and drivers since the start"},
      {"energy.dissipated", "energy removed by dampers since the start"},
      {"energy.balance", "E - E0 - W_in + D: zero for an exact solution"},
      {"violation.position", "largest position-level constraint violation"},
      {"violation.velocity", "largest velocity-level constraint violation"},
  };
  return m;
}

// the group path of a channel and its leaf name
QStringList placeOf(const Run& run, const QString& channel, QString& leaf) {
  // a body's channel: under Bodies, the body, the group of its suffix
  const Model& m = *run.model;
  for (const Body& b : m.bodies) {
    const QString prefix = QString::fromStdString(b.name) + ".";
    if (!channel.startsWith(prefix)) continue;
    const QString rest = channel.mid(prefix.size());
    for (const Suffix& s : kBodySuffixes)
      if (rest == s.suffix) {
        leaf = rest;
        return {QObject::tr("Bodies"), QString::fromStdString(b.name), QObject::tr(s.group)};
      }
  }
  // a joint's reaction (force or torque, in the joint frame) or multiplier: under Joints, the
  // joint; a body's normalization multiplier under the body
  if (channel.startsWith("reaction.") || channel.startsWith("lambda.")) {
    // "reaction.<joint>.fx": the owner before the last dot, the leaf after it
    const bool reaction = channel.startsWith("reaction.");
    const QString rest = channel.mid(reaction ? 9 : 7);
    const int dot = static_cast<int>(rest.lastIndexOf('.'));
    const QString owner = rest.left(dot);
    leaf = rest.mid(dot + 1);
    // a body's normalization multiplier (its unit-quaternion equation) sits with the body
    if (leaf == "normalization") return {QObject::tr("Bodies"), owner, QObject::tr("Multiplier")};
    // the group by kind: multipliers, reaction forces or torques
    const QString group = !reaction              ? QObject::tr("Multipliers")
                          : leaf.startsWith('f') ? QObject::tr("Reaction force (joint frame)")
                                                 : QObject::tr("Reaction torque (joint frame)");
    return {QObject::tr("Joints"), owner, group};
  }
  // the scene's outputs and their rates
  for (const OutputChannel& o : m.outputs)
    if (channel == QString::fromStdString(o.name) ||
        channel == QString::fromStdString(o.name) + ".rate") {
      leaf = channel;
      return {QObject::tr("Outputs")};
    }
  // the rest: energies, constraint violations, the integrator's own
  leaf = channel;
  if (channel.startsWith("energy.")) return {QObject::tr("Energies")};
  if (channel.startsWith("violation.")) return {QObject::tr("Constraints")};
  return {QObject::tr("Integrator")};
}

}  // namespace

// a channel's meaning as its tooltip says it
QString signalDescription(const Run& run, const QString& channel) {
  // the fixed channels, then a body's by its suffix
  const auto& fixed = fixedMeanings();
  if (auto it = fixed.find(channel); it != fixed.end()) return it->second;
  const Model& m = *run.model;
  for (const Body& b : m.bodies) {
    // a body's channel: its suffix's meaning, of that body
    const QString prefix = QString::fromStdString(b.name) + ".";
    if (channel.startsWith(prefix))
      for (const Suffix& s : kBodySuffixes)
        if (channel.mid(prefix.size()) == s.suffix)
          return QObject::tr("%1 of %2")
              .arg(QObject::tr(s.meaning), QString::fromStdString(b.name));
  }
  // a reaction: which force or torque, on which body, in which frame
  if (channel.startsWith("reaction.")) {
    const QString rest = channel.mid(9);
    // the joint before the last dot, the force or torque part after it
    const QString joint = rest.left(static_cast<int>(rest.lastIndexOf('.'))),
                  part = rest.mid(static_cast<int>(rest.lastIndexOf('.')) + 1);
    for (const Joint& j : m.joints)
      // a reaction of a joint on body i, or on the ground when body i is the ground
      if (QString::fromStdString(j.name) == joint) {
        const QString on =
            j.bodyI == kGround
                ? QObject::tr("on the ground (minus its reaction on %1)")
                      .arg(QString::fromStdString(m.bodyName(j.bodyJ)))
                : QObject::tr("on %1").arg(QString::fromStdString(m.bodyName(j.bodyI)));
        // the axis note when the joint has an axis
        const QString axis =
            j.axis_I.norm() > 0.0 ? QObject::tr(" (z along the joint axis)") : QString();
        return QObject::tr("%1 %2 of joint %3 %4, at the joint point, joint frame%5")
            .arg(part.startsWith('f') ? QObject::tr("reaction force")
                                      : QObject::tr("reaction torque"),
                 part.right(1), joint, on, axis);
      }
  }
  // a multiplier, an output or its rate
  if (channel.startsWith("lambda."))
    return QObject::tr("Lagrange multiplier of an equation of %1").arg(channel.mid(7));
  for (const OutputChannel& o : m.outputs) {
    if (channel == QString::fromStdString(o.name)) return QObject::tr("output of the scene");
    if (channel == QString::fromStdString(o.name) + ".rate")
      return QObject::tr("time derivative of the output %1").arg(QString::fromStdString(o.name));
  }
  return channel;
}

// --- building the browser ------------------------------------------------------------------------

SignalBrowser::SignalBrowser(RunLibrary& runs, PlotPanel& plots, QWidget* parent)
    : QWidget(parent),
      runs_(runs),
      plots_(plots),
      search_(new QLineEdit(this)),
      model_(new QStandardItemModel(this)),
      filter_(new QSortFilterProxyModel(this)),
      view_(new QTreeView(this)),
      againstTime_(new QPushButton(tr("Plot vs t"), this)),
      xy_(new QPushButton(tr("Plot y vs x"), this)),
      difference_(new QPushButton(tr("Difference"), this)) {
  // the search filters the tree by channel name, keeping the groups of what matches
  search_->setPlaceholderText(tr("Search signals (e.g. reaction, body_2.z, energy)"));
  search_->setClearButtonEnabled(true);
  filter_->setSourceModel(model_);
  filter_->setRecursiveFilteringEnabled(true);
  filter_->setFilterCaseSensitivity(Qt::CaseInsensitive);
  filter_->setFilterRole(kChannelRole);
  // the tree: several signals may be selected
  view_->setModel(filter_);
  view_->setHeaderHidden(false);
  view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  view_->setUniformRowHeights(true);
  // the names take the room, the units what they need; a name cut short has its tooltip
  view_->header()->setStretchLastSection(false);
  view_->header()->setSectionResizeMode(QHeaderView::Stretch);
  // the buttons' tooltips say what each plot shows
  againstTime_->setToolTip(
      tr("A plot against time for each selected signal (double click does the same)"));
  xy_->setToolTip(tr("The second selected signal against the first: an x-y plot, a phase plane"));
  difference_->setToolTip(
      tr("The selected signal of each run minus the reference (or the first run shown), with "
         "its largest and RMS value in the comparison table"));
  // two rows, so that the dock can be as narrow as the run setup beside it
  auto* buttons = new QGridLayout;
  buttons->addWidget(againstTime_, 0, 0);
  buttons->addWidget(xy_, 0, 1);
  buttons->addWidget(difference_, 1, 0, 1, 2);
  // search above the tree, buttons below
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(search_);
  layout->addWidget(view_, 1);
  layout->addLayout(buttons);

  // search, the three plot buttons; a double click on a signal plots it against time
  connect(search_, &QLineEdit::textChanged, this, &SignalBrowser::setFilter);
  connect(againstTime_, &QPushButton::clicked, this, &SignalBrowser::plotAgainstTime);
  connect(xy_, &QPushButton::clicked, this, &SignalBrowser::plotXY);
  connect(difference_, &QPushButton::clicked, this, &SignalBrowser::plotDifference);
  connect(view_, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
    if (!index.data(kChannelRole).toString().isEmpty() && !filter_->hasChildren(index))
      plotAgainstTime();
  });
  // the order the user picks signals in: the first one is x
  connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
    // the selection, in the order picked: those kept, then the new ones
    const QStringList now = selectedSignals();
    QStringList kept;
    for (const QString& c : order_)
      if (now.contains(c)) kept << c;
    for (const QString& c : now)
      if (!kept.contains(c)) kept << c;
    order_ = kept;
    updateButtons();
  });
  // the tree follows the current run's channels as they come
  for (auto signal :
       {&RunLibrary::currentChanged, &RunLibrary::rowsAppended, &RunLibrary::runFinished})
    connect(&runs_, signal, this, &SignalBrowser::rebuild);
  connect(&runs_, &RunLibrary::scopeChanged, this, &SignalBrowser::rebuild);
  rebuild();
}

// --- the tree of the current run's channels ------------------------------------------------------

void SignalBrowser::rebuild() {
  // the current run's channels (without time); nothing to do when they are those listed
  const Run* run = runs_.find(runs_.currentId());
  QStringList channels;
  if (run)
    for (int c = 1; c < run->results.columnCount(); ++c)
      channels << QString::fromStdString(run->results.channels()[c].name);
  if (channels == listed_) return;
  // a fresh tree: the selection order goes with the old one
  listed_ = channels;
  order_.clear();
  model_->clear();
  model_->setHorizontalHeaderLabels({tr("Signal"), tr("Unit")});
  // the group items along a path, made as they are first needed
  std::map<QString, QStandardItem*> groups;
  auto group = [&](const QStringList& path) {
    QStandardItem* parent = model_->invisibleRootItem();
    QString key;
    for (const QString& part : path) {
      // the path so far, the key of a group
      key += "/" + part;
      auto it = groups.find(key);
      if (it == groups.end()) {
        auto* item = new QStandardItem(part);
        // a group item, not selectable, its name searchable
        item->setToolTip(part);  // a narrow dock cuts it
        item->setEditable(false);
        item->setSelectable(false);
        item->setData(part, kChannelRole);
        parent->appendRow({item, new QStandardItem});
        it = groups.emplace(key, item).first;
      }
      parent = it->second;
    }
    return parent;
  };
  // each channel under its groups, with its unit and a tooltip of its meaning
  for (int c = 1; run && c < run->results.columnCount(); ++c) {
    const Channel& ch = run->results.channels()[c];
    const QString name = QString::fromStdString(ch.name);
    QString leaf;
    QStandardItem* parent = group(placeOf(*run, name, leaf));
    // the leaf's item carries the whole channel name for the plots
    auto* item = new QStandardItem(leaf);
    item->setEditable(false);
    item->setData(name, kChannelRole);
    item->setToolTip(QString("<b>%1</b> [%2]<br>%3")
                         .arg(name.toHtmlEscaped(), QString::fromStdString(ch.unit).toHtmlEscaped(),
                              signalDescription(*run, name).toHtmlEscaped()));
    // its unit in the second column
    auto* unit = new QStandardItem(QString::fromStdString(ch.unit));
    unit->setEditable(false);
    parent->appendRow({item, unit});
  }
  view_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  // the bodies and joints open, their groups folded; everything open while searching
  if (search_->text().isEmpty())
    for (int r = 0; r < filter_->rowCount(); ++r) view_->expand(filter_->index(r, 0));
  else
    view_->expandAll();
  updateButtons();
}

// the search, as typed or as asked for (by the tests)
void SignalBrowser::setFilter(const QString& text) {
  // the field shows the text; the filter keeps what matches with its groups, open
  if (search_->text() != text) search_->setText(text);
  filter_->setFilterFixedString(text);
  if (!text.isEmpty()) view_->expandAll();
}

// --- the selection and the plots -----------------------------------------------------------------

QStringList SignalBrowser::visibleSignals() const {
  // the signals the search leaves in the tree, in its order
  QStringList out;
  // groups walked into; a leaf counts when its row is a selectable signal
  std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
    for (int r = 0; r < filter_->rowCount(parent); ++r) {
      const QModelIndex i = filter_->index(r, 0, parent);
      if (filter_->hasChildren(i))
        walk(i);
      else if (filter_->mapToSource(i).data(Qt::DisplayRole).isValid() &&
               i.flags() & Qt::ItemIsSelectable)
        out << i.data(kChannelRole).toString();
    }
  };
  walk({});
  return out;
}

void SignalBrowser::select(const QStringList& channels) {
  // select the channels given, in that order (the first is x of an x-y plot)
  view_->selectionModel()->clearSelection();
  order_.clear();
  // groups walked into; the leaves named selected as whole rows
  std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
    for (int r = 0; r < filter_->rowCount(parent); ++r) {
      const QModelIndex i = filter_->index(r, 0, parent);
      if (filter_->hasChildren(i))
        walk(i);
      else if (channels.contains(i.data(kChannelRole).toString()))
        view_->selectionModel()->select(i, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
  };
  walk({});
  // the order given, among the channels found
  QStringList ordered;
  for (const QString& c : channels)
    if (selectedSignals().contains(c)) ordered << c;
  order_ = ordered;
  updateButtons();
}

QStringList SignalBrowser::selectedSignals() const {
  // the selected rows' channels, groups excepted
  QStringList out;
  for (const QModelIndex& i : view_->selectionModel()->selectedRows(0))
    if (i.flags() & Qt::ItemIsSelectable) out << i.data(kChannelRole).toString();
  return out;
}

// one signal or more for plots against time and differences; exactly two for an x-y plot
void SignalBrowser::updateButtons() {
  const int n = static_cast<int>(selectedSignals().size());
  againstTime_->setEnabled(n >= 1);
  xy_->setEnabled(n == 2);
  difference_->setEnabled(n >= 1);
}

// a plot for each selected signal, in the order picked
void SignalBrowser::plotAgainstTime() {
  for (const QString& c : order_) plots_.addPlot(PlotKind::Channel, {c});
}

void SignalBrowser::plotXY() {
  // an x-y plot only of exactly two signals, the first as x
  if (order_.size() == 2) plots_.addPlot(PlotKind::XY, order_);
}

void SignalBrowser::plotDifference() {
  // one difference plot per signal
  for (const QString& c : order_) plots_.addPlot(PlotKind::Difference, {c});
}

}  // namespace mbw::ui
