#pragma once
// Mechanisms with references that use nothing of the engine, for the energy balance tests:
//   - a bead on a rod turned at a constant rate omega by an angle driver (one degree of freedom,
//     the bead's distance r along the rod, driven): r'' = omega^2 r, so r = r0 cosh(omega t) from
//     rest, and the driver's work is the change of kinetic energy,
//     W(t) = m r0^2 omega^2 (cosh(2 omega t) - 1) / 2 (no gravity, the rod's and the bead's spin
//     constant);
//   - a fully driven crank (no degree of freedom): a bar turned about the vertical at a rate
//     that varies, W(t) = J (omega(t)^2 - omega(0)^2) / 2 with J its moment about the axis.

#include <string>

namespace mbw::test {

struct BeadOnRod {
  double omega = 2.0;  // rad/s
  double r0 = 0.5;     // m, released at rest relative to the rod
  double mass = 0.5;   // kg, the bead
  std::string sceneJson() const;
  double driverWork(double t) const;  // J
};

// A bar of J = 2 kg m^2 about z turned by an angle driver, angle(t) = 2 t + 0.5 sin(3 t), with
// gravity along its axis (no work): 0 degrees of freedom.
std::string drivenCrankSceneJson();
double drivenCrankWork(double t);  // J

}  // namespace mbw::test
