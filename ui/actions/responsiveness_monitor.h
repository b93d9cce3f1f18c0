#pragma once
// Measures how responsive the GUI thread stays while runs are active: a precise 10 ms timer on the
// GUI thread notes how late each tick comes (a stall is the time the event loop was busy beyond
// the tick, or waited for a core), and how much CPU time the thread used between two ticks (the
// work it did in one go: the stall without the time other processes took the core). The 3D view's
// frames and the plots' replots are counted over the run's wall time.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "stall_statistics.h"

namespace mbw::ui {

class PlotPanel;
class RunController;
class SceneView;

class ResponsivenessMonitor : public QObject {
  Q_OBJECT

 public:
  ResponsivenessMonitor(RunController& controller, SceneView& view, PlotPanel& plots,
                        QObject* parent = nullptr);

  struct Report {
    double seconds = 0.0;  // wall time measured (runs active)
    long ticks = 0;        // probe ticks (one per 10 ms of a free event loop)
    double longestStallMs = 0.0;
    double stall99Ms = 0.0;  // 99 % of the ticks came at most this late
    int stallsOver50Ms = 0;
    int stallsOver100Ms = 0;
    double longestBusyCpuMs = 0.0;  // thread CPU time between two ticks, largest
    double cpuShare = 0.0;          // GUI thread CPU time / wall time
    double viewFramesPerSecond = 0.0;
    double plotFramesPerSecond = 0.0;  // replots per plot and second (the plots shown at the end)
    double framesDrainedPerSecond = 0.0;
  };
  // over every active period since the program started
  Report report() const;
  QString reportText() const;

 private:
  void tick();
  void setActive(bool active);

  RunController& controller_;
  SceneView& view_;
  PlotPanel& plots_;
  QTimer timer_;
  QElapsedTimer sinceTick_, activeClock_;
  double activeSeconds_ = 0.0;
  StallStatistics stalls_;
  double lastCpu_ = 0.0, activeCpu0_ = 0.0, cpuSeconds_ = 0.0, longestBusyCpuMs_ = 0.0;
  long viewFrames_ = 0, drained_ = 0, replots_ = 0;
  long viewFramesAtStart_ = 0, drainedAtStart_ = 0, replotsAtStart_ = 0;
};

}  // namespace mbw::ui
