#include "work_precision_chart.h"

#include <qcustomplot.h>

#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>

#include "style.h"

namespace mbw::ui {

// --- building the chart --------------------------------------------------------------------------

WorkPrecisionChart::WorkPrecisionChart(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)) {
  // the plot fills the widget: log-log axes, CPU time up
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  // the house style, both axes logarithmic
  plot::applyStyle(*plot_);
  plot::applyAxisStyle(*plot_->xAxis, true);
  plot::applyAxisStyle(*plot_->yAxis, true);
  plot_->yAxis->setLabel(tr("CPU time [s]"));
  // the legend in a row under the diagram, so that it never covers points
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->addElement(1, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(1, 0.001);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setWrap(4);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setMargins(QMargins(4, 0, 4, 2));
  // why nothing is drawn, over the empty diagram
  note_ = new QCPItemText(plot_);
  note_->position->setType(QCPItemPosition::ptAxisRectRatio);
  note_->position->setCoords(0.5, 0.5);
  note_->setPositionAlignment(Qt::AlignCenter);
  note_->setColor(QColor(110, 110, 110));
  note_->setVisible(false);
  // the axes move and zoom with the mouse; points show their run in a tooltip
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setMouseTracking(true);
  // a click (a press and release in one place, not a drag) on a point: the nearest point counts,
  // not the topmost curve passing near it
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) { pressedAt_ = e->pos(); });
  connect(plot_, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* e) {
    // a left click that did not move, near a point, opens its run
    if (e->button() != Qt::LeftButton || (e->pos() - pressedAt_).manhattanLength() > 3) return;
    const int run = runNear(e->pos());
    if (run >= 0) emit runClicked(run);
  });
  connect(plot_, &QCustomPlot::mouseMove, this, &WorkPrecisionChart::showPointTip);
}

// --- what the chart shows ------------------------------------------------------------------------

// a new study starts empty, on its first output
void WorkPrecisionChart::setStudy(const Study& study, const std::vector<std::string>& outputUnits) {
  // the study and its outputs' units kept
  study_ = study;
  units_ = outputUnits;
  records_.clear();
  output_ = 0;
  redraw();
}

// another output or measure: drawn anew
void WorkPrecisionChart::setErrorOf(int output, ErrorMeasure measure) {
  output_ = output;
  measure_ = measure;
  redraw();
}

// an output that does not move: its note shown or taken back
void WorkPrecisionChart::setOutputStill(bool still) {
  if (still == still_) return;
  still_ = still;
  redraw();
}

void WorkPrecisionChart::setRecords(const std::vector<RunRecord>& records) {
  records_ = records;
  redraw();
}

// --- what the tests read -------------------------------------------------------------------------

QString WorkPrecisionChart::noteText() const {
  return note_->visible() ? note_->text() : QString();
}

// the points drawn, for the tests
int WorkPrecisionChart::pointCount() const {
  int n = 0;
  for (const auto& [curve, runs] : runsOf_) n += static_cast<int>(runs.size());
  return n;
}

// the pixel of a run's point, for the tests
bool WorkPrecisionChart::pointOf(int run, QPointF* pixel) const {
  for (const auto& [curve, runs] : runsOf_)
    for (size_t k = 0; k < runs.size(); ++k)
      if (runs[k] == run) {
        // the k-th point of a curve is its k-th run
        const QCPCurveData& d = *(curve->data()->constBegin() + static_cast<int>(k));
        *pixel = QPointF(plot_->xAxis->coordToPixel(d.key), plot_->yAxis->coordToPixel(d.value));
        return true;
      }
  return false;
}

// --- drawing -------------------------------------------------------------------------------------

