#pragma once
// The planar pendulum in closed form: theta'' = -w0^2 sin(theta), theta measured from the stable
// equilibrium (hanging down). With the energy constant
//     k^2 = sin^2(theta0 / 2) + theta0'^2 / (4 w0^2),
// the motion is (NIST Digital Library of Mathematical Functions, Olver et al., section 22.19(i)):
//   libration (k < 1, it swings):
//     sin(theta / 2) = k sn(u, k),   theta' = 2 k w0 cn(u, k),   u = u0 + w0 t,
//     u0 with sn(u0, k) = sin(theta0 / 2) / k and cn(u0, k) of the sign of theta0';
//   rotation (k > 1, it goes over the top), with modulus 1/k:
//     theta / 2 = am(v, 1/k),   theta' = 2 s k w0 dn(v, 1/k),
//     v = F(theta0 / 2, 1/k) + s k w0 t,
//     s the sign of theta0' (the amplitude am continued through whole turns).
// sn, cn, dn are Jacobi's elliptic functions and F the incomplete elliptic integral of the first
// kind (Boost.Math). The arguments are reduced by the quarter period K first, so that the phase
// stays accurate over thousands of swings. The separatrix k = 1 (a swing that takes forever to
// reach the top) has no such form and is refused.

namespace mbw {

class PendulumClosedForm {
 public:
  struct Motion {
    double angle = 0.0;  // rad from hanging down, continued through whole turns
    double rate = 0.0;   // rad/s
  };

  // w0 = sqrt(g / l) for a point mass on a massless link (rad/s); angle0, rate0 at t = 0.
  // Throws std::invalid_argument for w0 <= 0 or a motion on the separatrix.
  PendulumClosedForm(double w0, double angle0, double rate0);

  Motion at(double t) const;
  bool rotates() const { return k_ > 1.0; }
  // the period of a whole swing (there and back), or of one turn
  double period() const;

 private:
  double w0_, k_;
  double modulus_;  // k for a libration, 1/k for a rotation
  double quarter_;  // K(modulus)
  double phase0_;   // u0 or v0
  double sign_;     // rotation: the direction of turning
};

}  // namespace mbw
