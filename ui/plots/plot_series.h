#pragma once
// The curves one plot draws for the runs shown: against time (QCPGraph), or one signal against
// another (QCPCurve, parametric in time), the rejected steps of the step-size plot (markers, one
// shape per reason, the same in every plot), and the error or the signed difference against the
// comparison base run (the reference, or else the first run shown), computed by the engine's
// analysis. Rows of live runs are appended as they come.

#include <QPointF>
#include <QString>
#include <QStringList>
#include <map>
#include <vector>

#include "plot_quantity.h"

class QCPAbstractPlottable;
class QCPGraph;
class QCustomPlot;

namespace mbw::ui {

class RunLibrary;
struct Run;

struct Series {
  QCPAbstractPlottable* plottable = nullptr;  // a QCPGraph or, on x-y plots, a QCPCurve
  int runId = -1;
  QString label;          // "#2", "#2 - #1" (a difference), "#2 h"
  bool rejected = false;  // markers of rejected steps (no read-out)
};

class PlotSeries {
 public:
  PlotSeries(QCustomPlot& plot, RunLibrary& runs);

  void setQuantity(PlotKind kind, const QStringList& channels);
  // every curve of every run shown, anew
  void rebuild();
  // the rows (and rejected steps) a run added since the last call; final: the run ended
  void append(const Run& run, bool final);
  bool has(int runId) const;

  const std::vector<Series>& series() const { return series_; }
  // why nothing (or not everything) is drawn: no reference, a run lacks the channel, ...
  QString note() const { return note_; }
  // the run differences and errors are taken against
  const Run* base() const;

  // the point of a series at time t (the sample at or before it): false when it has none
  static bool pointAt(const Series& s, double t, double& x, double& y, double& time);
  // the nearest point of any series to a position in pixels, within maxPixels
  bool nearest(const QPointF& pixel, double maxPixels, const Series*& series, double& x, double& y,
               double& time) const;

  // the marker shape of a rejection reason (QCPScatterStyle::ScatterShape), and a character for it
  static int rejectionShape(const QString& category);
  static QString rejectionSymbol(int shape);
  // the reasons met so far, in the order of their shapes
  static QStringList rejectionCategories();

 private:
  struct RunState {
    std::vector<int> curves;  // indices into series_ (time or x-y curves, in curvesOf() order)
    std::map<QString, int> rejected;  // by category
    size_t rowsShown = 0;
    size_t strideShown = 1;  // the run's row stride when they were drawn
    size_t rejectedShown = 0;
    qint64 comparedMs = 0;  // the error or difference: last recomputation
  };
  void addRun(const Run& run);
  void appendRows(const Run& run, RunState& state);
  void appendRejected(const Run& run, RunState& state);
  void compare(const Run& run, RunState& state, bool force);
  int newGraph(const Run& run, const QString& label, const CurveSpec& spec);

  QCustomPlot& plot_;
  RunLibrary& runs_;
  PlotKind kind_ = PlotKind::StepSize;
  QStringList channels_;
  std::vector<Series> series_;
  std::map<int, RunState> states_;
  QString note_;
};

}  // namespace mbw::ui
