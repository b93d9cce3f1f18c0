#include "live_plot.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QToolButton>
#include <cmath>
#include <qcustomplot.h>
#include <set>
#include <utility>

#include "figure_export.h"
#include "frame_scheduler.h"
#include "plot_cursors.h"
#include "plot_readout.h"
#include "plot_series.h"
#include "run_library.h"
#include "run_summary.h"
#include "last_folder.h"
#include "style.h"

namespace mbw::ui {
namespace {

// log axes show at most this ratio between the smallest and the largest value
constexpr double kLogSpan = 1e-18;
// the least width of the header's choices, pixels: an x-y plot's header (three of them) still fits
// half of a narrow plot panel
constexpr int kLeastBoxWidth = 44;

// a choice of signal for the plot's header
QComboBox* channelBox(QWidget* parent, const QString& tip) {
  auto* box = new QComboBox(parent);
  box->setToolTip(tip);
  // as narrow as two plots side by side need (the whole name in the list and the tooltip)
  box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  box->setMinimumContentsLength(2);
  box->setMinimumWidth(kLeastBoxWidth);
  return box;
}

}  // namespace

// --- building the plot ---------------------------------------------------------------------------

LivePlot::LivePlot(RunLibrary& runs, PlotKind kind, const QStringList& channels,
                   PlotCursors& cursors, FrameScheduler* scheduler, QWidget* parent)
    : QWidget(parent),
      runs_(runs),
      cursors_(cursors),
      scheduler_(scheduler),
      kind_(kind),
      channels_(channels),
      kindBox_(new QComboBox(this)),
      firstBox_(channelBox(this, tr("The signal plotted (x of an x-y plot)"))),
      secondBox_(channelBox(this, tr("y of the x-y plot"))),
      plot_(new QCustomPlot(this)) {
  // the header (quantity, signals, auto-scale, remove) above the plot, which takes the rest
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(2);
  layout->addLayout(buildHeader());
  layout->addWidget(plot_, 1);

  // the scheduler draws the plot with the window's next frame, taking the rows that came meanwhile
  if (scheduler_)
    drawHandle_ = scheduler_->add([this] {
      for (int id : std::exchange(pendingRuns_, {})) takeRows(id);
      plot_->replot(QCustomPlot::rpRefreshHint);
      ++replots_;
    });
  // the plot's style, interactions and texts
  setUpPlot();
  // the curves of the runs, and the cursors' read-out drawn over them
  series_ = new PlotSeries(*plot_, runs_);
  readout_ = new PlotReadout(*plot_, *series_, cursors_, this);
  connect(&cursors_, &PlotCursors::changed, this, &LivePlot::updateCursors);

  // the user takes over the axes by dragging or zooming
  connect(plot_, &QCustomPlot::mouseWheel, this, [this] { followData_ = false; });
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, &LivePlot::autoScale);
  // a log axis zoomed or dragged within two decades gets its 1-2-5 ticks again
  connect(plot_->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          &LivePlot::updateTicks);
  // right click: cursors, auto-scale, this plot alone as a PNG image
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &LivePlot::showContextMenu);
  // the quantity asked for, which draws the runs there are
  setQuantity(kind, channels);
}

// the header's quantity and signal boxes, auto-scale and remove, in a row, wired
QHBoxLayout* LivePlot::buildHeader() {
  // the quantities
  for (const PlotKindInfo& k : plotKinds()) kindBox_->addItem(k.title, k.id);
  kindBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  kindBox_->setMinimumContentsLength(3);
  kindBox_->setMinimumWidth(kLeastBoxWidth);
  kindBox_->setToolTip(tr("What this plot shows"));
  // Fit, and the cross that removes the plot
  auto* fit = new QToolButton(this);
  fit->setText(tr("Fit"));
  fit->setToolTip(
      tr("Auto-scale both axes and follow new data (double click in the plot does the same)"));
  auto* remove = new QToolButton(this);
  remove->setText(QStringLiteral("\u2715"));
  remove->setToolTip(tr("Remove this plot"));
  // the header in a row
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(kindBox_, 1);
  header->addWidget(firstBox_, 1);
  header->addWidget(secondBox_, 1);
  header->addWidget(fit);
  header->addWidget(remove);
  // a new quantity from the header; the signals of the first and second choice for one that
  // needs them
  connect(kindBox_, QOverload<int>::of(&QComboBox::activated), this, [this](int index) {
    if (const PlotKindInfo* k = findPlotKind(kindBox_->itemData(index).toString()))
      setQuantity(k->kind, channels_);
  });
  // a new signal in the header; an x-y plot takes both
  auto chosen = [this] {
    QStringList c{firstBox_->currentData().toString()};
    if (plotKindInfo(kind_).channels == 2) c << secondBox_->currentData().toString();
    setQuantity(kind_, c);
  };
  connect(firstBox_, QOverload<int>::of(&QComboBox::activated), this, chosen);
  connect(secondBox_, QOverload<int>::of(&QComboBox::activated), this, chosen);
  // the header's buttons
  connect(fit, &QToolButton::clicked, this, &LivePlot::autoScale);
  connect(remove, &QToolButton::clicked, this, &LivePlot::removeRequested);
  return header;
}

