// Mechanisms whose motion or work is known in closed form (exact_models.h): a bead on a rod turned
// at a constant rate, and a crank driven at a varying rate.

#include "exact_models.h"

#include <cmath>
#include <sstream>

namespace mbw::test {

// the rod and the bead turning together at omega, the bead at rest along the rod at r0, written
// with all the digits of the parameters
std::string BeadOnRod::sceneJson() const {
  // the rod turns about z through the origin; the bead slides along the rod's x axis
  std::ostringstream os;
  os.precision(17);
  os << R"({"format": "mbw-scene", "version": 1, "name": "bead-on-rod", "gravity": [0, 0, 0],
  "bodies": [
    {"name": "rod", "mass": 1.0, "inertia": [0.01, 0.2, 0.2], "position": [0, 0, 0],
     "angular_velocity": [0, 0, )"
     << omega << R"(]},
    {"name": "bead", "mass": )"
     << mass << R"(, "inertia": [0.001, 0.001, 0.001], "position": [)" << r0
     << R"(, 0, 0], "velocity": [0, )" << omega * r0 << R"(, 0], "angular_velocity": [0, 0, )"
     << omega << R"(]}],
  "joints": [
    {"name": "hinge", "type": "revolute", "body_i": "ground", "body_j": "rod", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
    {"name": "drive", "type": "angle-driver", "body_i": "ground", "body_j": "rod", "u_i": [1, 0, 0],
     "v_i": [0, 1, 0], "a_j": [1, 0, 0], "angle": ")"
     << omega << R"(*t"},
    {"name": "slide", "type": "translational", "body_i": "rod", "body_j": "bead", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [1, 0, 0], "axis_j": [1, 0, 0]}]})";
  return os.str();
}

// the work the driver has done on the bead by t
// (the bead's kinetic energy gained as it slides out, r = r0 cosh(omega t); the rod's constant)
double BeadOnRod::driverWork(double t) const {
  return 0.5 * mass * r0 * r0 * omega * omega * (std::cosh(2.0 * omega * t) - 1.0);
}

// one bar on a vertical hinge, its angle driven: gravity along the axis does no work
std::string drivenCrankSceneJson() {
  // omega(t) = 2 + 1.5 cos(3 t)
  return R"json({"format": "mbw-scene", "version": 1, "name": "driven-crank", "gravity": [0, 0, -9.81],
  "bodies": [{"name": "bar", "mass": 3.0, "inertia": [0.05, 2.0, 2.0], "position": [0, 0, 0],
              "angular_velocity": [0, 0, 3.5]}],
  "joints": [
    {"name": "hinge", "type": "revolute", "body_i": "ground", "body_j": "bar", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
    {"name": "drive", "type": "angle-driver", "body_i": "ground", "body_j": "bar", "u_i": [1, 0, 0],
     "v_i": [0, 1, 0], "a_j": [1, 0, 0], "angle": "2*t + 0.5*sin(3*t)"}]})json";
}

// the kinetic energy the driver has added: 1/2 J (omega^2 - omega0^2), omega the angle's rate
double drivenCrankWork(double t) {
  const double J = 2.0, w = 2.0 + 1.5 * std::cos(3.0 * t), w0 = 3.5;
  return 0.5 * J * (w * w - w0 * w0);
}

}  // namespace mbw::test
