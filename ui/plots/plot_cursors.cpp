#include "plot_cursors.h"

namespace mbw::ui {

void PlotCursors::setA(double t) {
  if (t == a_ || (std::isnan(t) && std::isnan(a_))) return;
  a_ = t;
  emit changed();
}

void PlotCursors::setB(double t) {
  b_ = t;
  active_ = active_ || std::isfinite(t);
  emit changed();
  emit bChanged();
}

void PlotCursors::setActive(bool active) {
  if (active_ == active) return;
  active_ = active;
  emit changed();
}

void PlotCursors::clear() {
  b_ = std::nan("");
  active_ = false;
  emit changed();
  emit bChanged();
}

}  // namespace mbw::ui
