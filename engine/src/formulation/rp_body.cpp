#include "formulation/rp_body.h"

namespace mbw {

// r and p; A(p) of eq (22) and G(p), kept for the evaluations at this pose
void RpBody::setPosition(const double* q) {
  r_ = Eigen::Map<const Vec3>(q);
  p_ = Eigen::Map<const Vec4>(q + 3);
  A_ = rotationFromEulerParameters(p_);
  G_ = eulerParameterG(p_);
}

void RpBody::setVelocity(const double* v) {
  rdot_ = Eigen::Map<const Vec3>(v);
  pdot_ = Eigen::Map<const Vec4>(v + 3);
}

// d(A(p) s)/dp for A(p) of eq (22): 2 [2 e0 s + e x s, (e.s) I + e s^T - e0 skew(s)]
RpBody::OrientJac RpBody::B(const Vec4& p, const Vec3& s) {
  const double e0 = p[0];
  const Vec3 e = p.tail<3>();
  OrientJac b;
  // column 0: the derivative in e0; columns 1-3: in e
  b.col(0) = 2.0 * e0 * s + e.cross(s);
  b.rightCols<3>() = e.dot(s) * Mat3::Identity() + e * s.transpose() - e0 * skew(s);
  return 2.0 * b;
}

// the same applied to w = (w0, w_e): 2 [w0 (2 e0 s + e x s) + (e.s) w_e + e (s.w_e) - e0 s x w_e]
Vec3 RpBody::Bw(const Vec4& p, const Vec3& s, const Vec4& w) {
  const double e0 = p[0], w0 = w[0];
  const Vec3 e = p.tail<3>(), we = w.tail<3>();
  return 2.0 *
         (w0 * (2.0 * e0 * s + e.cross(s)) + e.dot(s) * we + s.dot(we) * e - e0 * s.cross(we));
}

// the 4 x 4 matrix with G(p)^T n = L(n) p
RpBody::OrientSquare RpBody::L(const Vec3& n) {
  OrientSquare m;
  // L(n) = [[0, -n^T], [n, -skew(n)]]
  m(0, 0) = 0.0;
  m.block<1, 3>(0, 1) = -n.transpose();
  m.block<3, 1>(1, 0) = n;
  m.block<3, 3>(1, 1) = -skew(n);
  return m;
}

// B(p, s)^T w is linear in p; its (symmetric) matrix: 2 [[2 s.w, (s x w)^T], [s x w, w s^T + s
// w^T]]
RpBody::OrientSquare RpBody::ptd(const Vec3& s, const Vec3& w) const {
  OrientSquare k;
  const Vec3 sw = s.cross(w);
  // row and column 0 pair e0 with e0 and e; the 3 x 3 block pairs e with e
  k(0, 0) = 2.0 * s.dot(w);
  k.block<1, 3>(0, 1) = sw.transpose();
  k.block<3, 1>(1, 0) = sw;
  k.block<3, 3>(1, 1) = w * s.transpose() + s * w.transpose();
  return 2.0 * k;
}

// A(p)^T w = A(p') w with p' = (e0, -e), so the partial is B(p', w) with its e-columns negated
RpBody::OrientJac RpBody::rotateTransposePartial(const Vec3& w) const {
  const Vec4 conj(p_[0], -p_[1], -p_[2], -p_[3]);
  OrientJac b = B(conj, w);
  b.rightCols<3>() *= -1.0;
  return b;
}

// 8 Gdot^T J Gdot p, with Gdot = G(pdot)
RpBody::OrientVec RpBody::inertialForce(const Mat3& J) const {
  const Mat34 Gd = eulerParameterG(pdot_);
  return 8.0 * Gd.transpose() * (J * (Gd * p_));
}

// d/dp [4 G^T J G pddot - 8 Gdot^T J Gdot p]; G(p) x = -G(x) p
RpBody::OrientSquare RpBody::inertiaPositionDerivative(const Mat3& J,
                                                       const OrientVec& pddot) const {
  const Mat34 Gdd = eulerParameterG(pddot);
  const Mat34 Gd = eulerParameterG(pdot_);
  const Vec3 z = J * (G_ * pddot);
  // 4 [L(z) - G^T J G(pddot)] with z = J G pddot, by G^T z = L(z) p and
  // G(p) pddot = -G(pddot) p; then the gyroscopic term, linear in p
  return 4.0 * (L(z) - G_.transpose() * J * Gdd) - 8.0 * Gd.transpose() * J * Gd;
}

// d/dpdot [-8 Gdot^T J Gdot p]
RpBody::OrientSquare RpBody::inertiaVelocityDerivative(const Mat3& J) const {
  const Mat34 Gd = eulerParameterG(pdot_);
  const Vec3 w = J * (Gd * p_);
  // -8 [L(w) - Gdot^T J G] with w = J Gdot p, by the same two identities in pdot
  return -8.0 * (L(w) - Gd.transpose() * J * G_);
}

// r, and the Euler parameters of the rotation
void RpBody::encodePose(const Vec3& r, const Mat3& R_WB, double* q) {
  Eigen::Map<Vec3>{q} = r;
  Eigen::Map<Vec4>{q + 3} = eulerParametersFromRotation(R_WB);
}

// pdot = G(p)^T omega_B / 2, the inverse of omega_B = 2 G(p) pdot (G G^T = I)
void RpBody::encodeVelocity(const double* q, const Vec3& rdot, const Vec3& omega_W, double* v) {
  const Vec4 p = Eigen::Map<const Vec4>(q + 3);
  // omega in body axes, omega_B = A^T omega_W
  const Vec3 omega_B = rotationFromEulerParameters(p).transpose() * omega_W;
  Eigen::Map<Vec3>{v} = rdot;
  Eigen::Map<Vec4>{v + 3} = 0.5 * eulerParameterG(p).transpose() * omega_B;
}

// the Euler parameters form a vector space in rp: increments add
void RpBody::retract(const double* q, const double* dq, double* out) {
  for (int k = 0; k < kPositionSize; ++k) out[k] = q[k] + dq[k];
}

// differences of the parameters, and their rates the velocities themselves
void RpBody::localCoordinates(const double* anchor, const double* q, double* out) {
  for (int k = 0; k < kPositionSize; ++k) out[k] = q[k] - anchor[k];
}

void RpBody::incrementVelocity(const double* /*g*/, const double* gdot, double* v) {
  for (int k = 0; k < kVelocitySize; ++k) v[k] = gdot[k];
}

void RpBody::incrementRate(const double* /*g*/, const double* v, double* gdot) {
  for (int k = 0; k < kVelocitySize; ++k) gdot[k] = v[k];
}

}  // namespace mbw
