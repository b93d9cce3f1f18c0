#include "forces/road_profile.h"

#include <cmath>

namespace mbw {

RoadHeight roadHeight(const RoadProfile& road, double x, double ringRadius) {
  // the highest of the flat road and the bumps under x, with its slope and curvature
  RoadHeight best{road.height, 0.0, 0.0};
  for (const RoadBump& b : road.bumps) {
    // the ring centre moves on a circle of radius rho about the bump axis
    const double rho = b.radius + ringRadius;
    const double s = x - b.centerX;
    const double w2 = rho * rho - s * s;
    // a bump out of the ring's reach at x is not felt
    if (w2 <= 0.0) continue;
    const double w = std::sqrt(w2);
    // the road the ring feels, h_R = height + w - R; dh/dx = -s/w, d2h/dx2 = -rho^2/w^3
    const double h = road.height + w - ringRadius;
    if (h <= best.h) continue;
    // this bump raises the road most so far: its height, slope and curvature
    best = {h, -s / w, -rho * rho / (w2 * w)};
  }
  return best;
}

}  // namespace mbw
