// The index-3 Newton matrix as the solver assembles it (Kissel et al. 2021 eq 38: the G^A blocks of
// eq 38c and their rp and rE counterparts, eqs 42 and 45) against central differences of the
// residual
//     g(vdot, lambda) = (M vdot - Q + Phi_q^T lambda,  Phi / cq),
//     q = anchor (+) (dqHat + cq vdot),
// for every formulation, every primitive, every force element and the mechanisms of Kissel et al.
// 2021. With a large step the increments are large rotations, so the tangent map of rA is
// exercised.

#include "integrators/index3_solver.h"

#include <gtest/gtest.h>

#include <random>

#include "finite_differences.h"
#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "test_models.h"

namespace mbw {
namespace {

constexpr double kStep = 0.3;

void checkIterationMatrix(const Model& model, const std::string& formulation, unsigned seed) {
  const auto f = makeFormulation(formulation, model);
  const int nv = f->velocitySize(), nc = f->constraintSize();
  VectorXd q0, v0;
  f->initialState(q0, v0);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // a time point of a large step h = 0.3: cq = h^2, cv = h, predicted from the initial velocity
  TimePoint p;
  p.t = 0.41;
  p.anchor = &q0;
  p.cq = kStep * kStep;
  p.cv = kStep;
  p.vHat = v0;
  p.dqHat = kStep * v0;
  // random accelerations and multipliers, away from any solution
  const VectorXd vdot = VectorXd::NullaryExpr(nv, [&] { return u(rng); });
  const VectorXd lambda = VectorXd::NullaryExpr(nc, [&] { return 3.0 * u(rng); });

  // the same matrix in both storages
  for (LinearSolverKind storage : {LinearSolverKind::Dense, LinearSolverKind::Sparse}) {
    SCOPED_TRACE(storage == LinearSolverKind::Dense ? "dense" : "sparse");
    Index3SolverOptions options;
    options.storage = storage;
    Index3Solver solver(*f, options);
    VectorXd q, v;
    ASSERT_EQ(solver.linearize(p, vdot, lambda, q, v), "");
    const MatrixXd matrix = solver.iterationMatrix();
    VectorXd x(nv + nc);
    x << vdot, lambda;
    // column by column: central differences of the residual in (vdot, lambda)
    const MatrixXd fd = test::velocityJacobianFD(x, [&](const VectorXd& y) {
      solver.linearize(p, y.head(nv), y.tail(nc), q, v);
      return VectorXd(solver.residual());
    });
    EXPECT_LT(test::relativeError(matrix, fd), 1e-6) << "matrix\n" << matrix << "\nFD\n" << fd;
  }
}

class IterationMatrix : public ::testing::TestWithParam<std::string> {};

TEST_P(IterationMatrix, MatchesFiniteDifferencesForEveryPrimitive) {
  // each primitive between two random bodies
  for (PrimitiveType t : {PrimitiveType::DP1, PrimitiveType::DP2, PrimitiveType::D,
                          PrimitiveType::CD, PrimitiveType::AngleDriver}) {
    SCOPED_TRACE("primitive " + std::to_string(static_cast<int>(t)));
    checkIterationMatrix(test::randomPrimitiveModel(t, false, 3), GetParam(), 3);
  }
}

TEST_P(IterationMatrix, MatchesFiniteDifferencesForEveryForceElement) {
  // each force element, given in the body frame
  for (ForceType t : {ForceType::TSDA, ForceType::RSDA, ForceType::PointForce, ForceType::Torque,
                      ForceType::Tire}) {
    SCOPED_TRACE("force " + std::to_string(static_cast<int>(t)));
    checkIterationMatrix(test::randomForceModel(t, true, 5), GetParam(), 5);
  }
}

TEST_P(IterationMatrix, MatchesFiniteDifferencesForThePapersMechanisms) {
  for (const char* scene : {"single-pendulum", "double-pendulum", "four-link", "slider-crank"}) {
    SCOPED_TRACE(scene);
    checkIterationMatrix(loadScene(scene), GetParam(), 7);
  }
}

INSTANTIATE_TEST_SUITE_P(AllFormulations, IterationMatrix, ::testing::ValuesIn(formulationNames()),
                         [](const auto& param) { return param.param; });

}  // namespace
}  // namespace mbw
