#include "live_plot.h"

#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QHBoxLayout>
#include <QToolButton>
#include <cmath>
#include <qcustomplot.h>
#include <stdexcept>

#include "analysis/reference_error.h"
#include "frame_scheduler.h"
#include "run_library.h"
#include "style.h"

namespace mbw::ui {
namespace {

// the error of a live run is recomputed at most this often
constexpr qint64 kErrorRefreshMs = 250;
// log axes show at most this ratio between the smallest and the largest value
constexpr double kLogSpan = 1e-18;

QVector<double> toQVector(const std::vector<double>& v) { return QVector<double>(v.begin(), v.end()); }

// legends name runs by number; the plot panel's key says what each number is
QString runName(const Run& run) { return QString("#%1").arg(run.id); }

const QCPScatterStyle::ScatterShape kRejectionShapes[] = {
    QCPScatterStyle::ssCross, QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
    QCPScatterStyle::ssSquare, QCPScatterStyle::ssPlus, QCPScatterStyle::ssStar};

}  // namespace

LivePlot::LivePlot(RunLibrary& runs, PlotKind kind, const QString& channel, FrameScheduler* scheduler,
                   QWidget* parent)
    : QWidget(parent), runs_(runs), scheduler_(scheduler), kind_(kind), channel_(channel),
      kindBox_(new QComboBox(this)), channelBox_(new QComboBox(this)), plot_(new QCustomPlot(this)) {
  // header: quantity, channel, auto-scale, remove
  for (const PlotKindInfo& k : plotKinds()) kindBox_->addItem(k.title, k.id);
  kindBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  kindBox_->setMinimumContentsLength(10);
  kindBox_->setToolTip(tr("What this plot shows"));
  channelBox_->setToolTip(tr("The output channel plotted (or whose error is plotted)"));
  channelBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  channelBox_->setMinimumContentsLength(8);
  auto* fit = new QToolButton(this);
  fit->setText(tr("Fit"));
  fit->setToolTip(tr("Auto-scale both axes and follow new data (double click in the plot does the same)"));
  auto* remove = new QToolButton(this);
  remove->setText(QStringLiteral("\u2715"));
  remove->setToolTip(tr("Remove this plot"));
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(kindBox_, 1);
  header->addWidget(channelBox_, 1);
  header->addWidget(fit);
  header->addWidget(remove);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(2);
  layout->addLayout(header);
  layout->addWidget(plot_, 1);

  if (scheduler_)
    drawHandle_ = scheduler_->add([this] {
      plot_->replot(QCustomPlot::rpRefreshHint);
      ++replots_;
    });
  plot::applyStyle(*plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setNoAntialiasingOnDrag(true);
  // repaint with the window's next frame (an immediate repaint would paint once per plot)
  plot_->setPlottingHint(QCP::phImmediateRefresh, false);
  // the legend in a row under the axes, so that it never hides a curve
  auto* legendRow = new QCPLayoutGrid;
  plot_->plotLayout()->addElement(1, 0, legendRow);
  legendRow->setMargins(QMargins(5, 0, 5, 3));
  legendRow->addElement(0, 0, plot_->legend);
  // an empty legend would cap the column's width (its largest size is zero) and squeeze the axes:
  // a filler beside it keeps the row stretchable
  legendRow->addElement(0, 1, new QCPLayoutElement(plot_));
  legendRow->setColumnStretchFactor(1, 0.001);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->plotLayout()->setRowStretchFactor(1, 0.001);
  plot_->xAxis->setLabel("t [s]");
  plot_->setMinimumSize(150, 120);
  cursor_ = new QCPItemStraightLine(plot_);
  cursor_->setPen(QPen(QColor(60, 60, 60), 1.0, Qt::DashLine));
  cursor_->setVisible(false);
  note_ = new QCPItemText(plot_);
  note_->position->setType(QCPItemPosition::ptAxisRectRatio);
  note_->position->setCoords(0.5, 0.5);
  note_->setColor(QColor(110, 110, 110));
  note_->setVisible(false);

  connect(kindBox_, QOverload<int>::of(&QComboBox::activated), this, [this](int index) {
    if (const PlotKindInfo* k = findPlotKind(kindBox_->itemData(index).toString())) setQuantity(k->kind, channel_);
  });
  connect(channelBox_, QOverload<int>::of(&QComboBox::activated), this,
          [this](int index) { setQuantity(kind_, channelBox_->itemData(index).toString()); });
  connect(fit, &QToolButton::clicked, this, &LivePlot::autoScale);
  connect(remove, &QToolButton::clicked, this, &LivePlot::removeRequested);
  // the user takes over the axes by dragging or zooming
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    if (e->buttons() != Qt::NoButton) followData_ = false;
  });
  connect(plot_, &QCustomPlot::mouseWheel, this, [this] { followData_ = false; });
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, &LivePlot::autoScale);
  // right click: auto-scale, or this plot alone as a PNG image
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu menu(this);
    menu.addAction(tr("Auto-scale"), this, &LivePlot::autoScale);
    menu.addAction(tr("Save this plot as PNG..."), this, [this] {
      const QString path = QFileDialog::getSaveFileName(this, tr("Save plot"), plotKindInfo(kind_).id + ".png",
                                                        tr("PNG images (*.png)"));
      if (!path.isEmpty() && !plot_->savePng(path, 0, 0, 2.0))
        QMessageBox::warning(this, tr("Save plot"), tr("Cannot write %1").arg(path));
    });
    menu.exec(plot_->mapToGlobal(at));
  });
  setQuantity(kind, channel);
}

