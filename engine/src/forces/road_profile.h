#pragma once
// Height of a road surface under a tire, with its first two derivatives along x (the tire element
// needs them for exact Jacobians).
//
// The road is a flat base z = height with half-cylinder bumps of radius r lying across it (axis
// along world y at x = x_c). A point contact follows the surface itself,
//     h(x) = height + sqrt(r^2 - (x - x_c)^2)            for |x - x_c| < r,
// whose slope is infinite at the bump's edges. A rigid ring of radius R rolling over the bump
// (the envelope model of a tire, Pacejka, "Tire and Vehicle Dynamics", ch. 10) carries its centre
// along a circle of radius r + R about the bump's axis, so the road it feels is
//     h_R(x) = height + sqrt((r + R)^2 - (x - x_c)^2) - R   where this exceeds the base,
// continuous with a finite slope sqrt(2 R r + r^2) / R where the ring first touches. R = 0 is the
// point contact. Several bumps: the highest wins.

#include "model/model.h"

namespace mbw {

struct RoadHeight {
  double h = 0.0;    // m
  double dh = 0.0;   // dh/dx
  double ddh = 0.0;  // d2h/dx2, 1/m
};

// The road height felt at world x by a ring of radius ringRadius (0: a point contact).
RoadHeight roadHeight(const RoadProfile& road, double x, double ringRadius);

}  // namespace mbw
