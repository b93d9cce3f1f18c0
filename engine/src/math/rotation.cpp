#include "math/rotation.h"

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <cmath>

namespace mbw {

Mat3 rotationFromEulerParameters(const Vec4& p) {
  // A = 2 [(e0^2 - 1/2) I + e e^T + e0 skew(e)], e = (e1, e2, e3), written out
  const double e0 = p[0], e1 = p[1], e2 = p[2], e3 = p[3];
  Mat3 A;
  // row by row, the factor 2 applied last
  A << e0 * e0 + e1 * e1 - 0.5, e1 * e2 - e0 * e3, e1 * e3 + e0 * e2, e1 * e2 + e0 * e3,
      e0 * e0 + e2 * e2 - 0.5, e2 * e3 - e0 * e1, e1 * e3 - e0 * e2, e2 * e3 + e0 * e1,
      e0 * e0 + e3 * e3 - 0.5;
  return 2.0 * A;
}

Mat3 orthonormalized(const Mat3& R) {
  // the nearest rotation U V^T, with the last column of U flipped if that is a reflection
  Eigen::JacobiSVD<Mat3> svd(R, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Mat3 Q = svd.matrixU() * svd.matrixV().transpose();
  if (Q.determinant() < 0.0) {
    Mat3 U = svd.matrixU();
    U.col(2) *= -1.0;
    Q = U * svd.matrixV().transpose();
  }
  return Q;
}

Vec4 eulerParametersFromRotation(const Mat3& R) {
  // a matrix rounded off a rotation is brought back to the nearest one first
  return eulerParametersFromOrthonormal(orthonormalized(R));
}

Vec4 eulerParametersFromOrthonormal(const Mat3& R) {
  // Eigen's quaternion of R, with e0 >= 0 and unit length
  const Eigen::Quaterniond q(R);
  Vec4 p(q.w(), q.x(), q.y(), q.z());
  if (p[0] < 0.0) p = -p;
  return p.normalized();
}

Mat34 eulerParameterG(const Vec4& p) {
  // G = [-e, -skew(e) + e0 I], so that omega' = 2 G p'
  const double e0 = p[0], e1 = p[1], e2 = p[2], e3 = p[3];
  Mat34 G;
  // row by row
  G << -e1, e0, e3, -e2, -e2, -e3, e0, e1, -e3, e2, -e1, e0;
  return G;
}

Mat3 expSO3(const Vec3& theta) {
  const double angle = theta.norm();
  const Mat3 K = skew(theta);
  if (angle < 1e-8) {
    // second-order series; the next term is below rounding for such angles
    return Mat3::Identity() + K + 0.5 * K * K;
  }
  // Rodrigues: I + sin(a)/a K + (1 - cos(a))/a^2 K^2
  const double s = std::sin(angle) / angle;
  const double c = (1.0 - std::cos(angle)) / (angle * angle);
  return Mat3::Identity() + s * K + c * K * K;
}

Vec3 logSO3(const Mat3& R) {
  // the axis and the angle of R, by its quaternion
  const Eigen::AngleAxisd aa(Eigen::Quaterniond(R).normalized());
  return aa.angle() * aa.axis();
}

Mat3 rotationFromZXZ(const Vec3& angles) {
  // A = A1(phi) A2(theta) A3(psi): about z, then x, then z
  const double cf = std::cos(angles[0]), sf = std::sin(angles[0]);
  const double ct = std::cos(angles[1]), st = std::sin(angles[1]);
  const double cp = std::cos(angles[2]), sp = std::sin(angles[2]);
  Mat3 A1, A2, A3;
  // each a turn in the plane normal to its axis
  A1 << cf, -sf, 0, sf, cf, 0, 0, 0, 1;
  A2 << 1, 0, 0, 0, ct, -st, 0, st, ct;
  A3 << cp, -sp, 0, sp, cp, 0, 0, 0, 1;
  return A1 * A2 * A3;
}

Vec3 zxzFromRotation(const Mat3& R) {
  // A(2,2) = cos(theta); A(0,2) = sin(phi) sin(theta); A(1,2) = -cos(phi) sin(theta);
  // A(2,0) = sin(theta) sin(psi); A(2,1) = sin(theta) cos(psi)
  // theta in [0, pi] from the (2,2) entry, clamped against rounding
  const double theta = std::acos(std::clamp(R(2, 2), -1.0, 1.0));
  const double st = std::sin(theta);
  if (st > 1e-12) {
    // phi from the third column, psi from the third row
    const double phi = std::atan2(R(0, 2), -R(1, 2));
    const double psi = std::atan2(R(2, 0), R(2, 1));
    return Vec3(phi, theta, psi);
  }
  // gimbal lock: A = Rz(phi +/- psi); take psi = 0
  const double phi = std::atan2(R(1, 0), R(0, 0));
  return Vec3(phi, theta, 0.0);
}

namespace {

Mat3 axisRotation(int axis, double angle) {
  return Eigen::AngleAxisd(angle, Vec3::Unit(axis)).toRotationMatrix();
}

// +1 for a cyclic sequence (xyz, yzx, zxy), else -1
double sequenceSign(const int (&axes)[3]) { return (axes[1] - axes[0] + 3) % 3 == 1 ? 1.0 : -1.0; }

}  // namespace

Vec3 taitBryanAngles(const Mat3& R, const int (&axes)[3]) {
  // the last angle c and the middle angle b from row i of R, the first angle a from column k;
  // the sign turns the cyclic formulas into those of the anticyclic sequences
  const int i = axes[0], j = axes[1], k = axes[2];
  const double s = sequenceSign(axes);
  const double c = std::atan2(-s * R(i, j), R(i, i));
  const double b = std::atan2(s * R(i, k), R(i, i) * std::cos(c) - s * R(i, j) * std::sin(c));
  const double a = std::atan2(-s * R(j, k), R(k, k));
  return Vec3(a, b, c);
}

Mat3 rotationFromTaitBryan(const Vec3& angles, const int (&axes)[3]) {
  // the three turns about the sequence's axes, composed in order
  return axisRotation(axes[0], angles[0]) * axisRotation(axes[1], angles[1]) *
         axisRotation(axes[2], angles[2]);
}

Vec3 taitBryanRates(const Vec3& angles, const int (&axes)[3], const Vec3& omega_W) {
  // omega_W = E (da, db, dc): the columns the axes of the three turns, in the world
  // the first turn's axis is fixed; the second's is turned by the first; the third's by both
  const Mat3 Ra = axisRotation(axes[0], angles[0]);
  Mat3 E;
  E << Vec3::Unit(axes[0]), Ra * Vec3::Unit(axes[1]),
      Ra * axisRotation(axes[1], angles[1]) * Vec3::Unit(axes[2]);
  return E.partialPivLu().solve(omega_W);
}

}  // namespace mbw
