#pragma once
// Kinematics of one body in the rA formulation: position r of the centre of mass and the rotation
// matrix A itself, Kissel et al. 2021 sections 2.1 (eqs 5-18) and 3.1 (eqs 30-38). The body
// kinematics interface K is documented in rp_body.h; here the orientation "coordinates" alpha are a
// rotation vector theta_B applied on the right, A (+) theta = A exp(skew(theta)) (eqs 8, 12), and
// their rates are the body-frame angular velocity omega_B (eq 30a). Every variation is
// right-trivialized, so "d/d alpha" is the Pi-bar operator of eq 13:
//   partial(s)        Pi-bar(A s) = -A skew(s)                          (eq 13a)
//   rate(s)           A (omega x s)                                     (eq 13b)
//   quadratic(s)      A (omega x (omega x s))
//   ptd(s, w)         d/dtheta [partial(s)^T w] = skew(s) skew(A^T w)   (eq 13c; Tables 3-6)
//   rateDerivative(s) -A skew(omega x s)
//   quadraticPositionDerivative(s)  -A skew(omega x (omega x s)); quadraticVelocityDerivative(s)
//                     A d/domega [omega x (omega x s)]
//   rotateTransposePartial(w)  Pi-bar(A^T w) = skew(A^T w)              (eq 13c)
//   omegaJacobian()   I; omegaPositionDerivative() = 0; torquePositionDerivative() = 0
// The equations of motion are Newton-Euler with constant inertia (eq 31a, 34b):
//   J omegadot + omega x J omega = n_B + n_B^c,   so M_alpha = J, inertialForce = -omega x J omega.
//
// Storage per body: q_b = (r, the 9 entries of A, column-major), v_b = (rdot, omega_B). The update
// A exp(skew(theta)) is followed by one orthonormalizing correction A (3 I - A^T A) / 2, which
// removes the rounding drift of repeated products (it changes A only at the rounding level), so A
// stays orthonormal to machine precision over arbitrarily long runs.

#include <string>

#include "math/rotation.h"
#include "math/types.h"

namespace mbw {

class RaBody {
 public:
  static constexpr int kOrientationSize = 3;
  static constexpr int kPositionSize = 12;  // r, A (column-major)
  static constexpr int kVelocitySize = 6;   // rdot, omega_B
  static constexpr bool kHasNormalization = false;
  using OrientJac = Mat3;
  using OrientSquare = Mat3;
  using OrientVec = Vec3;

  // stage inputs
  void setPosition(const double* q) {
    r_ = Eigen::Map<const Vec3>(q);
    A_ = Eigen::Map<const Mat3>(q + 3);
  }
  void setVelocity(const double* v) {
    rdot_ = Eigen::Map<const Vec3>(v);
    omega_ = Eigen::Map<const Vec3>(v + 3);
  }

  const Vec3& r() const { return r_; }
  const Vec3& rdot() const { return rdot_; }
  const OrientVec& orientationRates() const { return omega_; }  // alphadot
  const Mat3& A() const { return A_; }
  Vec3 rotate(const Vec3& s) const { return A_ * s; }

  OrientJac partial(const Vec3& s) const { return -A_ * skew(s); }
  Vec3 rate(const Vec3& s) const { return A_ * omega_.cross(s); }
  Vec3 quadratic(const Vec3& s) const { return A_ * omega_.cross(omega_.cross(s)); }
  OrientSquare ptd(const Vec3& s, const Vec3& w) const {
    return skew(s) * skew(A_.transpose() * w);
  }
  OrientJac rateDerivative(const Vec3& s) const { return -A_ * skew(omega_.cross(s)); }
  // d quadratic(s) / dtheta and d quadratic(s) / domega
  OrientJac quadraticPositionDerivative(const Vec3& s) const {
    return -A_ * skew(omega_.cross(omega_.cross(s)));
  }
  OrientJac quadraticVelocityDerivative(const Vec3& s) const {
    return A_ * crossCrossDerivative(s);
  }

  const Vec3& omegaBody() const { return omega_; }
  Vec3 omegaWorld() const { return A_ * omega_; }
  Vec3 angularAccelerationBody(const OrientVec& omegaDot) const { return omegaDot; }
  OrientJac omegaJacobian() const { return Mat3::Identity(); }
  OrientJac omegaPositionDerivative() const { return Mat3::Zero(); }
  OrientSquare torquePositionDerivative(const Vec3& /*n_B*/) const { return Mat3::Zero(); }
  OrientJac rotateTransposePartial(const Vec3& w) const { return skew(A_.transpose() * w); }

  // rotational inertia terms (eq 34b), J = inertia about the centre of mass in body axes
  OrientSquare massMatrix(const Mat3& J) const { return J; }
  OrientVec inertialForce(const Mat3& J) const { return -omega_.cross(J * omega_); }
  OrientSquare inertiaPositionDerivative(const Mat3& /*J*/, const OrientVec& /*omegaDot*/) const {
    return Mat3::Zero();
  }
  // d/domega [omega x J omega] (eq 38c, G_omega_omega)
  OrientSquare inertiaVelocityDerivative(const Mat3& J) const {
    return skew(omega_) * J - skew(J * omega_);
  }

  Vec4 eulerParameters() const { return eulerParametersFromOrthonormal(A_); }
  // rotation matrices have no coordinate singularity
  bool nearSingularity() const { return false; }
  std::string singularityDescription() const { return {}; }

  static void encodePose(const Vec3& r, const Mat3& R_WB, double* q);
  // v = (rdot, omega_B = A^T omega_W)
  static void encodeVelocity(const double* q, const Vec3& rdot, const Vec3& omega_W, double* v);
  // (r + dr, A exp(skew(dtheta))), re-orthonormalized; and its inverse (dr, log(A_anchor^T A))
  static void retract(const double* q, const double* dq, double* out);
  static void localCoordinates(const double* anchor, const double* q, double* out);
  // the rate of an increment g = q (-) anchor and the velocity at anchor (+) g: omega = Jr(g) gdot,
  // Jr the right Jacobian of the exponential map (translations: identity)
  static void incrementVelocity(const double* g, const double* gdot, double* v);
  static void incrementRate(const double* g, const double* v, double* gdot);
  // the rotation block of T(g): Jr(theta) = I - (1 - cos x)/x^2 skew(theta) + (x - sin x)/x^3
  // skew(theta)^2, x = |theta|; and its inverse
  static constexpr bool kLinearIncrements = false;
  static Mat3 rightJacobian(const Vec3& theta);
  static Mat3 rightJacobianInverse(const Vec3& theta);

 private:
  // d/domega [omega x (omega x s)] = (omega . s) I + omega s^T - 2 s omega^T
  Mat3 crossCrossDerivative(const Vec3& s) const {
    return omega_.dot(s) * Mat3::Identity() + omega_ * s.transpose() - 2.0 * s * omega_.transpose();
  }

  Vec3 r_ = Vec3::Zero();
  Vec3 rdot_ = Vec3::Zero();
  Mat3 A_ = Mat3::Identity();
  Vec3 omega_ = Vec3::Zero();
};

}  // namespace mbw
