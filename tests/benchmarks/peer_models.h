#pragma once
// The two pendulums of issue 11's comparison written the way a user of SUNDIALS or Simbody would
// write them, independently of the engine: measurement peers for the benchmarks, not engine code.
//
// Double pendulum of Kissel et al. 2021 (scenes/double-pendulum.json): bars of 4 m (78 kg, J =
// 104.01625 kg m^2 about the centre) and 2 m (39 kg, J = 13.008125) pinned in the vertical (y, z)
// plane, gravity 9.81 along -z, released from rest at phi1 = 0, phi2 = -pi/2 (angles of the bars
// from y).
//   - the 2-angle Lagrange ODE in (phi1, phi2)
//   - the Cartesian index-1 DAE in (y1, z1, phi1, y2, z2, phi2) with the four pin equations at the
//     acceleration level: M q'' + Phi_q^T lambda = Q, Phi_q q'' = gamma
// Stiff double pendulum of Sandu et al. 2001 section 5.1 (scenes/stiff-double-pendulum.json,
// variant A of refdata/models/sandu_stiff_double_pendulum): rods of 2 m (3 kg, J = 1) and 3 m (0.3
// kg, J = 0.225) in the (x, y) plane, gravity 9.81 along -y, RSDAs k1 = 400, c1 = 15 (zero angle
// -pi/2) at the ground pin and k2 = 3e5, c2 = 5e4 (zero 0) at the elbow; theta1 = 0, theta2 =
// -pi/12, theta1' = 0, theta2' = 10 rad/s.
//   - the 2-angle ODE in (theta1, theta2)

#include <array>

namespace mbw::peers {

struct TwoBarPendulum {
  double m1, J1, c1;  // mass, centroidal inertia, pin-to-centre distance of bar 1
  double m2, J2, c2;  // ... of bar 2 (pinned at bar 1's far end, 2 c1 from the ground pin)
  double g;
  double k1 = 0.0, d1 = 0.0, zero1 = 0.0;  // ground RSDA: stiffness, damping, zero angle
  double k2 = 0.0, d2 = 0.0;               // elbow RSDA (zero angle 0)
};

const TwoBarPendulum& doublePendulum();
const TwoBarPendulum& stiffDoublePendulum();

// (phi1, phi2, phi1', phi2') -> (phi1', phi2', phi1'', phi2'')
void twoAngleRate(const TwoBarPendulum& p, const double* y, double* ydot);
// the centre of bar 2 in the plane of motion
std::array<double, 2> secondBarCentre(const TwoBarPendulum& p, double phi1, double phi2);

// The Cartesian index-1 DAE of a two-bar pendulum: y = (q (6), v (6), lambda (4)),
// F = (q' - v, M v' + Phi_q^T lambda - Q, Phi_q v' - gamma)
constexpr int kCartesianSize = 16;
void cartesianResidual(const TwoBarPendulum& p, const double* y, const double* yp, double* F);
// positions and velocities of the configuration (phi1, phi2) at rest; v' and lambda are left to
// the DAE solver's initial-condition calculation
void cartesianInitialState(const TwoBarPendulum& p, double phi1, double phi2, double* y);

}  // namespace mbw::peers
