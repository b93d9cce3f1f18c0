#include "formulation/re_body.h"

#include <cmath>
#include <sstream>

#include "math/rotation.h"

namespace mbw {

// r and e = (phi, theta, psi); A from the ZXZ angles
void ReBody::setPosition(const double* q) {
  r_ = Eigen::Map<const Vec3>(q);
  e_ = Eigen::Map<const Vec3>(q + 3);
  // the sines and cosines of theta and psi, shared by A, B and the derivatives of B
  const double st = std::sin(e_[1]), ct = std::cos(e_[1]);
  const double sp = std::sin(e_[2]), cp = std::cos(e_[2]);
  // sin theta kept for the gimbal-lock check, then A = A(phi, theta, psi)
  sinTheta_ = st;
  A_ = rotationFromZXZ(e_);
  // B (eq 43b) and its partial derivatives by theta and psi (phi does not enter it), first and
  // second
  // each matrix written row by row
  B_ << sp * st, cp, 0.0, cp * st, -sp, 0.0, ct, 0.0, 1.0;
  Bt_ << sp * ct, 0.0, 0.0, cp * ct, 0.0, 0.0, -st, 0.0, 0.0;
  Bp_ << cp * st, -sp, 0.0, -sp * st, -cp, 0.0, 0.0, 0.0, 0.0;
  Btt_ << -sp * st, 0.0, 0.0, -cp * st, 0.0, 0.0, -ct, 0.0, 0.0;
  Btp_ << cp * ct, 0.0, 0.0, -sp * ct, 0.0, 0.0, 0.0, 0.0, 0.0;
  Bpp_ << -sp * st, -cp, 0.0, -cp * st, sp, 0.0, 0.0, 0.0, 0.0;
}

void ReBody::setVelocity(const double* v) {
  // omega_B = B edot, w = Bdot edot
  rdot_ = Eigen::Map<const Vec3>(v);
  edot_ = Eigen::Map<const Vec3>(v + 3);
  omega_ = B_ * edot_;
  // Bdot = thetadot B_theta + psidot B_psi
  Bdot_ = edot_[1] * Bt_ + edot_[2] * Bp_;
  w_ = Bdot_ * edot_;
  // their derivatives by e at fixed edot, for the Jacobians
  omegaE_ = bDerivative(edot_);
  // dw/de: phi does not enter; theta's and psi's columns from B's second partials
  wE_.col(0).setZero();
  wE_.col(1) = (edot_[1] * Btt_ + edot_[2] * Btp_) * edot_;
  wE_.col(2) = (edot_[1] * Btp_ + edot_[2] * Bpp_) * edot_;
}

// d/d omega of omega x (omega x s)
Mat3 ReBody::crossCrossDerivative(const Vec3& s) const {
  return omega_.dot(s) * Mat3::Identity() + omega_ * s.transpose() - 2.0 * s * omega_.transpose();
}

// d(B x)/de: B depends on theta and psi alone
Mat3 ReBody::bDerivative(const Vec3& x) const {
  Mat3 m;
  m.col(0).setZero();
  // B does not depend on phi: its column is zero
  m.col(1) = Bt_ * x;
  m.col(2) = Bp_ * x;
  return m;
}

// d(B^T y)/de
Mat3 ReBody::bTransposeDerivative(const Vec3& y) const {
  Mat3 m;
  m.col(0).setZero();
  // B^T does not depend on phi either
  m.col(1) = Bt_.transpose() * y;
  m.col(2) = Bp_.transpose() * y;
  return m;
}

// partial(s)^T w = B^T skew(s) A^T w; A^T w varies as skew(A^T w) B de
Mat3 ReBody::ptd(const Vec3& s, const Vec3& w) const {
  const Vec3 wB = A_.transpose() * w;
  // B^T varying at fixed skew(s) A^T w, then A^T w varying at fixed B^T skew(s)
  return bTransposeDerivative(s.cross(wB)) + B_.transpose() * skew(s) * skew(wB) * B_;
}

// d/de [A (omega x s)] at fixed edot
Mat3 ReBody::rateDerivative(const Vec3& s) const {
  return -A_ * (skew(omega_.cross(s)) * B_ + skew(s) * omegaE_);
}

// d/de [B^T (J omegadot + omega x J omega)], omegadot = B eddot + w, at fixed edot and eddot
Mat3 ReBody::inertiaPositionDerivative(const Mat3& J, const OrientVec& eddot) const {
  const Vec3 Jw = J * omega_;
  const Vec3 omegaDot = B_ * eddot + w_;
  const Mat3 gyro = skew(omega_) * J - skew(Jw);  // d(omega x J omega)/d omega
  // B^T varying at a fixed bracket, then the bracket: omegadot through B and w,
  // omega x J omega through omega
  return bTransposeDerivative(J * omegaDot + omega_.cross(Jw)) +
         B_.transpose() * (J * (bDerivative(eddot) + wE_) + gyro * omegaE_);
}

// quadratic(s) = A u, u = w x s + omega x (omega x s): A varies as -A skew(u) B de
Mat3 ReBody::quadraticPositionDerivative(const Vec3& s) const {
  const Vec3 u = w_.cross(s) + omega_.cross(omega_.cross(s));
  // A varying, then w x s through w and omega x (omega x s) through omega
  return A_ * (-skew(u) * B_ - skew(s) * wE_ + crossCrossDerivative(s) * omegaE_);
}

// dw/dedot = Bdot + d omega/de, d omega/dedot = B
Mat3 ReBody::quadraticVelocityDerivative(const Vec3& s) const {
  return A_ * (-skew(s) * (Bdot_ + omegaE_) + crossCrossDerivative(s) * B_);
}

// d/dedot [B^T (J w + omega x J omega)]; dw/dedot = Bdot + d omega/de
Mat3 ReBody::inertiaVelocityDerivative(const Mat3& J) const {
  // d(omega x J omega)/d omega, as in the position derivative
  const Mat3 gyro = skew(omega_) * J - skew(J * omega_);
  return B_.transpose() * (J * (Bdot_ + omegaE_) + gyro * B_);
}

Vec4 ReBody::eulerParameters() const { return eulerParametersFromOrthonormal(A_); }

// the rE coordinates cannot follow the rotation near theta = 0 or pi
std::string ReBody::singularityDescription() const {
  std::ostringstream os;
  os.precision(3);
  os << "its ZXZ Euler angle theta = " << e_[1] << " rad is within "
     << std::asin(kGimbalMargin) * 180.0 / M_PI
     << " deg of the gimbal lock (theta = 0 or pi, where the angles cannot follow the rotation; "
        "use the rA or rp formulation, or another body frame)";
  return os.str();
}

// r, and the ZXZ angles of the rotation
void ReBody::encodePose(const Vec3& r, const Mat3& R_WB, double* q) {
  Eigen::Map<Vec3>{q} = r;
  Eigen::Map<Vec3>{q + 3} = zxzFromRotation(R_WB);
}

void ReBody::encodeVelocity(const double* q, const Vec3& rdot, const Vec3& omega_W, double* v) {
  // edot from omega_B = B edot, solved by hand (phi's rate is 0 at the gimbal lock itself)
  const Vec3 e = Eigen::Map<const Vec3>(q + 3);
  // omega in body axes, and the sines and cosines of theta and psi
  const Vec3 w = rotationFromZXZ(e).transpose() * omega_W;
  const double st = std::sin(e[1]), ct = std::cos(e[1]);
  const double sp = std::sin(e[2]), cp = std::cos(e[2]);
  // phidot and thetadot from the first two rows of omega_B = B edot, psidot from the third
  const double phiDot = std::abs(st) > 0.0 ? (sp * w[0] + cp * w[1]) / st : 0.0;
  Eigen::Map<Vec3>{v} = rdot;
  v[3] = phiDot;
  v[4] = cp * w[0] - sp * w[1];
  v[5] = w[2] - ct * phiDot;
}

// the angles form a vector space: increments add
void ReBody::retract(const double* q, const double* dq, double* out) {
  for (int k = 0; k < kPositionSize; ++k) out[k] = q[k] + dq[k];
}

// differences of the angles, and their rates the velocities themselves: no chart to follow
void ReBody::localCoordinates(const double* anchor, const double* q, double* out) {
  for (int k = 0; k < kPositionSize; ++k) out[k] = q[k] - anchor[k];
}

void ReBody::incrementVelocity(const double* /*g*/, const double* gdot, double* v) {
  for (int k = 0; k < kVelocitySize; ++k) v[k] = gdot[k];
}

void ReBody::incrementRate(const double* /*g*/, const double* v, double* gdot) {
  for (int k = 0; k < kVelocitySize; ++k) gdot[k] = v[k];
}

}  // namespace mbw
