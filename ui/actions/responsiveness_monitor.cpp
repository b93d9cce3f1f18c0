#include "responsiveness_monitor.h"

#include <algorithm>

#include "plot_panel.h"
#include "run_controller.h"
#include "scene_view.h"
#include "simulation/simulation.h"

namespace mbw::ui {
namespace {

// the probe's interval: how much later a tick comes is the GUI thread's stall
constexpr int kTickMs = 10;

}  // namespace

// the probe ticks while a run is active
ResponsivenessMonitor::ResponsivenessMonitor(RunController& controller, SceneView& view,
                                             PlotPanel& plots, QObject* parent)
    : QObject(parent), controller_(controller), view_(view), plots_(plots) {
  // a precise timer: a coarse one may be moved by up to 5 % to meet others, read as a stall
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(kTickMs);
  connect(&timer_, &QTimer::timeout, this, &ResponsivenessMonitor::tick);
  // on while a run is active, off when none is
  connect(&controller_, &RunController::activeChanged, this,
          [this](int id) { setActive(id != -1); });
}

// the probe on while a run is active, its counts taken at the start and the end
void ResponsivenessMonitor::setActive(bool active) {
  if (active == timer_.isActive()) return;
  if (active) {
    // a run starts: the counts at its start
    lastCpu_ = activeCpu0_ = threadCpuSeconds();
    sinceTick_.start();
    activeClock_.start();
    viewFramesAtStart_ = view_.renderCount();
    drainedAtStart_ = controller_.framesDrained();
    replotsAtStart_ = plots_.replotCount();
    timer_.start();
  } else {
    // a run ends: its share added to the totals
    timer_.stop();
    cpuSeconds_ += threadCpuSeconds() - activeCpu0_;
    activeSeconds_ += 1e-3 * static_cast<double>(activeClock_.elapsed());
    viewFrames_ += view_.renderCount() - viewFramesAtStart_;
    drained_ += controller_.framesDrained() - drainedAtStart_;
    replots_ += plots_.replotCount() - replotsAtStart_;
  }
}

void ResponsivenessMonitor::tick() {
  // each tick: how late it came, and the CPU the thread spent since the last
  const double stall = static_cast<double>(sinceTick_.restart()) - kTickMs;
  // the CPU the thread used since the last tick bounds its longest piece of work
  const double cpu = threadCpuSeconds();
  longestBusyCpuMs_ = std::max(longestBusyCpuMs_, 1e3 * (cpu - lastCpu_));
  lastCpu_ = cpu;
  stalls_.add(stall);
}

ResponsivenessMonitor::Report ResponsivenessMonitor::report() const {
  // the finished active periods, and the one going on
  double seconds = activeSeconds_, cpuSeconds = cpuSeconds_;
  long viewFrames = viewFrames_, drained = drained_, replots = replots_;
  if (timer_.isActive()) {
    seconds += 1e-3 * static_cast<double>(activeClock_.elapsed());
    cpuSeconds += threadCpuSeconds() - activeCpu0_;
    viewFrames += view_.renderCount() - viewFramesAtStart_;
    drained += controller_.framesDrained() - drainedAtStart_;
    replots += plots_.replotCount() - replotsAtStart_;
  }
  // the stalls' statistics and, per second of run, the frames drawn and the CPU share
  Report r;
  r.seconds = seconds;
  r.ticks = stalls_.count();
  r.longestStallMs = stalls_.longestMs();
  r.stall99Ms = stalls_.percentileMs(0.99);
  r.stallsOver50Ms = stalls_.over50Ms();
  r.stallsOver100Ms = stalls_.over100Ms();
  // rates only over a time that has passed
  r.longestBusyCpuMs = longestBusyCpuMs_;
  if (seconds > 0.0) {
    r.viewFramesPerSecond = static_cast<double>(viewFrames) / seconds;
    r.framesDrainedPerSecond = static_cast<double>(drained) / seconds;
    // per plot: the panel's replots shared among its plots
    const size_t plotCount = plots_.plots().size();
    if (plotCount > 0)
      r.plotFramesPerSecond =
          static_cast<double>(replots) / seconds / static_cast<double>(plotCount);
    r.cpuShare = cpuSeconds / seconds;
  }
  return r;
}

// one paragraph for the scripted session's report
QString ResponsivenessMonitor::reportText() const {
  // one paragraph; the 99th percentile (%11) was added last and sits in the middle
  const Report r = report();
  return tr("GUI thread during runs (%1 s, %2 probe ticks): longest stall %3 ms, 99 % of ticks "
            "within %11 ms, %4 "
            "stalls over 50 ms, %5 over 100 ms; longest work in one go %6 ms of CPU; busy %7% of "
            "the time; 3D view "
            "%8 frames/s; plots %9 frames/s each; %10 result frames/s drained")
      // the numbers in the order of their placeholders, %1 to %11
      .arg(r.seconds, 0, 'f', 2)
      .arg(r.ticks)
      .arg(r.longestStallMs, 0, 'f', 1)
      .arg(r.stallsOver50Ms)
      .arg(r.stallsOver100Ms)
      .arg(r.longestBusyCpuMs, 0, 'f', 1)
      .arg(100.0 * r.cpuShare, 0, 'f', 0)
      .arg(r.viewFramesPerSecond, 0, 'f', 1)
      .arg(r.plotFramesPerSecond, 0, 'f', 1)
      .arg(r.framesDrainedPerSecond, 0, 'f', 1)
      .arg(r.stall99Ms, 0, 'f', 0);
}

}  // namespace mbw::ui
