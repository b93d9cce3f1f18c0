#pragma once
// Mechanisms with references that use nothing of the engine, for the energy balance and the
// tolerance tests:
//   - a bead on a rod turned at a constant rate omega by an angle driver (one degree of freedom,
//     the bead's distance r along the rod, driven): r'' = omega^2 r, so r = r0 cosh(omega t) from
//     rest, and the driver's work is the change of kinetic energy,
//     W(t) = m r0^2 omega^2 (cosh(2 omega t) - 1) / 2 (no gravity, the rod's and the bead's spin
//     constant);
//   - IFToMM A01: a 1 kg point mass on a massless 1 m link pinned at the origin, released from the
//     horizontal at rest, gravity 9.81 in -y (the link a distance constraint; the mass's rotation
//     is free and stays at rest), against its angle from classical RK4 with a tiny step;
//   - a fully driven crank (no degree of freedom): a bar turned about the vertical at a rate
//     that varies, W(t) = J (omega(t)^2 - omega(0)^2) / 2 with J its moment about the axis.

#include <string>
#include <vector>

namespace mbw::test {

struct BeadOnRod {
  double omega = 2.0;  // rad/s
  double r0 = 0.5;     // m, released at rest relative to the rod
  double mass = 0.5;   // kg, the bead
  std::string sceneJson() const;
  double r(double t) const;           // distance along the rod, m
  double driverWork(double t) const;  // J
};

// The A01 scene (JSON), its body "P1".
std::string a01SceneJson();
struct PlanarPoint {
  double t = 0.0, x = 0.0, y = 0.0;
};
// P1's position at the given times (sorted, >= 0)
std::vector<PlanarPoint> a01Reference(const std::vector<double>& times);

// A bar of J = 2 kg m^2 about z turned by an angle driver, angle(t) = 2 t + 0.5 sin(3 t), with
// gravity along its axis (no work): 0 degrees of freedom.
std::string drivenCrankSceneJson();
double drivenCrankWork(double t);  // J

}  // namespace mbw::test
