#include "plot_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "live_plot.h"
#include "plot_cursors.h"
#include "plot_series.h"
#include "run_library.h"

namespace mbw::ui {
namespace {

// a plot narrower than this goes to one column
constexpr int kTwoColumnsWidth = 420;

}  // namespace

PlotPanel::PlotPanel(RunLibrary& runs, FrameScheduler* scheduler, QWidget* parent)
    : QWidget(parent), runs_(runs), scheduler_(scheduler), cursors_(new PlotCursors(this)), grid_(new QGridLayout),
      key_(new QLabel(this)) {
  auto* add = new QToolButton(this);
  add->setText(tr("Add plot"));
  add->setToolTip(tr("Add a plot of another quantity (the Signals panel plots any recorded signal)"));
  add->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(add);
  for (const PlotKindInfo& k : plotKinds()) {
    const PlotKind kind = k.kind;
    menu->addAction(k.title, this, [this, kind] { addPlot(kind); });
  }
  add->setMenu(menu);
  auto* reset = new QToolButton(this);
  reset->setText(tr("Default plots"));
  reset->setToolTip(tr("Step size, energy balance, constraint violation and iterations per step"));
  connect(reset, &QToolButton::clicked, this, &PlotPanel::resetLayout);

  auto* header = new QHBoxLayout;
  header->setContentsMargins(4, 2, 4, 0);
  header->addWidget(add, 0, Qt::AlignTop);
  header->addWidget(reset, 0, Qt::AlignTop);
  header->addWidget(key_, 1);
  key_->setWordWrap(true);
  key_->setTextFormat(Qt::RichText);
  key_->setToolTip(tr("The legend of every plot: the runs shown, by the number the read-outs use (\u2605: the "
                      "reference run), and the markers of rejected steps"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(header);
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setSpacing(2);
  layout->addLayout(grid_, 1);

  connect(&runs_, &RunLibrary::rowsAppended, this, [this](int id) {
    for (LivePlot* p : plots_) p->appendRows(id);
    updateKey();
  });
  connect(&runs_, &RunLibrary::runFinished, this, [this](int id) {
    for (LivePlot* p : plots_) p->appendRows(id, true);
    updateKey();
  });
  connect(&runs_, &RunLibrary::runRemoved, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::shownChanged, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::referenceChanged, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::scopeChanged, this, &PlotPanel::rebuildAll);
  // a new run refits the axes (they follow its data until the user zooms or pans)
  connect(&runs_, &RunLibrary::runAdded, this, [this] {
    for (LivePlot* p : plots_) p->autoScale();
  });
  connect(&runs_, &RunLibrary::scopeChanged, this, &PlotPanel::updateKey);
  for (auto signal : {&RunLibrary::runAdded, &RunLibrary::runRemoved, &RunLibrary::shownChanged,
                      &RunLibrary::referenceChanged})
    connect(&runs_, signal, this, &PlotPanel::updateKey);
  resetLayout();
}

LivePlot* PlotPanel::addPlot(PlotKind kind, const QStringList& channels) {
  auto* plot = new LivePlot(runs_, kind, channels, *cursors_, scheduler_, this);
  connect(plot, &LivePlot::removeRequested, this, [this, plot] { removePlot(plot); });
  connect(plot, &LivePlot::quantityChanged, this, [this, plot] {
    if ((plot->kind() == PlotKind::Difference || plot->kind() == PlotKind::ReferenceError) && !plot->channel().isEmpty())
      emit comparedChannelChanged(plot->channel());
    updateKey();
  });
  plots_.push_back(plot);
  relayout();
  if (plot->kind() == PlotKind::Difference || plot->kind() == PlotKind::ReferenceError)
    if (!plot->channel().isEmpty()) emit comparedChannelChanged(plot->channel());
  return plot;
}

void PlotPanel::removePlot(LivePlot* plot) {
  const auto it = std::find(plots_.begin(), plots_.end(), plot);
  if (it == plots_.end()) return;
  plots_.erase(it);
  plot->hide();
  plot->deleteLater();
  relayout();
}

int PlotPanel::columnCount() const { return plots_.size() > 1 && width() >= kTwoColumnsWidth ? 2 : 1; }

void PlotPanel::relayout() {
  for (LivePlot* p : plots_) grid_->removeWidget(p);
  columns_ = columnCount();
  for (size_t k = 0; k < plots_.size(); ++k)
    grid_->addWidget(plots_[k], static_cast<int>(k) / columns_, static_cast<int>(k) % columns_);
  for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, r < (static_cast<int>(plots_.size()) + columns_ - 1) / columns_ ? 1 : 0);
  for (int c = 0; c < 2; ++c) grid_->setColumnStretch(c, c < columns_ ? 1 : 0);
  updateKey();
}

void PlotPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (columnCount() != columns_) relayout();
}

void PlotPanel::rebuildAll() {
  for (LivePlot* p : plots_) p->rebuild();
}

void PlotPanel::updateKey() {
  QStringList entries;
  QStringList whole;
  for (const Run* r : runs_.shownRuns()) {
    entries << QString("<span style=\"color:%1\">&#9632;</span>&nbsp;%2%3")
                   .arg(r->color.name(), r->shortLabel().toHtmlEscaped(), r->id == runs_.referenceId() ? "&nbsp;&#9733;" : "");
    whole << r->label().toHtmlEscaped();
  }
  key_->setToolTip(tr("The legend of every plot (\u2605: the reference run):<br>%1").arg(whole.join("<br>")));
  // the markers of rejected steps, when a step-size plot shows some
  const bool steps = std::any_of(plots_.begin(), plots_.end(), [](const LivePlot* p) { return p->kind() == PlotKind::StepSize; });
  bool rejected = false;
  for (const Run* r : runs_.shownRuns()) rejected = rejected || !r->results.rejected.empty();
  if (steps && rejected) {
    QStringList markers;
    for (const QString& c : PlotSeries::rejectionCategories())
      markers << PlotSeries::rejectionSymbol(PlotSeries::rejectionShape(c)) + "&nbsp;" + c.toHtmlEscaped();
    entries << tr("rejected steps: %1").arg(markers.join(", "));
  }
  key_->setText(entries.join("&nbsp;&nbsp; "));
}

QString PlotPanel::keyText() const { return key_->text(); }

void PlotPanel::setCursorTime(double t) { cursors_->setA(t); }

QStringList PlotPanel::layoutState() const {
  QStringList state;
  for (const LivePlot* p : plots_) state << plotSpec(p->kind(), p->channels());
  return state;
}

void PlotPanel::restoreLayout(const QStringList& state) {
  std::vector<std::pair<PlotKind, QStringList>> wanted;
  for (const QString& entry : state) {
    PlotKind kind;
    QStringList channels;
    if (parsePlotSpec(entry, kind, channels)) wanted.emplace_back(kind, channels);
  }
  if (wanted.empty()) return;
  while (!plots_.empty()) removePlot(plots_.back());
  for (const auto& [kind, channels] : wanted) addPlot(kind, channels);
}

void PlotPanel::resetLayout() {
  while (!plots_.empty()) removePlot(plots_.back());
  for (PlotKind k : {PlotKind::StepSize, PlotKind::EnergyBalance, PlotKind::ConstraintViolation,
                     PlotKind::NewtonIterations})
    addPlot(k);
}

long PlotPanel::replotCount() const {
  long n = 0;
  for (const LivePlot* p : plots_) n += p->replotCount();
  return n;
}

}  // namespace mbw::ui
