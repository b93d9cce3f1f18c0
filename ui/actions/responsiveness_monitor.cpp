#include "responsiveness_monitor.h"

#include "run_controller.h"
#include "scene_view.h"

namespace mbw::ui {
namespace {

constexpr int kTickMs = 10;

}  // namespace

ResponsivenessMonitor::ResponsivenessMonitor(RunController& controller, SceneView& view, QObject* parent)
    : QObject(parent), controller_(controller), view_(view) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(kTickMs);
  connect(&timer_, &QTimer::timeout, this, &ResponsivenessMonitor::tick);
  connect(&controller_, &RunController::activeChanged, this, [this](int id) { setActive(id != -1); });
}

void ResponsivenessMonitor::setActive(bool active) {
  if (active == timer_.isActive()) return;
  if (active) {
    sinceTick_.start();
    activeClock_.start();
    viewFramesAtStart_ = view_.renderCount();
    drainedAtStart_ = controller_.framesDrained();
    timer_.start();
  } else {
    timer_.stop();
    activeSeconds_ += 1e-3 * static_cast<double>(activeClock_.elapsed());
    viewFrames_ += view_.renderCount() - viewFramesAtStart_;
    drained_ += controller_.framesDrained() - drainedAtStart_;
  }
}

void ResponsivenessMonitor::tick() {
  const double stall = static_cast<double>(sinceTick_.restart()) - kTickMs;
  longestStallMs_ = std::max(longestStallMs_, stall);
  if (stall > 50.0) ++stalls_;
}

ResponsivenessMonitor::Report ResponsivenessMonitor::report() const {
  Report r;
  r.seconds = activeSeconds_;
  r.longestStallMs = longestStallMs_;
  r.stallsOver50Ms = stalls_;
  if (activeSeconds_ > 0.0) {
    r.viewFramesPerSecond = static_cast<double>(viewFrames_) / activeSeconds_;
    r.framesDrainedPerSecond = static_cast<double>(drained_) / activeSeconds_;
  }
  return r;
}

QString ResponsivenessMonitor::reportText() const {
  const Report r = report();
  return tr("GUI thread during runs (%1 s): longest stall %2 ms, %3 stalls over 50 ms; 3D view %4 frames/s; "
            "%5 result frames/s drained")
      .arg(r.seconds, 0, 'f', 2)
      .arg(r.longestStallMs, 0, 'f', 1)
      .arg(r.stallsOver50Ms)
      .arg(r.viewFramesPerSecond, 0, 'f', 1)
      .arg(r.framesDrainedPerSecond, 0, 'f', 1);
}

}  // namespace mbw::ui
