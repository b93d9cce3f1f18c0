// rp specifics (formulation/rp_body.h, Kissel et al. 2021 sections 2.2 and 3.2): the partial
// derivatives B(p, s) of A(p) s, its rate, quadratic part, the derivatives of B^T w and of the rate
// against central differences of A(p) (quadratic in p: the differences are exact up to rounding);
// the body angular velocity 2 G pdot against A^T Adot; the kinetic energy 1/2 pdot^T (4 G^T J G)
// pdot; and a pose and a motion encoded and read back.

#include "formulation/rp_body.h"

#include <gtest/gtest.h>

#include <random>

#include "math/rotation.h"
#include "test_models.h"
#include "largest_entry.h"

namespace mbw {
namespace {

// Euler parameters and their rate, and two vectors to multiply by
struct Sample {
  Vec4 p, pdot;
  Vec3 s, w;
};

// a unit p and a rate tangent to the unit sphere (p . pdot = 0), as in a consistent state
Sample sample(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Sample x;
  x.p = Vec4(n(rng), n(rng), n(rng), n(rng)).normalized();
  x.pdot = Vec4(n(rng), n(rng), n(rng), n(rng));
  x.pdot -= x.p.dot(x.pdot) * x.p;
  x.s = test::randomVector(rng);
  x.w = test::randomVector(rng);
  return x;
}

// a body at r = (0.1, -0.2, 0.3) with the given Euler parameters and their rate
RpBody body(const Vec4& p, const Vec4& pdot) {
  RpBody b;
  double q[7] = {0.1, -0.2, 0.3, p[0], p[1], p[2], p[3]};
  double v[7] = {0, 0, 0, pdot[0], pdot[1], pdot[2], pdot[3]};
  b.setPosition(q);
  b.setVelocity(v);
  return b;
}

TEST(RpBody, PartialsAreTheDerivativesOfTheRotation) {
  // twenty random samples; each derivative against central differences with h = 1e-6
  std::mt19937 rng(12);
  const double h = 1e-6;
  for (int trial = 0; trial < 20; ++trial) {
    const Sample x = sample(rng);
    const RpBody b = body(x.p, x.pdot);
    // A(p) is the rotation of p
    EXPECT_LT(test::largestEntry(b.A() - rotationFromEulerParameters(x.p)), 1e-15);
    Eigen::Matrix<double, 3, 4> partialFD;
    Eigen::Matrix<double, 4, 4> ptdFD;
    Eigen::Matrix<double, 3, 4> rateFD;
    // central differences in each component of p: A is quadratic in p, so only rounding remains
    for (int k = 0; k < 4; ++k) {
      const Vec4 e = h * Vec4::Unit(k);
      partialFD.col(k) = (rotationFromEulerParameters(x.p + e) * x.s -
                          rotationFromEulerParameters(x.p - e) * x.s) /
                         (2 * h);
      ptdFD.col(k) = (body(x.p + e, x.pdot).partial(x.s).transpose() * x.w -
                      body(x.p - e, x.pdot).partial(x.s).transpose() * x.w) /
                     (2 * h);
      rateFD.col(k) = (body(x.p + e, x.pdot).rate(x.s) - body(x.p - e, x.pdot).rate(x.s)) / (2 * h);
    }
    // B, the derivative of B^T w, and the rate of A(p) s as B(p, s) pdot
    EXPECT_LT(test::largestEntry(b.partial(x.s) - partialFD), 1e-8);
    EXPECT_LT(test::largestEntry(b.ptd(x.s, x.w) - ptdFD), 1e-8);
    EXPECT_LT(test::largestEntry(b.rate(x.s) - b.partial(x.s) * x.pdot), 1e-14);
    // d2/dt2 A(p + t pdot) s = B(pdot, s) pdot: the quadratic part
    const double t = 1e-3;
    const Vec3 second = (rotationFromEulerParameters(x.p + t * x.pdot) * x.s -
                         2.0 * rotationFromEulerParameters(x.p) * x.s +
                         rotationFromEulerParameters(x.p - t * x.pdot) * x.s) /
                        (t * t);
    EXPECT_LT(test::largestEntry(b.quadratic(x.s) - second), 1e-7);
    EXPECT_LT(test::largestEntry(b.rateDerivative(x.s) - rateFD), 1e-8);
  }
}

TEST(RpBody, AngularVelocityAndKineticEnergy) {
  // twenty random samples: the angular velocity from A and its rate, and the kinetic energy of
  // rotation in the two coordinates
  std::mt19937 rng(13);
  const double h = 1e-6;
  for (int trial = 0; trial < 20; ++trial) {
    const Sample x = sample(rng);
    const RpBody b = body(x.p, x.pdot);
    // A^T Adot = skew(omega_B)
    const Mat3 Adot = (rotationFromEulerParameters(x.p + h * x.pdot) -
                       rotationFromEulerParameters(x.p - h * x.pdot)) /
                      (2 * h);
    EXPECT_LT(test::largestEntry(b.A().transpose() * Adot - skew(b.omegaBody())), 1e-8);
    // omega_W = A omega_B
    EXPECT_LT(test::largestEntry(b.omegaWorld() - b.A() * b.omegaBody()), 1e-14);
    // 1/2 pdot^T M pdot = 1/2 omega_B^T J omega_B
    Mat3 J = Mat3::Zero();
    J.diagonal() << 1.0, 2.5, 4.0;
    const Vec3 w = b.omegaBody();
    EXPECT_NEAR(x.pdot.dot(b.massMatrix(J) * x.pdot), w.dot(J * w), 1e-12 * (1 + w.dot(J * w)));
    // p unit and p . pdot = 0 (the sample): the normalization holds, and its gamma is -|pdot|^2
    EXPECT_NEAR(b.normalization(), 0.0, 1e-15);
    EXPECT_NEAR(b.normalizationGamma(), -x.pdot.squaredNorm(), 1e-15);
  }
}

TEST(RpBody, APoseAndAMotionEncodedAndReadBack) {
  std::mt19937 rng(14);
  const Mat3 R = test::randomRotation(rng);
  const Vec3 r(1, 2, 3), rdot(-0.5, 0.25, 2.0), omega_W(0.3, -1.2, 0.7);
  double q[7], v[7];
  // a random rotation, a position and a motion encoded as q and v
  RpBody::encodePose(r, R, q);
  RpBody::encodeVelocity(q, rdot, omega_W, v);
  RpBody b;
  b.setPosition(q);
  b.setVelocity(v);
  // the pose and the motion read back as given
  EXPECT_LT(test::largestEntry(b.A() - R), 1e-14);
  EXPECT_LT(test::largestEntry(b.r() - r), 1e-15);
  EXPECT_LT(test::largestEntry(b.rdot() - rdot), 1e-15);
  EXPECT_LT(test::largestEntry(b.omegaWorld() - omega_W), 1e-14);
  // q (+) dq and its inverse
  const double dq[7] = {0.1, 0.2, 0.3, 0.01, -0.02, 0.03, -0.04};
  double moved[7], back[7];
  RpBody::retract(q, dq, moved);
  RpBody::localCoordinates(q, moved, back);
  for (int k = 0; k < 7; ++k) EXPECT_NEAR(back[k], dq[k], 1e-15);
}

}  // namespace
}  // namespace mbw
