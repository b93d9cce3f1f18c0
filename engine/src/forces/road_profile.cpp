#include "forces/road_profile.h"

#include <cmath>

namespace mbw {

RoadHeight roadHeight(const RoadProfile& road, double x, double ringRadius) {
  RoadHeight best{road.height, 0.0, 0.0};
  for (const RoadBump& b : road.bumps) {
    // the ring centre moves on a circle of radius rho about the bump axis
    const double rho = b.radius + ringRadius;
    const double s = x - b.centerX;
    const double w2 = rho * rho - s * s;
    if (w2 <= 0.0) continue;
    const double w = std::sqrt(w2);
    const double h = road.height + w - ringRadius;
    if (h <= best.h) continue;
    best = {h, -s / w, -rho * rho / (w2 * w)};
  }
  return best;
}

}  // namespace mbw
