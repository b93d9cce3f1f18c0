// The two-bar pendulums of the peer comparison written out by hand (peer_solvers.h): the ODE in the
// two angles by Lagrange's equations and the Cartesian index-1 DAE, for CVODE, IDA and Simbody to
// integrate without the engine.

#include "peer_models.h"

#include <cmath>

namespace mbw::peers {

// the double-pendulum scene's masses, moments of inertia and centre distances
const TwoBarPendulum& doublePendulum() {
  static const TwoBarPendulum p{78.0, 104.01625, 2.0, 39.0, 13.008125, 1.0, 9.81};
  return p;
}

// the stiff double pendulum: two bars with rotational springs and dampers at the pivot and at the
// elbow
const TwoBarPendulum& stiffDoublePendulum() {
  static const TwoBarPendulum p{3.0,  1.0,   1.0,  0.3,       0.225, 1.5,
                                9.81, 400.0, 15.0, -M_PI / 2, 3e5,   5e4};
  return p;
}

// the right-hand side of the 2-angle ODE, y = (phi1, phi2, phi1', phi2')
void twoAngleRate(const TwoBarPendulum& p, const double* y, double* ydot) {
  // Lagrange's equations with the elbow at 2 c1 e(phi1), e(phi) = (cos phi, sin phi)
  const double d = y[0] - y[1], L = 2.0 * p.c1;
  const double M11 = p.J1 + p.m1 * p.c1 * p.c1 + p.m2 * L * L, M22 = p.J2 + p.m2 * p.c2 * p.c2;
  const double M12 = p.m2 * L * p.c2 * std::cos(d), S = p.m2 * L * p.c2 * std::sin(d);
  const double elbow = p.k2 * (y[1] - y[0]) + p.d2 * (y[3] - y[2]);
  const double Q1 = -p.g * (p.m1 * p.c1 + p.m2 * L) * std::cos(y[0]) - S * y[3] * y[3] -
                    p.k1 * (y[0] - p.zero1) - p.d1 * y[2] + elbow;
  const double Q2 = -p.g * p.m2 * p.c2 * std::cos(y[1]) + S * y[2] * y[2] - elbow;
  const double det = M11 * M22 - M12 * M12;
  ydot[0] = y[2];
  ydot[1] = y[3];
  ydot[2] = (M22 * Q1 - M12 * Q2) / det;
  ydot[3] = (M11 * Q2 - M12 * Q1) / det;
}

// the second bar's centre: the elbow at 2 c1 along the first bar, then c2 along the second
std::array<double, 2> secondBarCentre(const TwoBarPendulum& p, double phi1, double phi2) {
  const double L = 2.0 * p.c1;
  return {L * std::cos(phi1) + p.c2 * std::cos(phi2), L * std::sin(phi1) + p.c2 * std::sin(phi2)};
}

// y = (q, v, lambda), q = (x1, y1, phi1, x2, y2, phi2): the kinematic rows q' = v, Newton-Euler
// with the pins' reactions, and the pins' acceleration equations (the index-1 form)
void cartesianResidual(const TwoBarPendulum& p, const double* y, const double* yp, double* F) {
  const double *q = y, *v = y + 6, *lambda = y + 12, *a = yp + 6;
  const double cos1 = std::cos(q[2]), sin1 = std::sin(q[2]), cos2 = std::cos(q[5]),
               sin2 = std::sin(q[5]);
  // pins: r1 - c1 e1 = 0 (ground), r1 + c1 e1 - r2 + c2 e2 = 0 (elbow); Phi_q rows, e' = (-sin,
  // cos)
  const double J[4][6] = {{1, 0, p.c1 * sin1, 0, 0, 0},
                          {0, 1, -p.c1 * cos1, 0, 0, 0},
                          {1, 0, -p.c1 * sin1, -1, 0, -p.c2 * sin2},
                          {0, 1, p.c1 * cos1, 0, -1, p.c2 * cos2}};
  // gamma = sum over the terms c e(phi) of c e(phi) phi'^2
  const double w1 = v[2] * v[2], w2 = v[5] * v[5];
  const double gamma[4] = {-p.c1 * cos1 * w1, -p.c1 * sin1 * w1,
                           p.c1 * cos1 * w1 + p.c2 * cos2 * w2,
                           p.c1 * sin1 * w1 + p.c2 * sin2 * w2};
  const double M[6] = {p.m1, p.m1, p.J1, p.m2, p.m2, p.J2};
  const double Q[6] = {0, -p.m1 * p.g, 0, 0, -p.m2 * p.g, 0};
  // rows 0-5 q' - v, rows 6-11 M a - Q + Phi_q^T lambda, rows 12-15 Phi_q a - gamma
  for (int i = 0; i < 6; ++i) {
    F[i] = yp[i] - v[i];
    F[6 + i] = M[i] * a[i] - Q[i];
    for (int k = 0; k < 4; ++k) F[6 + i] += J[k][i] * lambda[k];
  }
  for (int k = 0; k < 4; ++k) {
    F[12 + k] = -gamma[k];
    for (int i = 0; i < 6; ++i) F[12 + k] += J[k][i] * a[i];
  }
}

// both bars' centres and angles from the two angles, at rest, with zero multipliers
void cartesianInitialState(const TwoBarPendulum& p, double phi1, double phi2, double* y) {
  const double L = 2.0 * p.c1;
  const double q[6] = {p.c1 * std::cos(phi1),
                       p.c1 * std::sin(phi1),
                       phi1,
                       L * std::cos(phi1) + p.c2 * std::cos(phi2),
                       L * std::sin(phi1) + p.c2 * std::sin(phi2),
                       phi2};
  for (int i = 0; i < kCartesianSize; ++i) y[i] = i < 6 ? q[i] : 0.0;
}

}  // namespace mbw::peers
