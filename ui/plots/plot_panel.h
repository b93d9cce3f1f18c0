#pragma once
// Several live plots at once, in a grid of one or two columns (by the width there is) that scrolls
// when they do not fit (the panel's least size does not grow with the plots): the user
// adds, removes and re-targets them; the layout (quantity and signals of each plot) is saved with
// the settings. One key over the plots is the legend of them all: each run's colour and number
// with its integrator and settings, the reference, and the markers of rejected steps. The time
// cursors (plot_cursors.h) are shared by the plots.

#include <QStringList>
#include <QWidget>
#include <vector>

#include "plot_quantity.h"

class QGridLayout;
class QLabel;
class QScrollArea;

namespace mbw {
struct Model;
}

namespace mbw::ui {

class FrameScheduler;
class LivePlot;
class PlotCursors;
class RunLibrary;

class PlotPanel : public QWidget {
  Q_OBJECT

 public:
  PlotPanel(RunLibrary& runs, FrameScheduler* scheduler = nullptr, QWidget* parent = nullptr);

  LivePlot* addPlot(PlotKind kind, const QStringList& channels = {});
  void removePlot(LivePlot* plot);
  const std::vector<LivePlot*>& plots() const { return plots_; }
  PlotCursors& cursors() const { return *cursors_; }
  // replots drawn by the plots there are now, all together
  long replotCount() const;
  // the playback cursor (cursor A) in every plot (NaN hides it)
  void setCursorTime(double t);
  // the legend of all plots, as shown
  QString keyText() const;

  // "step", "channel:body_1.x", "xy:body_1.x|body_1.y", ... one per plot
  QStringList layoutState() const;
  void restoreLayout(const QStringList& state);
  // step size, energy balance, constraint violation, iterations
  void resetLayout();
  // another scene opened: a plot of a signal that scene does not record goes back to the signal
  // that moves the most (chosen from its first run)
  void fitToScene(const Model& model);

 signals:
  // a plot of a difference or an error changed its signal (the comparison table follows)
  void comparedChannelChanged(const QString& channel);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void relayout();
  void rebuildAll();
  void updateKey();
  int columnCount() const;

  RunLibrary& runs_;
  FrameScheduler* scheduler_;
  PlotCursors* cursors_;
  QGridLayout* grid_;
  QScrollArea* scroll_;
  QLabel* key_;
  std::vector<LivePlot*> plots_;
  int columns_ = 0;
};

}  // namespace mbw::ui
