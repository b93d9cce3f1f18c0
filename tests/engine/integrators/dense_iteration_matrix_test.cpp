// The index-3 Newton matrix in dense storage (integrators/dense_iteration_matrix.h) against its
// definition (iteration_matrix.h),
//     A(cq, cv) = [ s M + cq K + cv C    w Phi_q^T ]        [ M      Phi_q^T  ]
//                 [ Phi_q T              -delta I  ],       [ Phi_q  -delta I ] (projection),
// with M and Phi_q from the formulation: the blocks in their places, A linear in cq and cv, the
// residual r1 = M a + w (Phi_q^T lambda - Q), and solves that invert the formed matrix.

#include "integrators/dense_iteration_matrix.h"

#include <gtest/gtest.h>

#include <random>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "scene/scene_reader.h"
#include "largest_entry.h"

namespace mbw {
namespace {

TEST(DenseIterationMatrix, BlocksInTheirPlacesAndSolves) {
  const Model model = loadScene("four-link");
  for (const std::string& name : formulationNames()) {
    if (!initialPoseRefusal(name, model).empty()) continue;  // rE at its gimbal lock
    SCOPED_TRACE(name);
    const auto f = makeFormulation(name, model);
    const int nv = f->velocitySize(), nc = f->constraintSize();
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    auto random = [&](int n) { return VectorXd(VectorXd::NullaryExpr(n, [&] { return u(rng); })); };
    // any velocities: C, the derivative of the forces by the velocities, is then not zero
    VectorXd q, v;
    f->initialState(q, v);
    f->computePositions(0.1, q);
    f->computeVelocities(random(nv));
    MatrixXd M = MatrixXd::Zero(nv, nv), J = MatrixXd::Zero(nc, nv);
    f->massMatrix(MatrixSink(M));
    f->constraintJacobian(MatrixSink(J));
    ASSERT_GT(test::largestEntry(M), 0.0);
    ASSERT_GT(test::largestEntry(J), 0.0);

    // random a, lambda and Q; the weight w on the constraint forces
    const VectorXd a = random(nv), lambda = random(nc), Q = random(nv);
    const double w = 0.6;
    DenseIterationMatrix m(*f);
    EXPECT_EQ(m.kind(), LinearSolverKind::Dense);
    m.assemblePositionBlocks(*f);
    VectorXd r1(nv);
    m.dynamicsResidual(a, lambda, Q, w, r1);
    EXPECT_LT(test::largestEntry(r1 - (M * a + w * (J.transpose() * lambda - Q))),
              1e-12 * (1 + test::largestEntry(r1)));

    // with cq = cv = 0 only M, Phi_q and delta appear, in their places
    m.assembleDerivatives(*f, a, lambda, w, nullptr);
    ASSERT_TRUE(m.factorize(0.0, 0.0, w, 2.0, 1e-3));
    const MatrixXd A0 = m.formed();
    // s = 2 on M, w on Phi_q^T, Phi_q below it, and -delta I with delta = 1e-3
    EXPECT_LT(test::largestEntry(A0.topLeftCorner(nv, nv) - 2.0 * M),
              1e-14 * test::largestEntry(M));
    EXPECT_LT(test::largestEntry(A0.topRightCorner(nv, nc) - w * J.transpose()),
              1e-14 * test::largestEntry(J));
    EXPECT_LT(test::largestEntry(A0.bottomLeftCorner(nc, nv) - J), 1e-14 * test::largestEntry(J));
    EXPECT_EQ(test::largestEntry(A0.bottomRightCorner(nc, nc) + 1e-3 * MatrixXd::Identity(nc, nc)),
              0.0);
    // linear in cq and cv: K and C enter the first block only
    ASSERT_TRUE(m.factorize(0.5, 0.0, w, 2.0, 1e-3));
    const MatrixXd K = (m.formed() - A0) / 0.5;
    ASSERT_TRUE(m.factorize(0.0, 0.25, w, 2.0, 1e-3));
    const MatrixXd C = (m.formed() - A0) / 0.25;
    // K and C are not zero on this model, so that the checks below can fail
    EXPECT_GT(test::largestEntry(K), 0.0);
    EXPECT_GT(test::largestEntry(C), 0.0);
    EXPECT_EQ(test::largestEntry(K.rightCols(nc)) + test::largestEntry(K.bottomRows(nc)), 0.0);
    EXPECT_EQ(test::largestEntry(C.rightCols(nc)) + test::largestEntry(C.bottomRows(nc)), 0.0);
    // the matrix at (0.5, 0.25) is the sum of the parts
    ASSERT_TRUE(m.factorize(0.5, 0.25, w, 2.0, 1e-3));
    EXPECT_LT(test::largestEntry(m.formed() - (A0 + 0.5 * K + 0.25 * C)),
              1e-12 * test::largestEntry(m.formed()));
    // solves invert the formed matrix; the product applies it
    const VectorXd b = random(nv + nc);
    VectorXd x = b, product(nv + nc);
    m.solveInPlace(x);
    m.multiply(x, product);
    EXPECT_LT(test::largestEntry(product - b), 1e-9);
    EXPECT_LT(test::largestEntry(m.formed() * x - b), 1e-9);
    // the projection matrix from the position blocks alone
    ASSERT_TRUE(m.factorizeProjection(0.0));
    MatrixXd P = MatrixXd::Zero(nv + nc, nv + nc);
    P << M, J.transpose(), J, MatrixXd::Zero(nc, nc);
    EXPECT_LT(test::largestEntry(m.formed() - P), 1e-14 * test::largestEntry(P));
    // and the product Phi_q a
    VectorXd c(nc);
    m.constraintProduct(a, c);
    EXPECT_LT(test::largestEntry(c - J * a), 1e-12);
  }
}

}  // namespace
}  // namespace mbw
