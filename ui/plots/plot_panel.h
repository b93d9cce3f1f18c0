#pragma once
// Several live plots at once, in a grid of two columns: the user adds, removes and re-targets them;
// the layout (quantity and channel of each plot) is saved with the settings. A key over the plots
// says what each run number of the legends is (colour, integrator, settings, reference).

#include <QStringList>
#include <QWidget>
#include <vector>

#include "plot_quantity.h"

class QGridLayout;
class QLabel;

namespace mbw::ui {

class FrameScheduler;
class LivePlot;
class RunLibrary;

class PlotPanel : public QWidget {
  Q_OBJECT

 public:
  PlotPanel(RunLibrary& runs, FrameScheduler* scheduler = nullptr, QWidget* parent = nullptr);

  LivePlot* addPlot(PlotKind kind, const QString& channel = {});
  void removePlot(LivePlot* plot);
  const std::vector<LivePlot*>& plots() const { return plots_; }
  // replots drawn by the plots there are now, all together
  long replotCount() const;
  // the playback cursor in every plot (NaN hides it)
  void setCursorTime(double t);

  // "step", "channel:body_1.x", ... one per plot
  QStringList layoutState() const;
  void restoreLayout(const QStringList& state);
  // step size, energy balance, constraint violation, Newton iterations
  void resetLayout();

 private:
  void relayout();
  void rebuildAll();
  void updateKey();

  RunLibrary& runs_;
  FrameScheduler* scheduler_;
  QGridLayout* grid_;
  QLabel* key_;
  std::vector<LivePlot*> plots_;
};

}  // namespace mbw::ui
