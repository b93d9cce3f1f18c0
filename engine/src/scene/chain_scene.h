#pragma once
// An N-link pendulum chain as a scene, the scalable test model of the index-3 Newton core (tests,
// benchmarks, `mbw-cli generate chain`): N slender bars of length L and mass m (a thin rod's
// inertia, m L^2 / 12 about the transverse axes, m L^2 / 1200 about its own), the first hinged to
// the ground at the origin and each to the end of the previous one by a revolute joint about the
// world y axis, all in line and released from rest at `angle` below the horizontal. N degrees of
// freedom, 5 N constraint equations.

#include <string>

namespace mbw {

struct ChainOptions {
  int links = 8;
  double length = 1.0;  // m, of each bar
  double mass = 1.0;    // kg, of each bar
  double angle = 0.0;   // rad, below the horizontal, at release
};

// The scene's JSON text (the scene format of docs/scene-format.md). Throws std::invalid_argument
// naming the option for links < 1 or a length or mass that is not positive.
std::string chainScene(const ChainOptions& options);

}  // namespace mbw
