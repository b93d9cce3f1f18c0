#pragma once
// An independent reference for the double-pendulum scene: the pendulum's Lagrange equations in its
// two angles, integrated by classical RK4 with a tiny step (nothing of the engine is used).
// Bars of the scene: body_1 (m1, J1 about its centre, along the pivot axis) pivoted at the origin,
// centre at 2 e(phi1); body_2 pivoted at 4 e(phi1), centre 1 e(phi2); e(phi) = (0, cos phi, sin
// phi); released from rest at phi1 = 0, phi2 = -pi/2.

#include <vector>

namespace mbw::test {

struct PendulumSample {
  double t = 0.0;
  double z2 = 0.0;   // height of body_2's centre (its frame origin), m
  double vz2 = 0.0;  // its vertical velocity, m/s
};

// samples at the given times (sorted, > 0)
std::vector<PendulumSample> doublePendulumReference(const std::vector<double>& times);

}  // namespace mbw::test
