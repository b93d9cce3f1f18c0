#pragma once
// One plot of the workbench: a quantity (plot_quantity.h) for every run shown, one colour per run,
// updated incrementally while a run is live (queued replots). It follows the data (auto-scale)
// until the user zooms or pans; a double click or Fit brings it back. Hovering reads out the
// nearest point; a click moves the time cursor A (the playback, in every plot and the 3D view),
// shift+click places cursor B, and a box lists the values at both and their difference
// (plot_readout.h). The runs' colours and numbers are explained once, in the plot panel's key.

#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <set>
#include <utility>

#include "plot_quantity.h"

class QCPItemText;
class QComboBox;
class QHBoxLayout;
class QCustomPlot;

namespace mbw::ui {

class FrameScheduler;
class PlotCursors;
class PlotReadout;
class PlotSeries;
class RunLibrary;

class LivePlot : public QWidget {
  Q_OBJECT

 public:
  // replots are paced by the scheduler when one is given
  LivePlot(RunLibrary& runs, PlotKind kind, const QStringList& channels, PlotCursors& cursors,
           FrameScheduler* scheduler = nullptr, QWidget* parent = nullptr);
  ~LivePlot() override;

  PlotKind kind() const { return kind_; }
  QStringList channels() const { return channels_; }
  QString channel() const { return channels_.value(0); }
  void setQuantity(PlotKind kind, const QStringList& channels);

  // redraws every shown run
  void rebuild();
  // the rows and rejected steps a live run added since the last call; with a scheduler they go in
  // when the plot is next drawn (in fewer, larger batches while the drawing is paced), unless now
  void appendRows(int runId, bool now = false);
  // the cursors moved
  void updateCursors();
  void autoScale();

  // the same for every plot, so that the panel's grid shares its space evenly
  QSize sizeHint() const override;
  // data points drawn, all curves together
  int pointCount() const;
  // the axes' ranges
  std::pair<double, double> timeRange() const;
  std::pair<double, double> valueRange() const;
  // the read-out box's text ("" while the cursors are inactive), and the hover's at a position
  QString readoutText() const;
  // where the read-out box is, in the plot's pixels
  QRectF readoutRect() const;
  QString hoverAt(const QPointF& position);
  // a click in the plot at a position (as the mouse does; shift: cursor B)
  void clickAt(const QPointF& position, bool shift);
  // what the plot says about itself (the runs' iteration counts, the base of differences)
  QString infoText() const;
  QCustomPlot* customPlot() const { return plot_; }
  // the plot as drawn, as PNG, SVG or PDF by the path's extension; false when it cannot be written
  bool savePlot(const QString& path);
  // replots drawn since the plot was made
  long replotCount() const { return replots_; }

 signals:
  void removeRequested();
  void quantityChanged();

 protected:
  void resizeEvent(QResizeEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  // the parts of the plot, built once: the header (wired), the plot's style and texts
  QHBoxLayout* buildHeader();
  void setUpPlot();
  void showContextMenu(const QPoint& at);
  // the rows a run added, drawn with the next replot
  void takeRows(int runId);
  void fillChannelChoices();
  void updateAxes();
  void updateTicks();
  // the axes fitted (while they follow the data), the ticks and the plot's note, then a replot
  void refresh();
  void fitAndNote();
  void followData();
  void replotSoon();
  // the time of a position in the plot: its x on time plots, the nearest point's on x-y plots
  bool timeAt(const QPointF& position, double& t) const;

  RunLibrary& runs_;
  PlotCursors& cursors_;
  QPointer<FrameScheduler> scheduler_;  // may go first when the window closes
  int drawHandle_ = 0;
  std::set<int> pendingRuns_;  // runs whose new rows wait for the next draw
  long replots_ = 0;
  PlotKind kind_;
  QStringList channels_;
  QComboBox* kindBox_;
  QComboBox* firstBox_;   // the channel (or x)
  QComboBox* secondBox_;  // y of an x-y plot
  QCustomPlot* plot_;
  PlotSeries* series_;
  PlotReadout* readout_;
  QCPItemText* note_;
  QCPItemText* info_;
  QPointF pressedAt_;
  bool followData_ = true;
};

}  // namespace mbw::ui
