#include "plot_cursors.h"

namespace mbw::ui {

// cursor A follows playback; nothing to say when it did not move
void PlotCursors::setA(double t) {
  if (t == a_ || (std::isnan(t) && std::isnan(a_))) return;
  a_ = t;
  emit changed();
}

// cursor B set (NaN: none) turns the cursors on
void PlotCursors::setB(double t) {
  b_ = t;
  active_ = active_ || std::isfinite(t);
  emit changed();
  emit bChanged();
}

// the read-outs shown or hidden
void PlotCursors::setActive(bool active) {
  if (active_ == active) return;
  active_ = active;
  emit changed();
}

// cursor B removed and the read-outs hidden
void PlotCursors::clear() {
  b_ = std::nan("");
  active_ = false;
  emit changed();
  emit bChanged();
}

}  // namespace mbw::ui
