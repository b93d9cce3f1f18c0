#include "plot_panel.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

#include "live_plot.h"
#include "plot_cursors.h"
#include "plot_series.h"
#include "run_library.h"
#include "simulation/recorder.h"

namespace mbw::ui {
namespace {

// a plot narrower than this goes to one column
constexpr int kReadableWidth = 185;

}  // namespace

// --- building the panel --------------------------------------------------------------------------

PlotPanel::PlotPanel(RunLibrary& runs, FrameScheduler* scheduler, QWidget* parent)
    : QWidget(parent),
      runs_(runs),
      scheduler_(scheduler),
      cursors_(new PlotCursors(this)),
      grid_(new QGridLayout),
      key_(new QLabel(this)) {
  // the add button's menu: one entry per kind of plot
  auto* add = new QToolButton(this);
  add->setText(tr("Add plot"));
  add->setToolTip(
      tr("Add a plot of another quantity (the Signals panel plots any recorded signal)"));
  add->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(add);
  // each kind an entry that adds a plot of it
  for (const PlotKindInfo& k : plotKinds()) {
    const PlotKind kind = k.kind;
    menu->addAction(k.title, this, [this, kind] { addPlot(kind); });
  }
  add->setMenu(menu);
  // the default plots again
  auto* reset = new QToolButton(this);
  reset->setText(tr("Default plots"));
  reset->setToolTip(tr("Step size, energy balance, constraint violation and iterations per step"));
  connect(reset, &QToolButton::clicked, this, &PlotPanel::resetLayout);

  // the header: the two buttons, then the key of the runs shown
  auto* header = new QHBoxLayout;
  header->setContentsMargins(4, 2, 4, 0);
  header->addWidget(add, 0, Qt::AlignTop);
  header->addWidget(reset, 0, Qt::AlignTop);
  header->addWidget(key_, 1);
  key_->setWordWrap(true);
  key_->setTextFormat(Qt::RichText);
  key_->setToolTip(
      tr("The legend of every plot: the runs shown, by the number the read-outs use (\u2605: the "
         "reference run), and the markers of rejected steps"));
  // the header above the scrolling plots
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(header);
  // the plots in a scrolling area: however many there are, the panel asks for no more room than
  // one small plot (more plots made the window's middle wider, and the side docks narrower, for
  // good); when they do not fit, the area scrolls
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setSpacing(2);
  auto* host = new QWidget;
  host->setLayout(grid_);
  scroll_ = new QScrollArea(this);
  scroll_->setObjectName("plotScroll");
  scroll_->setFrameShape(QFrame::NoFrame);
  scroll_->setWidgetResizable(true);
  scroll_->setWidget(host);
  scroll_->viewport()->installEventFilter(this);
  layout->addWidget(scroll_, 1);

  // new rows and finished runs go to every plot, and the key follows
  connect(&runs_, &RunLibrary::rowsAppended, this, [this](int id) {
    for (LivePlot* p : plots_) p->appendRows(id);
    updateKey();
  });
  connect(&runs_, &RunLibrary::runFinished, this, [this](int id) {
    for (LivePlot* p : plots_) p->appendRows(id, true);
    updateKey();
  });
  // a run removed, shown or hidden, a new reference, another scene: every plot drawn anew
  connect(&runs_, &RunLibrary::runRemoved, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::shownChanged, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::referenceChanged, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::scopeChanged, this, &PlotPanel::rebuildAll);
  // a new run refits the axes (they follow its data until the user zooms or pans); a finished run
  // read back (a session reopened, at start too) is drawn at once with its channels offered
  connect(&runs_, &RunLibrary::runAdded, this, [this](int id) {
    const Run* run = runs_.find(id);
    if (run && !run->live()) rebuildAll();
    for (LivePlot* p : plots_) p->autoScale();
  });
  // the key follows the runs too
  connect(&runs_, &RunLibrary::scopeChanged, this, &PlotPanel::updateKey);
  for (auto signal : {&RunLibrary::runAdded, &RunLibrary::runRemoved, &RunLibrary::shownChanged,
                      &RunLibrary::referenceChanged})
    connect(&runs_, signal, this, &PlotPanel::updateKey);
  resetLayout();
}

// --- adding, removing and arranging plots --------------------------------------------------------

// a plot of a quantity; a difference or error plot tells the comparison table its channel
LivePlot* PlotPanel::addPlot(PlotKind kind, const QStringList& channels) {
  // the plot tells the panel when it is to be removed or shows another quantity
  auto* plot = new LivePlot(runs_, kind, channels, *cursors_, scheduler_, this);
  connect(plot, &LivePlot::removeRequested, this, [this, plot] { removePlot(plot); });
  connect(plot, &LivePlot::quantityChanged, this, [this, plot] {
    // a comparison's channel goes to the comparison table
    if ((plot->kind() == PlotKind::Difference || plot->kind() == PlotKind::ReferenceError) &&
        !plot->channel().isEmpty())
      emit comparedChannelChanged(plot->channel());
    updateKey();
  });
  // arranged with the others
  plots_.push_back(plot);
  relayout();
  // a comparison added tells the table its channel at once
  if (plot->kind() == PlotKind::Difference || plot->kind() == PlotKind::ReferenceError)
    if (!plot->channel().isEmpty()) emit comparedChannelChanged(plot->channel());
  return plot;
}

void PlotPanel::removePlot(LivePlot* plot) {
  // a plot removed is hidden at once and deleted once its events are done
  const auto it = std::find(plots_.begin(), plots_.end(), plot);
  if (it == plots_.end()) return;
  plots_.erase(it);
  plot->hide();
  plot->deleteLater();
  relayout();
}

// two columns when two plots of their least width fit side by side, each wide enough to read
int PlotPanel::columnCount() const {
  if (plots_.size() < 2) return 1;
  int least = kReadableWidth;
  for (const LivePlot* p : plots_) least = std::max(least, p->minimumSizeHint().width());
  return scroll_->viewport()->width() >= 2 * least + grid_->horizontalSpacing() ? 2 : 1;
}

// the plots row by row in one or two columns, the rows sharing the height
void PlotPanel::relayout() {
  // the plots taken out of the grid and put back in the columns there are now
  for (LivePlot* p : plots_) grid_->removeWidget(p);
  columns_ = columnCount();
  for (size_t k = 0; k < plots_.size(); ++k)
    grid_->addWidget(plots_[k], static_cast<int>(k) / columns_, static_cast<int>(k) % columns_);
  // the rows holding plots share the height; the columns in use share the width
  for (int r = 0; r < grid_->rowCount(); ++r)
    grid_->setRowStretch(r,
                         r < (static_cast<int>(plots_.size()) + columns_ - 1) / columns_ ? 1 : 0);
  for (int c = 0; c < 2; ++c) grid_->setColumnStretch(c, c < columns_ ? 1 : 0);
  updateKey();
}

// a resize of the scroll area that changes the number of columns arranges the plots again
bool PlotPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched == scroll_->viewport() && event->type() == QEvent::Resize &&
      columnCount() != columns_)
    relayout();
  return QWidget::eventFilter(watched, event);
}

