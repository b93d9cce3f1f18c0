#include "formulation/ra_body.h"

#include <cmath>

namespace mbw {
namespace {

// Coefficients of the right Jacobian of exp on SO(3) and of its inverse, for angle x:
//   Jr = I - a skew(g) + b skew(g)^2,   Jr^-1 = I + 1/2 skew(g) + c skew(g)^2
// a = (1 - cos x)/x^2, b = (x - sin x)/x^3, c = 1/x^2 - (1 + cos x)/(2 x sin x); series near 0.
struct RightJacobianCoefficients {
  double a, b, c;
  explicit RightJacobianCoefficients(double x) {
    const double x2 = x * x;
    // near zero the quotients lose their digits: their Taylor series to x^4
    if (x < 1e-3) {
      a = 0.5 - x2 / 24.0 + x2 * x2 / 720.0;
      b = 1.0 / 6.0 - x2 / 120.0 + x2 * x2 / 5040.0;
      c = 1.0 / 12.0 + x2 / 720.0 + x2 * x2 / 30240.0;
      return;
    }
    // else the closed forms, 1 - cos x as 2 sin^2(x/2) so that it keeps its digits
    const double s = std::sin(x), half = std::sin(0.5 * x);
    a = 2.0 * half * half / x2;
    b = (x - s) / (x2 * x);
    c = 1.0 / x2 - (1.0 + std::cos(x)) / (2.0 * x * s);
  }
};

}  // namespace

void RaBody::encodePose(const Vec3& r, const Mat3& R_WB, double* q) {
  // r, and the rotation made orthonormal
  Eigen::Map<Vec3>{q} = r;
  Eigen::Map<Mat3>{q + 3} = orthonormalized(R_WB);
}

void RaBody::encodeVelocity(const double* q, const Vec3& rdot, const Vec3& omega_W, double* v) {
  // rdot, and the body's angular velocity omega_B = A^T omega_W
  Eigen::Map<Vec3>{v} = rdot;
  Eigen::Map<Vec3>{v + 3} = Eigen::Map<const Mat3>(q + 3).transpose() * omega_W;
}

void RaBody::retract(const double* q, const double* dq, double* out) {
  // r + dr, A exp(skew(dtheta))
  Eigen::Map<Vec3>{out} = Eigen::Map<const Vec3>(q) + Eigen::Map<const Vec3>(dq);
  const Mat3 A = Eigen::Map<const Mat3>(q + 3) * expSO3(Eigen::Map<const Vec3>(dq + 3));
  // one Newton step towards the nearest rotation (quadratic: an O(eps) drift becomes O(eps^2))
  Eigen::Map<Mat3>{out + 3} = A * (1.5 * Mat3::Identity() - 0.5 * A.transpose() * A);
}

void RaBody::localCoordinates(const double* anchor, const double* q, double* out) {
  // r - r_anchor, log(A_anchor^T A)
  Eigen::Map<Vec3>{out} = Eigen::Map<const Vec3>(q) - Eigen::Map<const Vec3>(anchor);
  Eigen::Map<Vec3>{out + 3} =
      logSO3(Eigen::Map<const Mat3>(anchor + 3).transpose() * Eigen::Map<const Mat3>(q + 3));
}

Mat3 RaBody::rightJacobian(const Vec3& theta) {
  // Jr(theta) = I - a skew(theta) + b skew(theta)^2
  const RightJacobianCoefficients k(theta.norm());
  const Mat3 S = skew(theta);
  return Mat3::Identity() - k.a * S + k.b * S * S;
}

Mat3 RaBody::rightJacobianInverse(const Vec3& theta) {
  // Jr(theta)^-1 = I + 1/2 skew(theta) + c skew(theta)^2
  const RightJacobianCoefficients k(theta.norm());
  const Mat3 S = skew(theta);
  return Mat3::Identity() + 0.5 * S + k.c * S * S;
}

void RaBody::incrementVelocity(const double* g, const double* gdot, double* v) {
  // omega = Jr(theta) thetadot
  const Vec3 rate = Eigen::Map<const Vec3>(gdot + 3);
  Eigen::Map<Vec3>{v} = Eigen::Map<const Vec3>(gdot);
  Eigen::Map<Vec3>{v + 3} = rightJacobian(Eigen::Map<const Vec3>(g + 3)) * rate;
}

void RaBody::incrementRate(const double* g, const double* v, double* gdot) {
  // thetadot = Jr(theta)^-1 omega
  const Vec3 omega = Eigen::Map<const Vec3>(v + 3);
  Eigen::Map<Vec3>{gdot} = Eigen::Map<const Vec3>(v);
  Eigen::Map<Vec3>{gdot + 3} = rightJacobianInverse(Eigen::Map<const Vec3>(g + 3)) * omega;
}

}  // namespace mbw
