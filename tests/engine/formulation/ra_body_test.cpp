// rA specifics: the rotation matrices stay orthonormal to machine precision over long runs
// (1e5 exponential-map updates, and 1e5 backward Euler steps of a tumbling body), and the tangent
// map of the exponential (the right Jacobian) against central differences of expSO3.

#include "formulation/ra_body.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "integrators/registry.h"
#include "solvers/initial_conditions.h"
#include "test_models.h"

namespace mbw {
namespace {

// the largest entry of A^T A - I: zero for a rotation
double orthonormalityError(const Mat3& A) {
  return (A.transpose() * A - Mat3::Identity()).cwiseAbs().maxCoeff();
}

// the error as a test property, readable in the XML report
std::string scientific(double x) {
  std::ostringstream os;
  os << std::scientific << x;
  return os.str();
}

TEST(RaBody, RotationStaysOrthonormalOver1e5Updates) {
  // the pose is 12 numbers: r, then the rotation matrix column by column; the increment's last
  // three entries are the rotation vector
  std::mt19937 rng(4);
  double q[12], dq[6] = {0, 0, 0, 0, 0, 0}, next[12];
  RaBody::encodePose(Vec3::Zero(), test::randomRotation(rng), q);
  double worst = 0.0;
  // 1e5 random turns, components up to 0.5 rad, composed one after another
  for (int k = 0; k < 100000; ++k) {
    Eigen::Map<Vec3>{dq + 3} = test::randomVector(rng, 0.5);
    RaBody::retract(q, dq, next);
    std::copy(next, next + 12, q);
    worst = std::max(worst, orthonormalityError(Eigen::Map<const Mat3>(q + 3)));
  }
  // no drift: after the 1e5 products still orthonormal to round-off
  RecordProperty("largest_orthonormality_error", scientific(worst));
  EXPECT_LT(worst, 1e-15);
  EXPECT_NEAR(Eigen::Map<const Mat3>(q + 3).determinant(), 1.0, 1e-15);
}

TEST(RaBody, TumblingBodyKeepsAnOrthonormalRotationOver1e5Steps) {
  // a free asymmetric body spinning about all three axes (no constraints, no gravity)
  Model m;
  m.name = "tumbling";
  m.gravity_W = Vec3::Zero();
  Body b;
  b.name = "box";
  b.mass = 2.0;
  b.inertia_B = Vec3(0.3, 0.7, 1.1).asDiagonal();
  b.omega_W = Vec3(3.0, 0.2, 1.5);
  m.bodies.push_back(b);
  const auto f = makeFormulation("rA", m);
  // backward Euler at 1 ms for 100 s, the rotation sampled every second
  IntegratorSettings settings;
  settings.step = 1e-3;
  const auto integrator = findIntegrator("backward-euler")->make(*f, settings);
  integrator->initialize(consistentInitialState(*f, 0.0));
  double worst = 0.0;
  for (int k = 0; k < 100000; ++k) {
    ASSERT_EQ(integrator->step(settings.step).kind, StepResult::Kind::Accepted);
    if (k % 1000 == 999)
      worst = std::max(
          worst, orthonormalityError(Eigen::Map<const Mat3>(integrator->state().q.data() + 3)));
  }
  RecordProperty("largest_orthonormality_error", scientific(worst));
  EXPECT_LT(worst, 1e-15);
}

TEST(RaBody, RightJacobianIsTheTangentMapOfTheExponential) {
  // the right Jacobian of SO(3) maps the rate of the rotation vector to the body's angular velocity
  std::mt19937 rng(9);
  // rotation vectors from 1e-5 to about 2 rad per component
  for (double scale : {1e-5, 1e-2, 0.5, 2.0}) {
    const Vec3 theta = test::randomVector(rng, scale), rate = test::randomVector(rng);
    // exp(theta)^T d/ds exp(theta + s rate) = skew(Jr(theta) rate)
    const double h = 1e-6;
    const Mat3 W =
        expSO3(theta).transpose() * (expSO3(theta + h * rate) - expSO3(theta - h * rate)) / (2 * h);
    const Vec3 omega = RaBody::rightJacobian(theta) * rate;
    EXPECT_LT((Vec3(W(2, 1), W(0, 2), W(1, 0)) - omega).norm(), 1e-9) << "scale " << scale;
    // and the inverse undoes it to round-off
    EXPECT_LT((RaBody::rightJacobianInverse(theta) * omega - rate).norm(), 1e-14)
        << "scale " << scale;
  }
}

}  // namespace
}  // namespace mbw
