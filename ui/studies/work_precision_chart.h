#pragma once
// The work-precision diagram of a study as its runs finish: CPU time against the chosen error of
// one compared output, log-log, one line per integrator (the engine's workPrecisionCurves, as in
// `mbw-cli study work-precision --plot`), units on the axes, a legend. Each point is a run: the
// mouse over it says which (method, setting, error, CPU time), a click asks for it (runClicked).

#include <QWidget>
#include <string>
#include <vector>

#include "studies/work_precision.h"

class QCustomPlot;
class QCPCurve;
class QCPItemText;
class QMouseEvent;

namespace mbw::ui {

class WorkPrecisionChart : public QWidget {
  Q_OBJECT

 public:
  explicit WorkPrecisionChart(QWidget* parent = nullptr);

  // a new study: nothing drawn yet; outputUnits: the unit of each of the study's outputs
  void setStudy(const Study& study, const std::vector<std::string>& outputUnits);
  // which output's errors, measured how
  void setErrorOf(int output, ErrorMeasure measure);
  // redraws the curves of these records (those of completed runs with a positive error)
  void setRecords(const std::vector<RunRecord>& records);
  // the output shown does not move in the runs: its errors are round-off, and the diagram says so
  void setOutputStill(bool still);

  // points drawn, all curves together
  int pointCount() const;
  // where the point of a run is drawn, in the plot's pixels (false when it is not drawn)
  bool pointOf(int run, QPointF* pixel) const;
  QCustomPlot* plot() const { return plot_; }
  // why the diagram is empty ("" while it is not, or before any run finished)
  QString noteText() const;

  QSize sizeHint() const override { return {640, 440}; }

 signals:
  void runClicked(int run);

 private:
  void redraw();
  // the run whose point is within a few pixels of pos (-1 for none)
  int runNear(const QPoint& pos) const;
  void showPointTip(QMouseEvent* event);

  QCustomPlot* plot_;
  QCPItemText* note_;
  Study study_;
  std::vector<std::string> units_;
  std::vector<RunRecord> records_;
  int output_ = 0;
  bool still_ = false;
  ErrorMeasure measure_ = ErrorMeasure::Max;
  // the run of each point of each drawn curve, in the curve's order
  std::vector<std::pair<QCPCurve*, std::vector<int>>> runsOf_;
  QPoint pressedAt_;
};

}  // namespace mbw::ui
