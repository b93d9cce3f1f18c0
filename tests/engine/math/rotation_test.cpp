// Rotations (math/rotation.h): Euler parameters, the exponential and logarithm of SO(3), ZXZ and
// Tait-Bryan angles in each of their sequences, repair of a rounded matrix and the maps from the
// parameters' rates to angular velocity, each against its round trip or an independent formula.

#include "math/rotation.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include <random>

#include "test_models.h"

namespace mbw {
namespace {

// --- conversions between parametrizations --------------------------------------------------------

TEST(Rotation, EulerParametersRoundTrip) {
  std::mt19937 rng(3);
  // random rotations to unit Euler parameters, the sign chosen with p0 >= 0, and back
  for (int k = 0; k < 50; ++k) {
    const Mat3 R = test::randomRotation(rng);
    const Vec4 p = eulerParametersFromRotation(R);
    EXPECT_NEAR(p.norm(), 1.0, 1e-15);
    EXPECT_GE(p[0], 0.0);
    EXPECT_LT((rotationFromEulerParameters(p) - R).norm(), 1e-14);
  }
}

TEST(Rotation, ExponentialAndLogarithmAreInverse) {
  std::mt19937 rng(4);
  for (int k = 0; k < 50; ++k) {
    // components up to 1.5: norms below pi, where the logarithm is unique
    const Vec3 theta = test::randomVector(rng, 1.5);
    // exp gives an orthogonal matrix of determinant 1, and log gives the vector back
    const Mat3 R = expSO3(theta);
    EXPECT_LT((R.transpose() * R - Mat3::Identity()).norm(), 1e-14);
    EXPECT_NEAR(R.determinant(), 1.0, 1e-14);
    EXPECT_LT((logSO3(R) - theta).norm(), 1e-12);
  }
  // tiny angles use the series
  const Vec3 small(1e-10, -2e-10, 3e-10);
  // I + skew(theta) to first order: the second-order term is of order |theta|^2 ~ 1e-19
  EXPECT_LT((expSO3(small) - (Mat3::Identity() + skew(small))).norm(), 1e-19);
}

TEST(Rotation, ExponentialMatchesRodriguesAxisAngle) {
  const Vec3 axis = Vec3(1, 2, 2).normalized();
  const double angle = 0.8;
  // Eigen's angle-axis matrix: Rodrigues' formula written independently
  const Mat3 expected = Eigen::AngleAxisd(angle, axis).toRotationMatrix();
  EXPECT_LT((expSO3(angle * axis) - expected).norm(), 1e-15);
}

TEST(Rotation, ZxzAnglesRoundTrip) {
  std::mt19937 rng(5);
  for (int k = 0; k < 50; ++k) {
    const Mat3 R = test::randomRotation(rng);
    // the middle angle in [0, pi], the range that makes the angles unique
    const Vec3 a = zxzFromRotation(R);
    EXPECT_GE(a[1], 0.0);
    EXPECT_LE(a[1], M_PI);
    EXPECT_LT((rotationFromZXZ(a) - R).norm(), 1e-12);
  }
  // gimbal lock: theta = 0
  const Mat3 Rz = rotationFromZXZ(Vec3(0.3, 0.0, 0.4));
  EXPECT_LT((rotationFromZXZ(zxzFromRotation(Rz)) - Rz).norm(), 1e-14);
}

// --- repairs and rates ---------------------------------------------------------------------------

TEST(Rotation, OrthonormalizationRepairsRoundedMatrices) {
  Mat3 R = Eigen::AngleAxisd(0.7, Vec3(0, 1, 1).normalized()).toRotationMatrix();
  // rounded to 6 decimals: off orthogonality by about 1e-6
  Mat3 rounded = (R * 1e6).array().round() / 1e6;
  const Mat3 Q = orthonormalized(rounded);
  // Q orthogonal to round-off, and no farther from R than the rounding
  EXPECT_LT((Q.transpose() * Q - Mat3::Identity()).norm(), 1e-15);
  EXPECT_LT((Q - R).norm(), 1e-6);
}

TEST(Rotation, EulerParameterGMapsRatesToBodyAngularVelocity) {
  // omega_B = 2 G(p) pdot: check against A^T Adot by finite differences
  std::mt19937 rng(6);
  const Vec4 p = eulerParametersFromRotation(test::randomRotation(rng));
  // pdot from omega_B by the inverse relation pdot = G^T omega_B / 2 (G G^T = I)
  const Vec3 omega_B(0.3, -1.2, 0.7);
  const Vec4 pdot = 0.5 * eulerParameterG(p).transpose() * omega_B;
  // A^T Adot = skew(omega_B), Adot by central differences, then 2 G pdot exactly
  const double h = 1e-6;
  const Mat3 Adot =
      (rotationFromEulerParameters(p + h * pdot) - rotationFromEulerParameters(p - h * pdot)) /
      (2 * h);
  const Mat3 W = rotationFromEulerParameters(p).transpose() * Adot;
  EXPECT_LT((Vec3(W(2, 1), W(0, 2), W(1, 0)) - omega_B).norm(), 1e-8);
  EXPECT_LT((2.0 * eulerParameterG(p) * pdot - omega_B).norm(), 1e-14);
}

TEST(Rotation, TaitBryanAnglesRoundTripInEverySequence) {
  const int sequences[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  // the middle angle inside (-pi/2, pi/2), where the angles are unique
  const Vec3 angles(0.7, -0.4, 2.1);
  for (const auto& axes : sequences) {
    auto compose = [&](const Vec3& a) {
      return Mat3(Eigen::AngleAxisd(a[0], Vec3::Unit(axes[0])) *
                  Eigen::AngleAxisd(a[1], Vec3::Unit(axes[1])) *
                  Eigen::AngleAxisd(a[2], Vec3::Unit(axes[2])));
    };
    // angles from the composed rotation, the rotation from the angles, and the round trip
    const Vec3 back = taitBryanAngles(compose(angles), axes);
    EXPECT_LT((back - angles).norm(), 1e-13) << axes[0] << axes[1] << axes[2];
    EXPECT_LT((rotationFromTaitBryan(angles, axes) - compose(angles)).norm(), 1e-15);
    EXPECT_LT((taitBryanAngles(rotationFromTaitBryan(back, axes), axes) - angles).norm(), 1e-13);
    // the rates of the angles for an angular velocity: along R(a + s adot) from omega = [dR/ds R^T]
    const Vec3 rates(0.3, -1.1, 0.8);
    const double h = 1e-6;
    const Mat3 dR = (compose(angles + h * rates) - compose(angles - h * rates)) / (2 * h);
    const Mat3 W = dR * compose(angles).transpose();
    const Vec3 omega(W(2, 1), W(0, 2), W(1, 0));
    EXPECT_LT((taitBryanRates(angles, axes, omega) - rates).norm(), 1e-8);
  }
}

TEST(Rotation, TheBenchmarkSensorIsTheAngleAboutXOfTheZxySequence) {
  // refdata README: phi3 = atan2(-R31, R33), phi2 = atan2(R32, R33 cos phi3 - R31 sin phi3)
  const Mat3 R = expSO3(Vec3(0.3, -0.2, 0.5));
  const double phi3 = std::atan2(-R(2, 0), R(2, 2));
  const double phi2 = std::atan2(R(2, 1), R(2, 2) * std::cos(phi3) - R(2, 0) * std::sin(phi3));
  // the z-x-y sequence: its second and third angles are phi2 and phi3
  const int zxy[3] = {2, 0, 1};
  const Vec3 a = taitBryanAngles(R, zxy);
  EXPECT_NEAR(a[1], phi2, 1e-15);
  EXPECT_NEAR(a[2], phi3, 1e-15);
}

}  // namespace
}  // namespace mbw
