#include "plot_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <algorithm>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

#include "live_plot.h"
#include "run_library.h"

namespace mbw::ui {

PlotPanel::PlotPanel(RunLibrary& runs, FrameScheduler* scheduler, QWidget* parent)
    : QWidget(parent), runs_(runs), scheduler_(scheduler), grid_(new QGridLayout), key_(new QLabel(this)) {
  auto* add = new QToolButton(this);
  add->setText(tr("Add plot"));
  add->setToolTip(tr("Add a plot of another quantity"));
  add->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(add);
  for (const PlotKindInfo& k : plotKinds()) {
    const PlotKind kind = k.kind;
    menu->addAction(k.title, this, [this, kind] { addPlot(kind); });
  }
  add->setMenu(menu);
  auto* reset = new QToolButton(this);
  reset->setText(tr("Default plots"));
  reset->setToolTip(tr("Step size, energy balance, constraint violation and Newton iterations"));
  connect(reset, &QToolButton::clicked, this, &PlotPanel::resetLayout);

  auto* header = new QHBoxLayout;
  header->setContentsMargins(4, 2, 4, 0);
  header->addWidget(add);
  header->addWidget(reset);
  header->addWidget(key_, 1);
  key_->setWordWrap(true);
  key_->setTextFormat(Qt::RichText);
  key_->setToolTip(tr("The runs shown, by the number the legends use (\u2605: the reference run)"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(header);
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setSpacing(2);
  layout->addLayout(grid_, 1);

  connect(&runs_, &RunLibrary::rowsAppended, this, [this](int id) {
    for (LivePlot* p : plots_) p->appendRows(id);
  });
  connect(&runs_, &RunLibrary::runFinished, this, [this](int id) {
    for (LivePlot* p : plots_) p->appendRows(id);
  });
  connect(&runs_, &RunLibrary::runRemoved, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::shownChanged, this, &PlotPanel::rebuildAll);
  connect(&runs_, &RunLibrary::referenceChanged, this, &PlotPanel::rebuildAll);
  for (auto signal : {&RunLibrary::runAdded, &RunLibrary::runRemoved, &RunLibrary::shownChanged,
                      &RunLibrary::referenceChanged})
    connect(&runs_, signal, this, &PlotPanel::updateKey);
  resetLayout();
}

LivePlot* PlotPanel::addPlot(PlotKind kind, const QString& channel) {
  auto* plot = new LivePlot(runs_, kind, channel, scheduler_, this);
  connect(plot, &LivePlot::removeRequested, this, [this, plot] { removePlot(plot); });
  plots_.push_back(plot);
  relayout();
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

void PlotPanel::relayout() {
  for (LivePlot* p : plots_) grid_->removeWidget(p);
  const int columns = plots_.size() > 1 ? 2 : 1;
  for (size_t k = 0; k < plots_.size(); ++k)
    grid_->addWidget(plots_[k], static_cast<int>(k) / columns, static_cast<int>(k) % columns);
  for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, 1);
  for (int c = 0; c < 2; ++c) grid_->setColumnStretch(c, c < columns ? 1 : 0);
}

void PlotPanel::rebuildAll() {
  for (LivePlot* p : plots_) p->rebuild();
}

void PlotPanel::updateKey() {
  QStringList entries;
  for (const Run* r : runs_.shownRuns())
    entries << QString("<span style=\"color:%1\">&#9632;</span>&nbsp;%2%3")
                   .arg(r->color.name(), r->label().toHtmlEscaped(), r->id == runs_.referenceId() ? "&nbsp;&#9733;" : "");
  key_->setText(entries.join("&nbsp;&nbsp; "));
}

void PlotPanel::setCursorTime(double t) {
  for (LivePlot* p : plots_) p->setCursorTime(t);
}

QStringList PlotPanel::layoutState() const {
  QStringList state;
  for (const LivePlot* p : plots_) {
    const QString id = plotKindInfo(p->kind()).id;
    state << (p->channel().isEmpty() ? id : id + ":" + p->channel());
  }
  return state;
}

void PlotPanel::restoreLayout(const QStringList& state) {
  std::vector<std::pair<PlotKind, QString>> wanted;
  for (const QString& entry : state) {
    const int colon = entry.indexOf(':');
    if (const PlotKindInfo* k = findPlotKind(colon < 0 ? entry : entry.left(colon)))
      wanted.emplace_back(k->kind, colon < 0 ? QString() : entry.mid(colon + 1));
  }
  if (wanted.empty()) return;
  while (!plots_.empty()) removePlot(plots_.back());
  for (const auto& [kind, channel] : wanted) addPlot(kind, channel);
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
