// The augmented matrix of the equations of motion (solvers/augmented_system.h): assembled in the
// pattern taken from the topology it equals [M, Phi_q^T; Phi_q, 0] formed densely from the
// formulation's own blocks, and its accelerations and multipliers solve Kissel et al. 2021 eq 39,
// A [vdot; lambda] = [Q; gamma], as a dense LU does; on scenes with open and closed loops, force
// elements and beams, in every formulation that holds them.

#include "solvers/augmented_system.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "largest_entry.h"

namespace mbw {
namespace {

// for each scene, every formulation that accepts its initial pose
class AugmentedSystemAgrees : public ::testing::TestWithParam<std::string> {};

TEST_P(AugmentedSystemAgrees, WithTheDenseEquationsOfMotion) {
  const Model model = loadScene(GetParam());
  for (const std::string& name : formulationNames()) {
    if (!initialPoseRefusal(name, model).empty()) continue;  // rE: beams, gimbal lock
    SCOPED_TRACE(name);
    const auto f = makeFormulation(name, model);
    const int nv = f->velocitySize(), nc = f->constraintSize();
    State s;
    f->initialState(s.q, s.v);
    s.t = 0.3;
    // velocities off the constraints do not matter to eq 39: any will do, and give gamma terms
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    s.v = VectorXd::NullaryExpr(nv, [&] { return u(rng); });

    // the pattern-based assembly and solve under test
    AugmentedSystem system(*f);
    ASSERT_TRUE(system.accelerations(s));
    // the same quantities densely
    f->computePositions(s.t, s.q);
    f->computeVelocities(s.v);
    MatrixXd M = MatrixXd::Zero(nv, nv), J = MatrixXd::Zero(nc, nv);
    f->massMatrix(MatrixSink(M));
    f->constraintJacobian(MatrixSink(J));
    VectorXd Q(nv), gamma(nc);
    f->generalizedForces(Q);
    f->accelerationRhs(gamma);
    // A = [M, Phi_q^T; Phi_q, 0] from the formulation's blocks: entry by entry, to round-off
    MatrixXd A = MatrixXd::Zero(nv + nc, nv + nc);
    A << M, J.transpose(), J, MatrixXd::Zero(nc, nc);
    EXPECT_LT(test::largestEntry(MatrixXd(system.matrix()) - A), 1e-14 * test::largestEntry(A));
    // the solution against a dense partial-pivoting LU of the same system
    VectorXd rhs(nv + nc);
    rhs << Q, gamma;
    const VectorXd x = A.partialPivLu().solve(rhs);
    EXPECT_LT(test::largestEntry(s.vdot - x.head(nv)), 1e-8 * (1 + test::largestEntry(x.head(nv))));
    EXPECT_LT(test::largestEntry(s.lambda - x.tail(nc)),
              1e-8 * (1 + test::largestEntry(x.tail(nc))));
    // the residual of eq 39 itself
    VectorXd solved(nv + nc);
    solved << s.vdot, s.lambda;
    EXPECT_LT(test::largestEntry(A * solved - rhs), 1e-8 * (1 + test::largestEntry(rhs)));
    // cond_1 of any matrix is at least 1, and these systems are regular
    const double condition = system.conditionEstimate();
    EXPECT_GE(condition, 1.0);
    EXPECT_TRUE(std::isfinite(condition));
  }
}

// an open chain, closed loops, force elements (the vehicle's tires) and beams
INSTANTIATE_TEST_SUITE_P(Scenes, AugmentedSystemAgrees,
                         ::testing::Values("double-pendulum", "four-link", "slider-crank-joints",
                                           "hmmwv-bump", "flexible-four-bar"),
                         [](const ::testing::TestParamInfo<std::string>& scene) {
                           std::string name = scene.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace mbw