LivePlot::~LivePlot() {
  if (scheduler_) scheduler_->remove(drawHandle_);
}

void LivePlot::replotSoon() {
  if (scheduler_) scheduler_->request(drawHandle_);
  else plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::setQuantity(PlotKind kind, const QString& channel) {
  kind_ = kind;
  channel_ = channel;
  kindBox_->setCurrentIndex(kindBox_->findData(plotKindInfo(kind).id));
  channelBox_->setVisible(plotKindInfo(kind).needsChannel);
  plot::applyAxisStyle(*plot_->yAxis, plotKindInfo(kind).logY);
  // ranges within a decade need a digit to tell their ticks apart
  if (plotKindInfo(kind).logY) plot_->yAxis->setNumberPrecision(1);
  rebuild();
  followData_ = true;
  refresh();
}

void LivePlot::rebuild() {
  plot_->clearGraphs();
  curves_.clear();
  noteText_.clear();
  fillChannelChoices();
  if (kind_ == PlotKind::ReferenceError && !runs_.reference())
    noteText_ = tr("Choose a reference run (run list: right click, Use as reference)");
  for (const Run* run : runs_.shownRuns()) addRun(*run);
  updateAxes();
  refresh();
}

void LivePlot::addRun(const Run& run) {
  RunCurves& rc = curves_[run.id];
  for (const CurveSpec& spec : curvesOf(kind_, channel_)) {
    QCPGraph* g = plot_->addGraph();
    // one pixel wide: wider pens go through Qt's stroker, many times slower on long curves
    const QPen pen(spec.secondary ? run.color.lighter(160) : run.color, 1.0);
    g->setPen(pen);
    g->setName(runName(run));
    // a secondary curve shares its run's legend entry (the axis label tells them apart)
    if (spec.secondary) g->removeFromLegend();
    if (spec.stepped) g->setLineStyle(QCPGraph::lsStepLeft);
    rc.curves.push_back(g);
  }
  appendChannels(run, rc);
  appendRejected(run, rc);
  updateError(run, rc, true);
}

void LivePlot::appendRows(int runId) {
  const Run* run = runs_.find(runId);
  if (!run || !run->shown) return;
  auto it = curves_.find(runId);
  if (it == curves_.end()) {
    addRun(*run);
  } else {
    if (channelBox_->count() == 0) fillChannelChoices();
    appendChannels(*run, it->second);
    appendRejected(*run, it->second);
    updateError(*run, it->second, !run->live());
  }
  updateAxes();
  refresh();
}

void LivePlot::appendChannels(const Run& run, RunCurves& rc) {
  const Results& r = run.results;
  // the rows were decimated (memory budget): draw the run's curves again from what is kept
  if (r.rowStride() != rc.strideShown) {
    for (QCPGraph* g : rc.curves) g->data()->clear();
    rc.rowsShown = 0;
    rc.strideShown = r.rowStride();
  }
  // a latest row off the stride is replaced by the next: drawn once it stays (or the run ended)
  const size_t endRow = run.live() ? r.stableRowCount() : r.rowCount();
  const size_t firstRow = rc.rowsShown;
  if (endRow <= firstRow || r.columnCount() == 0) return;
  std::vector<double> t, y;
  const std::vector<CurveSpec> specs = curvesOf(kind_, channel_);
  for (size_t k = 0; k < specs.size() && k < rc.curves.size(); ++k) {
    curveFrom(r, r.column(specs[k].channel.toStdString()), firstRow, plotKindInfo(kind_).logY, t, y, endRow);
    rc.curves[k]->addData(toQVector(t), toQVector(y), true);
  }
  rc.rowsShown = endRow;
}

void LivePlot::appendRejected(const Run& run, RunCurves& rc) {
  if (kind_ != PlotKind::StepSize) return;
  const auto& rejected = run.results.rejected;
  for (; rc.rejectedShown < rejected.size(); ++rc.rejectedShown) {
    const RejectedStep& step = rejected[rc.rejectedShown];
    const QString category = rejectionCategory(step.reason);
    QCPGraph*& g = rc.rejected[category];
    if (!g) {
      g = plot_->addGraph();
      g->setLineStyle(QCPGraph::lsNone);
      const int shape = static_cast<int>(rc.rejected.size() - 1) % 6;
      g->setScatterStyle(QCPScatterStyle(kRejectionShapes[shape], run.color, 7.0));
      g->setPen(QPen(run.color));
      g->setName(runName(run) + tr(" rejected: ") + category);
    }
    g->addData(step.t, step.h);
  }
}

void LivePlot::updateError(const Run& run, RunCurves& rc, bool force) {
  if (kind_ != PlotKind::ReferenceError) return;
  const Run* reference = runs_.reference();
  if (!reference || reference->id == run.id || channel_.isEmpty() || run.results.rowCount() == 0) return;
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  if (!force && now - rc.errorUpdatedMs < kErrorRefreshMs) return;
  rc.errorUpdatedMs = now;
  if (rc.curves.empty()) {
    QCPGraph* g = plot_->addGraph();
    g->setPen(QPen(run.color, 1.0));
    g->setName(runName(run) + tr(" vs #") + QString::number(reference->id));
    rc.curves.push_back(g);
  }
  try {
    const TrajectoryError e = trajectoryError(run.results, reference->results, channel_.toStdString());
    // zero errors (the common start) cannot show on the log axis
    QVector<double> t, errors;
    for (size_t k = 0; k < e.errors.size(); ++k)
      if (e.errors[k] > 0.0) {
        t.push_back(e.times[k]);
        errors.push_back(e.errors[k]);
      }
    rc.curves.front()->setData(t, errors, true);
  } catch (const std::invalid_argument& ex) {
    noteText_ = QString::fromStdString(ex.what());
  }
}

void LivePlot::fillChannelChoices() {
  const Run* sample = runs_.find(runs_.currentId());
  if (!sample || sample->results.columnCount() == 0) {
    for (const Run* r : runs_.shownRuns())
      if (r->results.columnCount() > 0) sample = r;
  }
  channelBox_->clear();
  if (!sample || sample->results.columnCount() == 0) return;
  const Results& r = sample->results;
  for (int c = 1; c < r.columnCount(); ++c) {
    const Channel& ch = r.channels()[c];
    const QString name = QString::fromStdString(ch.name);
    channelBox_->addItem(ch.unit.empty() ? name : name + " [" + QString::fromStdString(ch.unit) + "]", name);
  }
  if (plotKindInfo(kind_).needsChannel && channel_.isEmpty()) channel_ = defaultChannel(r);
  channelBox_->setCurrentIndex(channelBox_->findData(channel_));
}

void LivePlot::updateAxes() {
  const Run* sample = nullptr;
  for (const Run* r : runs_.shownRuns())
    if (r->results.columnCount() > 0) sample = r;
  // the label before any run too; a run's channels give the units of a channel
  static const Results none;
  plot_->yAxis->setLabel(yAxisLabel(kind_, channel_, sample ? sample->results : none));
}

void LivePlot::autoScale() {
  followData_ = true;
  refresh();
}

void LivePlot::refresh() {
  if (followData_) followData();
  plot_->legend->setVisible(plot_->graphCount() > 0);
  note_->setText(noteText_);
  note_->setVisible(!noteText_.isEmpty());
  replotSoon();
}

void LivePlot::followData() {
  // x: the whole span of the runs shown, so that live curves grow into a fixed frame
  double tStart = 0.0, tEnd = 0.0;
  for (const Run* r : runs_.shownRuns()) {
    tStart = std::min(tStart, std::max(r->settings.tStart, r->settings.recordFrom));
    tEnd = std::max(tEnd, r->live() ? r->settings.tEnd : r->lastTime());
  }
  plot_->xAxis->setRange(tStart, tEnd > tStart ? tEnd : tStart + 1.0);

  // y: the values of every curve
  const bool logY = plot_->yAxis->scaleType() == QCPAxis::stLogarithmic;
  double lower = 0.0, upper = 0.0;
  bool any = false;
  for (int i = 0; i < plot_->graphCount(); ++i) {
    bool found = false;
    const QCPRange r = plot_->graph(i)->getValueRange(found, logY ? QCP::sdPositive : QCP::sdBoth);
    if (!found) continue;
    lower = any ? std::min(lower, r.lower) : r.lower;
    upper = any ? std::max(upper, r.upper) : r.upper;
    any = true;
  }
  if (!any) return;
  if (logY) {
    // round-off far below the largest value is not worth the space; a constant shows within a
    // factor 4
    lower = std::max(lower, upper * kLogSpan);
    if (upper < 4.0 * lower) {
      const double centre = std::sqrt(lower * upper);
      lower = centre / 2.0;
      upper = centre * 2.0;
    }
    plot_->yAxis->setRange(lower / 1.5, upper * 1.5);
  } else {
    // a constant shows in the middle
    const double margin = upper > lower ? 0.05 * (upper - lower) : std::max(1e-3 * std::abs(upper), 1e-12);
    plot_->yAxis->setRange(lower - margin, upper + margin);
  }
}

void LivePlot::setCursorTime(double t) {
  cursor_->setVisible(std::isfinite(t));
  if (std::isfinite(t)) {
    cursor_->point1->setCoords(t, 1.0);
    cursor_->point2->setCoords(t, 2.0);
  }
  replotSoon();
}

void LivePlot::resizeEvent(QResizeEvent* event) {
  // as many legend columns as fit (an entry is about 130 pixels wide)
  plot_->legend->setWrap(std::max(1, width() / 130));
  QWidget::resizeEvent(event);
}

QSize LivePlot::sizeHint() const { return {320, 260}; }

int LivePlot::pointCount() const {
  int n = 0;
  for (int i = 0; i < plot_->graphCount(); ++i) n += plot_->graph(i)->dataCount();
  return n;
}

}  // namespace mbw::ui
