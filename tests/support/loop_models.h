#pragma once
// Closed-loop mechanisms written as engineers write them, with plain revolute joints, for the tests
// of redundant constraints and singular positions (the IFToMM / A Coruna benchmark problems A02 and
// A04: Gonzalez, Dopico, Lugris, Cuadrado), and the 1-DOF motion A02 follows.

#include <string>

namespace mbw::test {

// A02, the N four-bar: N + 1 vertical cranks of 1 m pinned to the ground at x = 0 .. N, N
// horizontal couplers of 1 m joining the crank tops (each bar 1 kg, uniform, slender), gravity
// -y 9.81; the top of the first crank, B0, moves at 1 m/s along +x. Revolute joints about z
// (3 redundant equations per window), or planar joints with in-plane pins (none). Outputs b0_x,
// b0_y. Horizontal cranks are singular positions (each crank tip on the next crank's pivot).
std::string nFourBarScene(int n, bool revolutes = true);

// A04, Bricard's 6R loop: five rods of 1 m, 1 kg (square section 0.1 m) along the edges
// (0,0,0) - (1,0,0) - (1,-1,0) - (1,-1,1) - (0,-1,1) - (0,0,1) of a cube, closed by the ground
// link (0,0,1) - (0,0,0); revolute axes y, z, x, y, z, x at those points; at rest, gravity -y.
// Grubler count 0, mobility 1: one redundant equation. Outputs p3_x, p3_y, p3_z (rod 3's centre).
std::string bricardScene();

// The 1-DOF parallelogram motion of A02: every crank at the angle phi from +x (phi(0) = pi/2,
// phi'(0) = -1 rad/s), J phi'' = -g c cos(phi) with J = (N + 1)/3 + N (cranks about their
// pivots, couplers translating on circles of radius 1) and c = (N + 1)/2 + N (heights of the
// centres of mass); B0 = (cos phi, sin phi). RK4 at 1e-4 s: accurate to about 1e-12 m over 20 s.
struct ParallelogramState {
  double phi = 0.0, rate = 0.0;
  double x() const;
  double y() const;
};
ParallelogramState parallelogramMotion(int n, double t);

}  // namespace mbw::test