// --- the key, the layout and the scene -----------------------------------------------------------

void PlotPanel::rebuildAll() {
  for (LivePlot* p : plots_) p->rebuild();
}

// the runs shown in their colours, by their short labels, the reference with a star; whole
// labels in the tooltip
void PlotPanel::updateKey() {
  QStringList entries;
  QStringList whole;
  for (const Run* r : runs_.shownRuns()) {
    // a square of the run's colour, its short label, a star for the reference
    entries << QString("<span style=\"color:%1\">&#9632;</span>&nbsp;%2%3")
                   .arg(r->color.name(), r->shortLabel().toHtmlEscaped(),
                        r->id == runs_.referenceId() ? "&nbsp;&#9733;" : "");
    whole << r->label().toHtmlEscaped();
  }
  key_->setToolTip(
      tr("The legend of every plot (\u2605: the reference run):<br>%1").arg(whole.join("<br>")));
  // the markers of rejected steps, when a step-size plot shows some
  const bool steps = std::any_of(plots_.begin(), plots_.end(),
                                 [](const LivePlot* p) { return p->kind() == PlotKind::StepSize; });
  // whether a run shown has rejected steps
  bool rejected = false;
  for (const Run* r : runs_.shownRuns()) rejected = rejected || !r->results.rejected.empty();
  if (steps && rejected) {
    // each category's symbol and name, in the order they were met
    QStringList markers;
    for (const QString& c : PlotSeries::rejectionCategories())
      markers << PlotSeries::rejectionSymbol(PlotSeries::rejectionShape(c)) + "&nbsp;" +
                     c.toHtmlEscaped();
    entries << tr("rejected steps: %1").arg(markers.join(", "));
  }
  key_->setText(entries.join("&nbsp;&nbsp; "));
}

QString PlotPanel::keyText() const { return key_->text(); }

void PlotPanel::setCursorTime(double t) { cursors_->setA(t); }

// the plots as a list of specifications, saved with the window's layout
QStringList PlotPanel::layoutState() const {
  QStringList state;
  for (const LivePlot* p : plots_) state << plotSpec(p->kind(), p->channels());
  return state;
}

// the plots a saved list names, replacing those shown (none replaced if none is valid)
void PlotPanel::restoreLayout(const QStringList& state) {
  // only the entries that read back count
  std::vector<std::pair<PlotKind, QStringList>> wanted;
  for (const QString& entry : state) {
    PlotKind kind;
    QStringList channels;
    if (parsePlotSpec(entry, kind, channels)) wanted.emplace_back(kind, channels);
  }
  if (wanted.empty()) return;
  // the plots shown replaced by those read back
  while (!plots_.empty()) removePlot(plots_.back());
  for (const auto& [kind, channels] : wanted) addPlot(kind, channels);
}

// the four default plots
void PlotPanel::resetLayout() {
  while (!plots_.empty()) removePlot(plots_.back());
  for (PlotKind k : {PlotKind::StepSize, PlotKind::EnergyBalance, PlotKind::ConstraintViolation,
                     PlotKind::NewtonIterations})
    addPlot(k);
}

void PlotPanel::fitToScene(const Model& model) {
  // the channels a run of this scene records (multipliers and reactions included, as the
  // workbench's runs record them)
  std::set<QString> recorded;
  // the channels of a recorder set up as the workbench's runs record
  try {
    const std::unique_ptr<Formulation> f = makeFormulation(model.defaults.formulation, model);
    for (const Channel& c : Recorder(*f, Recorder::Kind::Dynamics, 1, true, false, true).channels())
      recorded.insert(QString::fromStdString(c.name));
  } catch (const std::exception&) {
    return;  // a formulation the scene cannot start with: its runs will say so
  }
  // a plot whose channels this scene's runs do not record starts with the default signal again
  for (LivePlot* p : plots_) {
    const QStringList channels = p->channels();
    const bool fits = std::all_of(channels.begin(), channels.end(),
                                  [&](const QString& c) { return recorded.count(c) > 0; });
    if (!fits) p->setQuantity(p->kind(), {});
  }
}

long PlotPanel::replotCount() const {
  long n = 0;
  for (const LivePlot* p : plots_) n += p->replotCount();
  return n;
}

}  // namespace mbw::ui