// the house style, interactions and size of the plot, and its two texts
void LivePlot::setUpPlot() {
  // the house style; drag and wheel move and zoom the axes
  plot::applyStyle(*plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setNoAntialiasingOnDrag(true);
  // repaint with the window's next frame (an immediate repaint would paint once per plot)
  plot_->setPlottingHint(QCP::phImmediateRefresh, false);
  // one legend for all plots: the panel's key
  plot_->legend->setVisible(false);
  // small enough for two columns in a narrow window, large enough for the read-outs of a few runs
  // (more plots than fit scroll)
  plot_->setMinimumSize(180, 150);
  plot_->setMouseTracking(true);
  plot_->installEventFilter(this);
  // two grey texts over the axis rect: a note in the middle, the run information in a corner
  auto centred = [this](double x, double y, Qt::Alignment a) {
    auto* t = new QCPItemText(plot_);
    t->position->setType(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(x, y);
    t->setPositionAlignment(a);
    t->setColor(QColor(110, 110, 110));
    t->setFont(QFont("DejaVu Sans", 8));
    t->setVisible(false);
    return t;
  };
  // the note says why nothing is drawn yet
  note_ = centred(0.5, 0.5, Qt::AlignCenter);
  // bottom right: the cursors' read-out takes the top left
  info_ = centred(0.99, 0.99, Qt::AlignRight | Qt::AlignBottom);
  info_->setTextAlignment(Qt::AlignRight);
  info_->setBrush(QColor(255, 255, 255, 200));
}

// the context menu at a point of the plot: cursors, auto-scale, this plot alone as a figure
void LivePlot::showContextMenu(const QPoint& at) {
  QMenu menu(this);
  // cursor B where the menu was opened, when there is a time there
  double t = 0.0;
  if (timeAt(at, t)) menu.addAction(tr("Cursor &B here"), this, [this, t] { cursors_.setB(t); });
  menu.addAction(tr("&Clear cursors"), &cursors_, &PlotCursors::clear);
  menu.addSeparator();
  menu.addAction(tr("&Auto-scale"), this, &LivePlot::autoScale);
  // the plot alone as a figure, in the folder used last
  menu.addAction(tr("Save this plot (PNG, SVG, PDF)..."), this, [this] {
    // proposed under the plot's kind, in the folder used last
    const QString dir = lastFolder("export/directory");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save plot"), QDir(dir).filePath(plotKindInfo(kind_).id + ".png"),
        plot::figureFileFilter());
    if (path.isEmpty()) return;
    rememberFolder("export/directory", QFileInfo(path).absolutePath());
    if (!savePlot(path))
      QMessageBox::warning(this, tr("Save plot"), tr("Cannot write %1").arg(path));
  });
  menu.exec(plot_->mapToGlobal(at));
}

// --- the quantity and the rows of the runs -------------------------------------------------------

LivePlot::~LivePlot() {
  // the scheduler forgets the plot's drawing
  if (scheduler_) scheduler_->remove(drawHandle_);
  delete series_;
}

// a replot with the window's next frame (at once, without a scheduler)
void LivePlot::replotSoon() {
  if (scheduler_)
    scheduler_->request(drawHandle_);
  else
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::setQuantity(PlotKind kind, const QStringList& channels) {
  // the header shows the quantity and as many signal choices as it needs, the axes its scale
  const bool changed = kind != kind_ || channels != channels_;
  kind_ = kind;
  channels_ = channels.mid(0, plotKindInfo(kind).channels);
  // the header's choices as the quantity wants them
  kindBox_->setCurrentIndex(kindBox_->findData(plotKindInfo(kind).id));
  firstBox_->setVisible(plotKindInfo(kind).channels >= 1);
  secondBox_->setVisible(plotKindInfo(kind).channels == 2);
  plot::applyAxisStyle(*plot_->yAxis, plotKindInfo(kind).logY);
  plot::applyAxisStyle(*plot_->xAxis, false);
  // the read-out follows the curves of an x-y plot by their points
  readout_->setXY(kind == PlotKind::XY);
  // the curves drawn anew, the axes following the data again
  rebuild();
  followData_ = true;
  refresh();
  if (changed) emit quantityChanged();
}

void LivePlot::rebuild() {
  // choices, curves, read-out and axis labels anew for the quantity
  fillChannelChoices();
  series_->setQuantity(kind_, channels_);
  readout_->recreate();
  updateAxes();
  readout_->update();
  refresh();
}

// a run's new rows: taken with the next frame (or now), then a replot
void LivePlot::appendRows(int runId, bool now) {
  // with a scheduler, noted for the next frame; else taken now
  if (scheduler_ && !now)
    pendingRuns_.insert(runId);
  else
    takeRows(runId);
  replotSoon();
}

void LivePlot::takeRows(int runId) {
  // only the runs shown and in the scope of the current scene
  const Run* run = runs_.find(runId);
  if (!run || !run->shown || !runs_.inScope(*run)) return;
  if (firstBox_->count() == 0) {
    // the first rows: the signals to choose from, and for a plot without one, the signal that
    // moves the most, drawn for every run from its first row
    const QStringList before = channels_;
    fillChannelChoices();
    if (channels_ != before) {
      rebuild();
      emit quantityChanged();
      return;
    }
  }
  // the run's curve grows; the read-out, the labels and the framing follow
  series_->append(*run, !run->live());
  if (cursors_.active()) readout_->update();
  updateAxes();
  fitAndNote();
}

void LivePlot::updateCursors() {
  // the read-out and a replot follow the cursors
  readout_->update();
  replotSoon();
}

// the signals of the current run, or of the last run shown that has any
void LivePlot::fillChannelChoices() {
  const Run* sample = runs_.find(runs_.currentId());
  if (!sample || sample->results.columnCount() == 0)
    for (const Run* r : runs_.shownRuns())
      if (r->results.columnCount() > 0) sample = r;
  // both choices list every channel, by its title with the channel's name as data
  for (QComboBox* box : {firstBox_, secondBox_}) box->clear();
  if (!sample || sample->results.columnCount() == 0) return;
  const Results& r = sample->results;
  for (int c = 0; c < r.columnCount(); ++c) {
    const QString name = QString::fromStdString(r.channels()[c].name);
    for (QComboBox* box : {firstBox_, secondBox_}) box->addItem(channelTitle(r, name), name);
  }
  // a plot that needs a channel starts with the body coordinate that moves the most
  const int needed = plotKindInfo(kind_).channels;
  if (needed >= 1 && channels_.isEmpty()) channels_ << defaultChannel(r);
  // an x-y plot starts with the same signal on both axes
  if (needed == 2 && channels_.size() < 2) channels_ << channels_.front();
  firstBox_->setCurrentIndex(firstBox_->findData(channels_.value(0)));
  secondBox_->setCurrentIndex(secondBox_->findData(channels_.value(1)));
}

QString LivePlot::infoText() const { return info_->text(); }

// --- axes, framing and ticks ---------------------------------------------------------------------

void LivePlot::updateAxes() {
  // the last run shown with results gives the channels' units
  const Run* sample = nullptr;
  for (const Run* r : runs_.shownRuns())
    if (r->results.columnCount() > 0) sample = r;
  // the labels before any run too; a run's channels give the units
  static const Results none;
  const Results& r = sample ? sample->results : none;
  plot_->yAxis->setLabel(yAxisLabel(kind_, channels_, r));
  plot_->xAxis->setLabel(xAxisLabel(kind_, channels_, r));
  readout_->setUnits(readoutUnit(kind_, channels_, r, true), readoutUnit(kind_, channels_, r));
  // what the iterations are, per integrator family; what the differences are taken against
  QString info;
  if (kind_ == PlotKind::NewtonIterations) {
    // the runs shown, grouped by what their iterations count
    std::map<QString, QStringList> byMeaning;
    for (const Run* run : runs_.shownRuns())
      byMeaning[iterationsLabel(*run)] << QString("#%1").arg(run->id);
    // the axis label short enough for a small plot: "projection iterations per step"
    if (byMeaning.size() == 1)
      plot_->yAxis->setLabel(
          QString(byMeaning.begin()->first).remove(QRegularExpression(" \\(.*\\)")) +
          tr(" per step"));
    else {
      QStringList parts;
      // one line per kind of count
      for (const auto& [meaning, ids] : byMeaning)
        parts << ids.join(", ") + ": " + QString(meaning).remove(" (dependent coordinates)");
      info = parts.join('\n');
    }
  } else if (kind_ == PlotKind::Difference || kind_ == PlotKind::ReferenceError) {
    // the run the others are compared with, named in the corner
    if (const Run* base = kind_ == PlotKind::Difference ? series_->base() : runs_.reference())
      info = kind_ == PlotKind::Difference ? tr("each run minus #%1").arg(base->id)
                                           : tr("each run against #%1").arg(base->id);
  }
  info_->setText(info);
  info_->setVisible(!info.isEmpty());
}

void LivePlot::autoScale() {
  // the axes follow the data again
  followData_ = true;
  refresh();
}

void LivePlot::refresh() {
  fitAndNote();
  replotSoon();
}

void LivePlot::fitAndNote() {
  // the data framed unless the user took the axes; ticks and note updated
  if (followData_) followData();
  updateTicks();
  note_->setText(series_->note());
  note_->setVisible(!series_->note().isEmpty());
}

void LivePlot::followData() {
  // the range of the curves' keys (x) or values (y), over all series; positive only on a log axis
  const bool logY = plot_->yAxis->scaleType() == QCPAxis::stLogarithmic;
  auto valueRange = [&](bool keys, double& lower, double& upper) {
    bool any = false;
    for (const Series& s : series_->series()) {
      bool found = false;
      const QCPRange r =
          keys ? s.plottable->getKeyRange(found, QCP::sdBoth)
               : s.plottable->getValueRange(found, logY ? QCP::sdPositive : QCP::sdBoth);
      if (!found) continue;
      lower = any ? std::min(lower, r.lower) : r.lower;
      upper = any ? std::max(upper, r.upper) : r.upper;
      any = true;
    }
    return any;
  };
  auto linear = [](QCPAxis* axis, double lower, double upper) {
    // a constant shows in the middle: within a thousandth of itself, zero within [-1, 1]
    const double margin =
        upper > lower ? 0.05 * (upper - lower) : (upper != 0.0 ? 1e-3 * std::abs(upper) : 1.0);
    axis->setRange(lower - margin, upper + margin);
  };
  double lower = 0.0, upper = 0.0;
  // x: an x-y plot's signal, or time
  if (kind_ == PlotKind::XY) {
    if (valueRange(true, lower, upper)) linear(plot_->xAxis, lower, upper);
  } else {
    // the whole span of the runs shown, so that live curves grow into a fixed frame
    double tStart = 0.0, tEnd = 0.0;
    for (const Run* r : runs_.shownRuns()) {
      // each run from its start (or its recording's) to its end, or its last row once finished
      tStart = std::min(tStart, std::max(r->settings.tStart, r->settings.recordFrom));
      tEnd = std::max(tEnd, r->live() ? r->settings.tEnd : r->lastTime());
    }
    plot_->xAxis->setRange(tStart, tEnd > tStart ? tEnd : tStart + 1.0);
  }
  // y: linear with a margin, or log
  if (!valueRange(false, lower, upper)) return;
  if (logY) {
    // round-off far below the largest value is not worth the space; a constant shows within a
    // factor 4
    lower = std::max(lower, upper * kLogSpan);
    if (upper < 4.0 * lower) {
      // a constant, or nearly: a factor 4 about its geometric middle
      const double centre = std::sqrt(lower * upper);
      lower = centre / 2.0;
      upper = centre * 2.0;
    }
    // a margin of a factor 1.5 each way
    plot_->yAxis->setRange(lower / 1.5, upper * 1.5);
  } else {
    linear(plot_->yAxis, lower, upper);
  }
}

// as many ticks as the axes have room for, so that their labels never collide
void LivePlot::updateTicks() {
  // the room of the axis rect (or of the widget before its first layout)
  const QRect area = plot_->axisRect()->rect();
  const int w = area.width() > 0 ? area.width() : plot_->width() - 60;
  const int h = area.height() > 0 ? area.height() : plot_->height() - 50;
  // about one tick per 70 pixels along x and per 32 along y
  plot_->xAxis->ticker()->setTickCount(std::max(2, w / 70));
  plot_->yAxis->ticker()->setTickCount(std::max(2, h / 32));
  if (plot_->yAxis->scaleType() == QCPAxis::stLogarithmic) {
    // within two decades 1, 2, 5 times powers of ten (each labelled once); beyond, powers of ten
    const QCPRange r = plot_->yAxis->range();
    const bool narrow = r.lower > 0.0 && r.upper / r.lower < 100.0;
    const bool logTicker = !plot_->yAxis->ticker().dynamicCast<QCPAxisTickerLog>().isNull();
    if (narrow)
      plot_->yAxis->setTicker(plot::narrowLogTicker(r));
    else if (!logTicker)
      plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    plot_->yAxis->ticker()->setTickCount(std::max(2, h / 32));
  }
}

// --- the mouse, the cursors and what the tests read ----------------------------------------------

bool LivePlot::timeAt(const QPointF& position, double& t) const {
  // on a time plot, the time under the mouse
  if (kind_ != PlotKind::XY) {
    t = plot_->xAxis->pixelToCoord(position.x());
    return std::isfinite(t);
  }
  // on an x-y plot, the time of the nearest point of a curve within 30 pixels
  const Series* s = nullptr;
  double x, y;
  return series_->nearest(position, 30.0, s, x, y, t);
}

// a click puts cursor A at its time (the playback moves there), shift-click cursor B
void LivePlot::clickAt(const QPointF& position, bool shift) {
  double t = 0.0;
  if (!timeAt(position, t)) return;
  if (shift) {
    cursors_.setB(t);
  } else {
    cursors_.setActive(true);
    emit cursors_.aRequested(t);
  }
}

bool LivePlot::eventFilter(QObject* watched, QEvent* event) {
  // remember where a press began, to tell a click from a drag
  if (watched == plot_) {
    switch (event->type()) {
      case QEvent::MouseButtonPress:
        pressedAt_ = static_cast<QMouseEvent*>(event)->position();
        break;
      case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        // a click moves a cursor; a drag pans (and the plot stops following the data)
        if ((e->position() - pressedAt_).manhattanLength() <= 3) {
          if (e->button() == Qt::LeftButton)
            clickAt(e->position(), e->modifiers() & Qt::ShiftModifier);
        } else {
          followData_ = false;
        }
        break;
      }
      // hovering shows the values under the mouse
      case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->buttons() == Qt::NoButton) {
          readout_->hover(e->position());
          replotSoon();
        }
        break;
      }
      // leaving the plot hides them
      case QEvent::Leave:
        readout_->hideHover();
        replotSoon();
        break;
      default:
        break;
    }
  }
  return QWidget::eventFilter(watched, event);
}

bool LivePlot::savePlot(const QString& path) {
  // the hover's marker is not part of the figure
  readout_->hideHover();
  return plot::savePlot(*plot_, path);
}

QString LivePlot::readoutText() const { return readout_->text(); }

QRectF LivePlot::readoutRect() const { return readout_->boxRect(); }

QString LivePlot::hoverAt(const QPointF& position) {
  readout_->hover(position);
  return readout_->hoverText();
}

void LivePlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // the ticks follow the plot's new room
  updateTicks();
}

QSize LivePlot::sizeHint() const { return {320, 240}; }

// the points of all the curves, for the tests
int LivePlot::pointCount() const {
  int n = 0;
  for (const Series& s : series_->series())
    n += s.plottable->interface1D() ? s.plottable->interface1D()->dataCount() : 0;
  return n;
}

std::pair<double, double> LivePlot::timeRange() const {
  return {plot_->xAxis->range().lower, plot_->xAxis->range().upper};
}

std::pair<double, double> LivePlot::valueRange() const {
  return {plot_->yAxis->range().lower, plot_->yAxis->range().upper};
}

}  // namespace mbw::ui
