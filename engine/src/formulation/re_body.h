#pragma once
// Kinematics of one body in the rE formulation: position r of the centre of mass and the ZXZ Euler
// angles e = (phi, theta, psi), A = A1(phi) A2(theta) A3(psi), Kissel et al. 2021 sections 2.3 (eqs
// 25-29) and 3.3 (eqs 43-45). The body kinematics interface K is documented in rp_body.h; alpha =
// e.
//
// Everything follows from the body angular velocity omega_B = B(e) edot (eq 43b),
//   B = [sin psi sin theta, cos psi, 0; cos psi sin theta, -sin psi, 0; cos theta, 0, 1],
// and d(A s)/dt = A (omega x s):
//   partial(s)      -A skew(s) B                         (the columns of eq 28a applied to s)
//   quadratic(s)    A (w x s + omega x (omega x s)),  w = Bdot edot   (the D s of eq 28b)
//   and the derivatives of these with respect to e and edot
//   omegaJacobian() B
// The rotational equations of motion (eq 43) are the Euler equations mapped by B^T:
//   B^T J B eddot = B^T (n_B - J Bdot edot - omega x J omega),
// so M_alpha = B^T J B and inertialForce = -B^T (J w + omega x J omega).
//
// B is singular where sin(theta) = 0 (the gimbal lock of ZXZ angles): nearSingularity() reports a
// body whose |sin(theta)| is below kGimbalMargin; the formulation turns that into an error at
// configuration time and a failed step during a run.

#include <cmath>
#include <string>

#include "math/types.h"

namespace mbw {

class ReBody {
 public:
  static constexpr int kOrientationSize = 3;
  static constexpr int kPositionSize = 6;  // r, (phi, theta, psi)
  static constexpr int kVelocitySize = 6;  // rdot, edot
  static constexpr bool kHasNormalization = false;
  // smallest |sin(theta)| accepted (theta at least 0.57 degrees away from 0 and pi)
  static constexpr double kGimbalMargin = 1e-2;
  using OrientJac = Mat3;
  using OrientSquare = Mat3;
  using OrientVec = Vec3;

  // stage inputs
  void setPosition(const double* q);  // q = (r, e)
  void setVelocity(const double* v);  // v = (rdot, edot)

  const Vec3& r() const { return r_; }
  const Vec3& rdot() const { return rdot_; }
  const OrientVec& orientationRates() const { return edot_; }  // alphadot
  const Mat3& A() const { return A_; }
  Vec3 rotate(const Vec3& s) const { return A_ * s; }

  OrientJac partial(const Vec3& s) const { return -A_ * skew(s) * B_; }
  Vec3 rate(const Vec3& s) const { return A_ * omega_.cross(s); }
  Vec3 quadratic(const Vec3& s) const { return A_ * (w_.cross(s) + omega_.cross(omega_.cross(s))); }
  OrientSquare ptd(const Vec3& s, const Vec3& w) const;
  OrientJac rateDerivative(const Vec3& s) const;
  // d quadratic(s) / de and d quadratic(s) / dedot
  OrientJac quadraticPositionDerivative(const Vec3& s) const;
  OrientJac quadraticVelocityDerivative(const Vec3& s) const;

  const Vec3& omegaBody() const { return omega_; }
  Vec3 omegaWorld() const { return A_ * omega_; }
  Vec3 angularAccelerationBody(const OrientVec& eddot) const { return B_ * eddot + w_; }
  const Mat3& omegaJacobian() const { return B_; }
  const Mat3& omegaPositionDerivative() const { return omegaE_; }
  OrientSquare torquePositionDerivative(const Vec3& n_B) const { return bTransposeDerivative(n_B); }
  OrientJac rotateTransposePartial(const Vec3& w) const { return skew(A_.transpose() * w) * B_; }

  // rotational inertia terms, J = inertia about the centre of mass in body axes
  OrientSquare massMatrix(const Mat3& J) const { return B_.transpose() * J * B_; }
  OrientVec inertialForce(const Mat3& J) const {
    return -B_.transpose() * (J * w_ + omega_.cross(J * omega_));
  }
  OrientSquare inertiaPositionDerivative(const Mat3& J, const OrientVec& eddot) const;
  OrientSquare inertiaVelocityDerivative(const Mat3& J) const;

  Vec4 eulerParameters() const;
  bool nearSingularity() const { return std::abs(sinTheta_) < kGimbalMargin; }
  std::string singularityDescription() const;

  static void encodePose(const Vec3& r, const Mat3& R_WB, double* q);
  // edot = B^-1 omega_B (left at zero where B is singular: such poses are refused)
  static void encodeVelocity(const double* q, const Vec3& rdot, const Vec3& omega_W, double* v);
  // angles form a vector space: plain addition and subtraction
  static void retract(const double* q, const double* dq, double* out);
  static void localCoordinates(const double* anchor, const double* q, double* out);
  static void incrementVelocity(const double* g, const double* gdot, double* v);
  static void incrementRate(const double* g, const double* v, double* gdot);
  static constexpr bool kLinearIncrements = true;  // T(g) = I

 private:
  // d/de [B^T y] for a fixed y: columns (0, B_theta^T y, B_psi^T y)
  Mat3 bTransposeDerivative(const Vec3& y) const;
  // d/de [B x] for a fixed x: columns (0, B_theta x, B_psi x)
  Mat3 bDerivative(const Vec3& x) const;
  // d/domega [omega x (omega x s)] = (omega . s) I + omega s^T - 2 s omega^T
  Mat3 crossCrossDerivative(const Vec3& s) const;

  Vec3 r_ = Vec3::Zero();
  Vec3 rdot_ = Vec3::Zero();
  Vec3 e_ = Vec3::Zero();
  Vec3 edot_ = Vec3::Zero();
  double sinTheta_ = 0.0;
  // filled by setPosition(): A, B and the partials of B (B depends on theta and psi only)
  Mat3 A_ = Mat3::Identity();
  Mat3 B_ = Mat3::Zero(), Bt_ = Mat3::Zero(), Bp_ = Mat3::Zero();
  Mat3 Btt_ = Mat3::Zero(), Btp_ = Mat3::Zero(), Bpp_ = Mat3::Zero();
  // filled by setVelocity(): omega_B = B edot, w = Bdot edot, d omega_B / de, d w / de, Bdot
  Vec3 omega_ = Vec3::Zero(), w_ = Vec3::Zero();
  Mat3 omegaE_ = Mat3::Zero(), wE_ = Mat3::Zero(), Bdot_ = Mat3::Zero();
};

}  // namespace mbw
