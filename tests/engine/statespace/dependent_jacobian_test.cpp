// Phi_u and its factorization (statespace/dependent_jacobian.h), dense up to kDenseLimit rows and
// sparse (KLU) above: the dependent columns of a block-structured Phi_q taken in partition order,
// solves and transposed solves against Eigen's LU, the condition estimate against the exact
// cond_1, a singular Phi_u refused, and the factorizations counted.

#include "statespace/dependent_jacobian.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>

#include "statespace/coordinate_partition.h"
#include "largest_entry.h"

namespace mbw {
namespace {

// m constraint rows over bodies of 7 coordinates: row r couples body r mod B and the next one
struct Structured {
  MatrixXd Phi_q;
  std::vector<BodyBlockMatrix::Block> blocks;
};

// random values in that pattern
Structured structured(int m, int bodies, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Structured s;
  s.Phi_q = MatrixXd::Zero(m, 7 * bodies);
  for (int r = 0; r < m; ++r)
    for (int b : {r % bodies, (r + 1) % bodies}) {
      s.blocks.push_back({r, 7 * b, 1, 7});
      for (int c = 0; c < 7; ++c) s.Phi_q(r, 7 * b + c) = u(rng);
    }
  return s;
}

// Phi_u's solves, plain and transposed, match Eigen's LU in both the dense and the KLU path, the
// condition estimate brackets cond_1, and a refactorization takes new values
TEST(DependentJacobian, DenseAndSparseSolvesAsEigensLu) {
  // 6 rows: dense; 40 rows: sparse
  for (int m : {6, DependentJacobian::kDenseLimit + 8}) {
    SCOPED_TRACE(m);
    // the dependent columns' block Phi_u factorized, then solved plain and transposed against Eigen
    const Structured s = structured(m, m / 2 + 3, 2);
    CoordinatePartition p;
    ASSERT_TRUE(partitionCoordinates(s.Phi_q, p));
    DependentJacobian J;
    J.setPartition(m, int(s.Phi_q.cols()), s.blocks, p.dependent);
    EXPECT_EQ(J.size(), m);
    ASSERT_TRUE(J.factorize(s.Phi_q));
    EXPECT_EQ(J.factorizations(), 1);
    MatrixXd Phi_u(m, m);
    for (int j = 0; j < m; ++j) Phi_u.col(j) = s.Phi_q.col(p.dependent[j]);
    const Eigen::PartialPivLU<MatrixXd> reference(Phi_u);
    const MatrixXd B = MatrixXd::Random(m, 3);
    MatrixXd X = B, Y = B;
    J.solveInPlace(X);
    J.solveTransposedInPlace(Y);
    EXPECT_LT(test::largestEntry(X - reference.solve(B)), 1e-10 * (1 + test::largestEntry(X)));
    EXPECT_LT(test::largestEntry(Phi_u.transpose() * Y - B), 1e-10);
    VectorXd x = B.col(2), y = B.col(2);
    J.solveInPlace(x);
    J.solveTransposedInPlace(y);
    EXPECT_LT(test::largestEntry(x - X.col(2)), 1e-12 * (1 + test::largestEntry(x)));
    EXPECT_LT(test::largestEntry(y - Y.col(2)), 1e-12 * (1 + test::largestEntry(y)));
    // Hager's estimate: a lower bound of cond_1 within a small factor
    const double exact = Phi_u.cwiseAbs().colwise().sum().maxCoeff() *
                         Phi_u.inverse().cwiseAbs().colwise().sum().maxCoeff();
    EXPECT_LE(J.conditionEstimate(), exact * (1 + 1e-10));
    EXPECT_GE(J.conditionEstimate(), exact / 3);
    // new values in the same structure: factorized again
    const Structured t = structured(m, m / 2 + 3, 9);
    ASSERT_TRUE(J.factorize(t.Phi_q));
    EXPECT_EQ(J.factorizations(), 2);
    for (int j = 0; j < m; ++j) Phi_u.col(j) = t.Phi_q.col(p.dependent[j]);
    x = B.col(0);
    J.solveInPlace(x);
    EXPECT_LT(test::largestEntry(Phi_u * x - B.col(0)), 1e-9);
  }
}

// a zero dependent column makes Phi_u singular, in the dense and the sparse path
TEST(DependentJacobian, ASingularPhiUIsRefused) {
  for (int m : {6, DependentJacobian::kDenseLimit + 8}) {
    SCOPED_TRACE(m);
    Structured s = structured(m, m / 2 + 3, 5);
    CoordinatePartition p;
    ASSERT_TRUE(partitionCoordinates(s.Phi_q, p));
    DependentJacobian J;
    J.setPartition(m, int(s.Phi_q.cols()), s.blocks, p.dependent);
    s.Phi_q.col(p.dependent[1]).setZero();
    EXPECT_FALSE(J.factorize(s.Phi_q));
  }
}

}  // namespace
}  // namespace mbw
