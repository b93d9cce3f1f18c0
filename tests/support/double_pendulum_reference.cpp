// An independent reference for the double-pendulum scene: its two angles by Lagrange's equations,
// integrated by classical Runge-Kutta at 1e-5 s, sampled at the times asked for.

#include "double_pendulum_reference.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mbw::test {
namespace {

// the scene's masses and moments of inertia about the centres: the upper rod's centre 2 m from
// its pivot (4 m long), the lower rod's 1 m from the elbow
constexpr double m1 = 78.0, J1 = 104.01625, m2 = 39.0, J2 = 13.008125, g = 9.81;
using S = std::array<double, 4>;  // phi1, phi2, dphi1, dphi2

// the angles' rates and accelerations from M(phi) phi'' = Q(phi, phi')
S rate(const S& s) {
  const double d = s[0] - s[1];
  const double M11 = 4 * m1 + J1 + 16 * m2, M22 = m2 + J2, M12 = 4 * m2 * std::cos(d);
  const double Q1 = -g * (2 * m1 + 4 * m2) * std::cos(s[0]) - 4 * m2 * std::sin(d) * s[3] * s[3];
  const double Q2 = -g * m2 * std::cos(s[1]) + 4 * m2 * std::sin(d) * s[2] * s[2];
  const double det = M11 * M22 - M12 * M12;
  return {s[2], s[3], (M22 * Q1 - M12 * Q2) / det, (M11 * Q2 - M12 * Q1) / det};
}

// a + c b, component by component
S add(const S& a, const S& b, double c) {
  return {a[0] + c * b[0], a[1] + c * b[1], a[2] + c * b[2], a[3] + c * b[3]};
}

}  // namespace

// the lower rod's height and vertical velocity at each time, from the engine-free RK4 above
std::vector<PendulumSample> doublePendulumReference(const std::vector<double>& times) {
  // from rest, the upper rod horizontal and the lower one hanging
  S s{0.0, -M_PI / 2, 0.0, 0.0};
  const double h = 1e-5;
  double t = 0.0;
  std::vector<PendulumSample> out;
  // RK4 up to each requested time, the last step shortened to land on it
  for (double target : times) {
    while (t < target - 1e-12) {
      const double dt = std::min(h, target - t);
      const S k1 = rate(s);
      const S k2 = rate(add(s, k1, dt / 2)), k3 = rate(add(s, k2, dt / 2)),
              k4 = rate(add(s, k3, dt));
      for (int i = 0; i < 4; ++i) s[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
      t += dt;
    }
    // the lower rod's centre: 4 m along the upper rod, then 1 m along the lower one, and its rate
    out.push_back({target, 4 * std::sin(s[0]) + std::sin(s[1]),
                   4 * std::cos(s[0]) * s[2] + std::cos(s[1]) * s[3]});
  }
  return out;
}

}  // namespace mbw::test
