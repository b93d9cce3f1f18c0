#pragma once
// One plot of the workbench: a quantity (plot_quantity.h) for every run shown, one colour per run,
// updated incrementally while a run is live (queued replots). It follows the data (auto-scale)
// until the user zooms or pans; a double click or the auto-scale button brings it back. A vertical
// cursor marks the playback time. On the step-size plot, rejected steps are marked, one marker
// shape per reason.

#include <QPointer>
#include <QWidget>
#include <map>
#include <vector>

#include "plot_quantity.h"

class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QComboBox;
class QCustomPlot;
class QToolButton;

namespace mbw::ui {

class FrameScheduler;
class RunLibrary;
struct Run;

class LivePlot : public QWidget {
  Q_OBJECT

 public:
  // replots are paced by the scheduler when one is given
  LivePlot(RunLibrary& runs, PlotKind kind, const QString& channel, FrameScheduler* scheduler = nullptr,
           QWidget* parent = nullptr);
  ~LivePlot() override;

  PlotKind kind() const { return kind_; }
  QString channel() const { return channel_; }
  void setQuantity(PlotKind kind, const QString& channel);

  // redraws every shown run
  void rebuild();
  // the rows and rejected steps a live run added since the last call
  void appendRows(int runId);
  // the playback cursor at t; NaN hides it
  void setCursorTime(double t);
  void autoScale();

  // the same for every plot, so that the panel's grid shares its space evenly
  QSize sizeHint() const override;
  // data points drawn, all curves together
  int pointCount() const;
  // replots drawn since the plot was made
  long replotCount() const { return replots_; }

 signals:
  void removeRequested();

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct RunCurves {
    std::vector<QCPGraph*> curves;                // in curvesOf() order
    std::map<QString, QCPGraph*> rejected;        // by reason category
    size_t rejectedShown = 0;
    size_t rowsShown = 0;
    size_t strideShown = 1;                       // the run's row stride when they were drawn
    qint64 errorUpdatedMs = 0;                    // reference error: last recomputation
  };
  void addRun(const Run& run);
  void appendChannels(const Run& run, RunCurves& curves);
  void appendRejected(const Run& run, RunCurves& curves);
  void updateError(const Run& run, RunCurves& curves, bool force);
  void fillChannelChoices();
  void updateAxes();
  void refresh();
  void followData();
  void replotSoon();

  RunLibrary& runs_;
  QPointer<FrameScheduler> scheduler_;  // may go first when the window closes
  int drawHandle_ = 0;
  long replots_ = 0;
  PlotKind kind_;
  QString channel_;
  QComboBox* kindBox_;
  QComboBox* channelBox_;
  QCustomPlot* plot_;
  QCPItemStraightLine* cursor_;
  std::map<int, RunCurves> curves_;
  bool followData_ = true;
  QCPItemText* note_;
  QString noteText_;  // why nothing is drawn (no reference, ...)
};

}  // namespace mbw::ui
