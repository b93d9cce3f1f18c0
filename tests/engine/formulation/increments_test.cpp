// The configuration maps of every formulation (formulation.h), which multi-point integrators rely
// on: localCoordinates inverts retract; the tangent map T(g) of incrementVelocity is the derivative
// of anchor (+) g(t) (against central differences through localCoordinates); incrementRate inverts
// it; applyIncrementTangent applies the same T to a matrix; body outputs are consistent with the
// coordinates (angular velocity against the rate of change of the rotation).

#include <gtest/gtest.h>

#include <random>

#include "finite_differences.h"
#include "formulation/formulation.h"
#include "math/rotation.h"
#include "test_models.h"

namespace mbw {
namespace {

// an anchor pose, an increment g from it, and a rate of the increment
struct Point {
  VectorXd anchor, g, gdot;
};

// the model's initial pose as anchor, an increment of rotations up to about 1 rad and its rate
Point randomPoint(const Formulation& f, unsigned seed) {
  Point p;
  VectorXd v;
  f.initialState(p.anchor, v);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-0.6, 0.6);
  p.g = VectorXd::NullaryExpr(f.velocitySize(), [&] { return u(rng); });
  p.gdot = VectorXd::NullaryExpr(f.velocitySize(), [&] { return 2.0 * u(rng); });
  return p;
}

class Increments : public ::testing::TestWithParam<std::string> {
 protected:
  // a random two-body model (a distance constraint between them), in each formulation
  Model model_ = test::randomPrimitiveModel(PrimitiveType::D, false, 21);
  std::unique_ptr<Formulation> f_ = makeFormulation(GetParam(), model_);
};

TEST_P(Increments, LocalCoordinatesInvertRetract) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const Point p = randomPoint(*f_, seed);
    VectorXd q, g;
    // retract then localCoordinates gives g back; a point's own local coordinates are zero
    f_->retract(p.anchor, p.g, q);
    f_->localCoordinates(p.anchor, q, g);
    EXPECT_LT((g - p.g).cwiseAbs().maxCoeff(), 1e-14);
    f_->localCoordinates(p.anchor, p.anchor, g);
    EXPECT_LT(g.cwiseAbs().maxCoeff(), 1e-15);
  }
}

TEST_P(Increments, TangentMapIsTheDerivativeOfTheRetraction) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const Point p = randomPoint(*f_, seed);
    // v = d/ds [q(s) (-) q(0)] at s = 0 along q(s) = anchor (+) (g + s gdot)
    VectorXd q0, qs, local;
    f_->retract(p.anchor, p.g, q0);
    const test::TimeDerivatives d = test::timeDerivativesFD([&](double s) {
      f_->retract(p.anchor, p.g + s * p.gdot, qs);
      f_->localCoordinates(q0, qs, local);
      return local;
    });
    VectorXd v, gdot;
    // incrementVelocity against those differences; incrementRate maps v back to gdot
    f_->incrementVelocity(p.g, p.gdot, v);
    EXPECT_LT(test::relativeError(v, d.first), 1e-9) << v.transpose() << "\n"
                                                     << d.first.transpose();
    f_->incrementRate(p.g, v, gdot);
    EXPECT_LT((gdot - p.gdot).cwiseAbs().maxCoeff(), 1e-13);

    // applyIncrementTangent: J T(g), column k of T(g) being incrementVelocity(g, e_k)
    const int nv = f_->velocitySize();
    MatrixXd J = MatrixXd::Random(4, nv), expected(4, nv);
    for (int k = 0; k < nv; ++k) {
      f_->incrementVelocity(p.g, VectorXd::Unit(nv, k), v);
      expected.col(k) = J * v;
    }
    f_->applyIncrementTangent(p.g, J);
    EXPECT_LT((J - expected).cwiseAbs().maxCoeff(), 1e-14);
  }
}

// for every body, the angular velocity the formulation outputs against the rate of its rotation
// matrix taken by five-point differences along the motion
TEST_P(Increments, AngularVelocityOutputIsTheRateOfTheRotation) {
  VectorXd q, v, qs;
  f_->initialState(q, v);
  const VectorXd vdot = VectorXd::Zero(f_->velocitySize());
  f_->computeVelocities(v);
  for (int b = 0; b < model_.bodyCount(); ++b) {
    f_->computePositions(0.0, q);
    const BodyOutput out = f_->bodyOutput(b, vdot);
    // skew(omega_W) = Rdot R^T along q (+) s v
    const test::TimeDerivatives d = test::timeDerivativesFD([&](double s) {
      f_->retract(q, s * v, qs);
      f_->computePositions(0.0, qs);
      const Mat3 R = rotationFromEulerParameters(f_->bodyOutput(b, vdot).eulerParameters);
      return VectorXd(Eigen::Map<const VectorXd>(R.data(), 9));
    });
    const Mat3 Rdot = Eigen::Map<const Mat3>(d.first.data());
    const Mat3 W = Rdot * rotationFromEulerParameters(out.eulerParameters).transpose();
    EXPECT_LT((Vec3(W(2, 1), W(0, 2), W(1, 0)) - out.omega_W).cwiseAbs().maxCoeff(), 1e-9);
  }
}

INSTANTIATE_TEST_SUITE_P(AllFormulations, Increments, ::testing::ValuesIn(formulationNames()),
                         [](const auto& param) { return param.param; });

}  // namespace
}  // namespace mbw