void WorkPrecisionChart::redraw() {
  // everything anew: no curves, no legend until there are curves
  plot_->clearPlottables();
  runsOf_.clear();
  plot_->legend->setVisible(false);
  const bool hasOutput = output_ >= 0 && output_ < static_cast<int>(study_.outputs.size());
  // the axes: the error of the chosen output with its unit, the CPU time
  QString xLabel = tr("error");
  if (hasOutput) {
    const std::string& unit = units_.size() > size_t(output_) ? units_[output_] : std::string();
    xLabel = QString("%1 error of %2")
                 .arg(toString(measure_), QString::fromStdString(study_.outputs[output_]));
    if (!unit.empty()) xLabel += QString(" [%1]").arg(QString::fromStdString(unit));
  }
  plot_->xAxis->setLabel(xLabel);

  // one curve per integrator (and scene variant), points in the engine's order (by falling error)
  if (hasOutput) {
    const auto curves =
        workPrecisionCurves(study_, records_, static_cast<size_t>(output_), measure_);
    for (size_t c = 0; c < curves.size(); ++c) {
      const WorkPrecisionCurve& wp = curves[c];
      // a curve in its series colour and dash, its points marked
      auto* curve = new QCPCurve(plot_->xAxis, plot_->yAxis);
      curve->setName(QString::fromStdString(wp.method));
      QPen pen(plot::seriesColor(static_cast<int>(c)), 1.6,
               plot::seriesPenStyle(static_cast<int>(c)));
      curve->setPen(pen);
      curve->setScatterStyle(
          QCPScatterStyle(QCPScatterStyle::ssCircle, pen.color(), pen.color(), 7));
      // the points with a positive, finite error and CPU time, each remembered with its run
      std::vector<int> runs;
      for (size_t k = 0; k < wp.error.size(); ++k) {
        // a log axis shows positive numbers only
        if (!(wp.error[k] > 0.0) || !(wp.cpu[k] > 0.0) || !std::isfinite(wp.error[k])) continue;
        // the point's index as the curve's parameter keeps the engine's order
        curve->addData(static_cast<double>(runs.size()), wp.error[k], wp.cpu[k]);
        runs.push_back(wp.runs[k]);
      }
      runsOf_.emplace_back(curve, std::move(runs));
    }
  }
  plot_->legend->setVisible(!runsOf_.empty());
  // an empty diagram says why: no run finished yet, or the output's error is zero in every run
  int completed = 0;
  for (const RunRecord& r : records_) completed += r.status == RunStatus::Completed;
  QString note;
  // a still output first, then an error that is zero in every run
  if (hasOutput && completed > 0 && still_)
    note = tr("%1 does not move in these runs: its error is round-off\n(or zero, which a log axis "
              "cannot show).\n"
              "Choose another output above.")
               .arg(QString::fromStdString(study_.outputs[output_]));
  else if (hasOutput && completed > 0 && pointCount() == 0)
    note = tr("The %1 error of %2 is zero in every finished run\n(a log axis cannot show 0).")
               .arg(toString(measure_), QString::fromStdString(study_.outputs[output_]));
  note_->setText(note);
  note_->setVisible(!note.isEmpty());
  // the data with a margin of a fraction of a decade each side (a few decades before any)
  if (pointCount() == 0) {
    plot_->xAxis->setRange(1e-8, 1e-1);
    plot_->yAxis->setRange(1e-3, 1.0);
  } else {
    // Qt's fit, then widened by a factor 1.6 each way
    plot_->rescaleAxes();
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
      const QCPRange r = axis->range();
      axis->setRange(r.lower / 1.6, r.upper * 1.6);
    }
  }
  plot_->replot();
}

// --- the mouse over the points -------------------------------------------------------------------

// the run of the nearest point within 8 pixels, -1 for none
int WorkPrecisionChart::runNear(const QPoint& pos) const {
  int nearest = -1;
  double best = 8.0;  // pixels
  for (const auto& [curve, runs] : runsOf_) {
    int k = 0;
    for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it, ++k) {
      // the point's pixel, against the mouse's
      const QPointF p(plot_->xAxis->coordToPixel(it->key), plot_->yAxis->coordToPixel(it->value));
      const double d = std::hypot(p.x() - pos.x(), p.y() - pos.y());
      if (d < best) {
        best = d;
        nearest = runs[k];
      }
    }
  }
  return nearest;
}

// the point's run: its method and setting, its error with its unit, CPU time and steps
void WorkPrecisionChart::showPointTip(QMouseEvent* event) {
  const int run = runNear(event->pos());
  // no point near: no tooltip
  if (run < 0) {
    QToolTip::hideText();
    return;
  }
  // the run's record, when it has finished
  const RunSpec& spec = study_.runs.at(run);
  for (const RunRecord& r : records_)
    if (r.run == run) {
      const std::string& unit = units_.size() > size_t(output_) ? units_[output_] : std::string();
      QToolTip::showText(
          event->globalPosition().toPoint(),
          tr("run %1: %2, %3\n%4 error %5 %6, CPU %7 s, %8 steps\nclick to open it in the run list")
              .arg(run)
              .arg(QString::fromStdString(methodLabel(spec.settings)),
                   QString::fromStdString(workPrecisionSetting(spec)), toString(measure_))
              .arg(measureOf(r.errors.at(output_), measure_), 0, 'g', 3)
              .arg(QString::fromStdString(unit))
              .arg(r.stats.cpuSeconds, 0, 'g', 3)
              .arg(r.stats.steps),
          plot_);
      return;
    }
}

}  // namespace mbw::ui
