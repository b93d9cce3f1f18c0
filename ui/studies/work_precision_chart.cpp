#include "work_precision_chart.h"

#include <qcustomplot.h>

#include <QVBoxLayout>
#include <cmath>

#include "style.h"

namespace mbw::ui {

WorkPrecisionChart::WorkPrecisionChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot::applyStyle(*plot_);
  plot::applyAxisStyle(*plot_->xAxis, true);
  plot::applyAxisStyle(*plot_->yAxis, true);
  plot_->yAxis->setLabel(tr("CPU time [s]"));
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setToolTip(tr("Each point is a run: click it to open the run in the run list"));
  connect(plot_, &QCustomPlot::plottableClick, this,
          [this](QCPAbstractPlottable* p, int index, QMouseEvent*) { onClick(p, index); });
}

void WorkPrecisionChart::setStudy(const Study& study, const std::vector<std::string>& outputUnits) {
  study_ = study;
  units_ = outputUnits;
  records_.clear();
  output_ = 0;
  redraw();
}

void WorkPrecisionChart::setErrorOf(int output, ErrorMeasure measure) {
  output_ = output;
  measure_ = measure;
  redraw();
}

void WorkPrecisionChart::setRecords(const std::vector<RunRecord>& records) {
  records_ = records;
  redraw();
}

int WorkPrecisionChart::pointCount() const {
  int n = 0;
  for (const auto& [curve, runs] : runsOf_) n += static_cast<int>(runs.size());
  return n;
}

bool WorkPrecisionChart::pointOf(int run, QPointF* pixel) const {
  for (const auto& [curve, runs] : runsOf_)
    for (size_t k = 0; k < runs.size(); ++k)
      if (runs[k] == run) {
        const QCPCurveData& d = *(curve->data()->constBegin() + static_cast<int>(k));
        *pixel = QPointF(plot_->xAxis->coordToPixel(d.key), plot_->yAxis->coordToPixel(d.value));
        return true;
      }
  return false;
}

void WorkPrecisionChart::redraw() {
  plot_->clearPlottables();
  runsOf_.clear();
  const bool hasOutput = output_ >= 0 && output_ < static_cast<int>(study_.outputs.size());
  // the axes: the error of the chosen output with its unit, the CPU time
  QString xLabel = tr("error");
  if (hasOutput) {
    const std::string& unit = units_.size() > size_t(output_) ? units_[output_] : std::string();
    xLabel = QString("%1 error of %2").arg(toString(measure_), QString::fromStdString(study_.outputs[output_]));
    if (!unit.empty()) xLabel += QString(" [%1]").arg(QString::fromStdString(unit));
  }
  plot_->xAxis->setLabel(xLabel);

  // one curve per integrator (and scene variant), points in the engine's order (by falling error)
  if (hasOutput) {
    const auto curves = workPrecisionCurves(study_, records_, static_cast<size_t>(output_), measure_);
    for (size_t c = 0; c < curves.size(); ++c) {
      const WorkPrecisionCurve& wp = curves[c];
      auto* curve = new QCPCurve(plot_->xAxis, plot_->yAxis);
      curve->setName(QString::fromStdString(wp.method));
      QPen pen(plot::seriesColor(static_cast<int>(c)), 1.6, plot::seriesPenStyle(static_cast<int>(c)));
      curve->setPen(pen);
      curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, pen.color(), pen.color(), 7));
      std::vector<int> runs;
      for (size_t k = 0; k < wp.error.size(); ++k) {
        // a log axis shows positive numbers only
        if (!(wp.error[k] > 0.0) || !(wp.cpu[k] > 0.0) || !std::isfinite(wp.error[k])) continue;
        curve->addData(static_cast<double>(runs.size()), wp.error[k], wp.cpu[k]);
        runs.push_back(wp.runs[k]);
      }
      runsOf_.emplace_back(curve, std::move(runs));
    }
  }
  // the data with a margin of a fraction of a decade each side (a few decades before any)
  if (pointCount() == 0) {
    plot_->xAxis->setRange(1e-8, 1e-1);
    plot_->yAxis->setRange(1e-3, 1.0);
  } else {
    plot_->rescaleAxes();
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
      const QCPRange r = axis->range();
      axis->setRange(r.lower / 1.6, r.upper * 1.6);
    }
  }
  plot_->replot();
}

void WorkPrecisionChart::onClick(QCPAbstractPlottable* plottable, int dataIndex) {
  for (const auto& [curve, runs] : runsOf_)
    if (curve == plottable && dataIndex >= 0 && dataIndex < static_cast<int>(runs.size())) emit runClicked(runs[dataIndex]);
}

}  // namespace mbw::ui
