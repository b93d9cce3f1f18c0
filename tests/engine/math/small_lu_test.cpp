// The small dense LU (math/small_lu.h): solves and transposed solves against Eigen's LU on dense
// and mostly-zero matrices (the nonzero lists must not lose fill-in or pivoting swaps), singular
// matrices refused, and the condition estimate: a lower bound of cond_1 within a small factor of
// it, and the same number as KLU's klu_condest on the same matrix (the same algorithm).

#include "math/small_lu.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>

#include "math/sparse_lu.h"

namespace mbw {
namespace {

// a random n x n matrix with about `density` of its entries nonzero, diagonal included where
// `diagonal` (otherwise pivoting is needed from the first column)
MatrixXd randomMatrix(std::mt19937& rng, int n, double density, bool diagonal) {
  std::uniform_real_distribution<double> u(-1.0, 1.0), pick(0.0, 1.0);
  MatrixXd A = MatrixXd::Zero(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (pick(rng) < density) A(i, j) = u(rng);
  if (diagonal) {
    A.diagonal().array() += 2.0;
  } else {
    A.col(0).setZero();  // the first pivot is the last row
    A(n - 1, 0) = 1.5;
  }
  return A;
}

// the matrix copied into the factorization's own storage (column-major), factorized
SmallLu factorized(const MatrixXd& A) {
  SmallLu lu;
  lu.resize(int(A.rows()));
  Eigen::Map<MatrixXd>(lu.matrix(), A.rows(), A.cols()) = A;
  EXPECT_TRUE(lu.factorize());
  return lu;
}

TEST(SmallLu, SolvesAsEigensLuOnDenseAndSparseMatrices) {
  std::mt19937 rng(11);
  for (int n : {1, 2, 5, 12, 24}) {
    // dense or about 30 % filled, each with and without a diagonal to pivot on
    for (double density : {1.0, 0.3}) {
      for (bool diagonal : {true, false}) {
        const MatrixXd A = randomMatrix(rng, n, density, diagonal);
        // Eigen's full-pivoting LU as the reference; singular draws skipped
        Eigen::FullPivLU<MatrixXd> reference(A);
        if (reference.rank() < n) continue;
        const SmallLu lu = factorized(A);
        // three right-hand sides, plain and transposed, to round-off relative to the solution
        MatrixXd B = MatrixXd::Random(n, 3), X = B, Y = B;
        lu.solveInPlace(X.data(), 3);
        lu.solveTransposedInPlace(Y.data(), 3);
        const double scale = reference.solve(B).cwiseAbs().maxCoeff();
        EXPECT_LT((X - reference.solve(B)).cwiseAbs().maxCoeff(), 1e-12 * (1.0 + scale))
            << "n " << n << " density " << density;
        EXPECT_LT((A.transpose() * Y - B).cwiseAbs().maxCoeff(), 1e-12 * (1.0 + scale))
            << "n " << n << " density " << density;
        // right-hand sides with a leading dimension larger than n
        MatrixXd padded = MatrixXd::Zero(n + 3, 2);
        padded.topRows(n) = B.leftCols(2);
        lu.solveInPlace(padded.data(), 2, n + 3);
        EXPECT_LT((padded.topRows(n) - X.leftCols(2)).cwiseAbs().maxCoeff(), 1e-14 * (1.0 + scale));
        EXPECT_TRUE(padded.bottomRows(3).isZero());
      }
    }
  }
}

TEST(SmallLu, RefusesSingularMatrices) {
  // a 3 x 3 system written in place in the factorization's storage
  SmallLu lu;
  lu.resize(3);
  Eigen::Map<MatrixXd> A(lu.matrix(), 3, 3);
  A << 1, 2, 3, 2, 4, 6, 0, 1, 1;  // row 2 = 2 row 1
  EXPECT_FALSE(lu.factorize());
  EXPECT_EQ(lu.conditionEstimate(), INFINITY);
  // a NaN entry is refused as well
  A << 1, 2, 3, 0, 1, 1, 1, 2, NAN;
  EXPECT_FALSE(lu.factorize());
}

TEST(SmallLu, ConditionEstimateAsKlus) {
  std::mt19937 rng(5);
  for (int n : {2, 6, 12, 20}) {
    for (int k = 0; k < 5; ++k) {
      MatrixXd A = randomMatrix(rng, n, 0.5, true);
      A.row(0) *= 1e3;  // badly scaled: a condition number worth estimating
      SmallLu lu = factorized(A);
      const double estimate = lu.conditionEstimate();
      // the exact cond_1 = |A|_1 |A^-1|_1 from the inverse: the estimate bounds it from below
      const double exact = A.cwiseAbs().colwise().sum().maxCoeff() *
                           A.inverse().cwiseAbs().colwise().sum().maxCoeff();
      // a lower bound to round-off and, on these matrices, within a factor 3
      EXPECT_LE(estimate, exact * (1.0 + 1e-10)) << "n " << n;
      EXPECT_GE(estimate, exact / 3.0) << "n " << n;
      // KLU on the same matrix, all entries stored
      std::vector<int> Ap(n + 1), Ai;
      std::vector<double> Ax;
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
          Ai.push_back(i);
          Ax.push_back(A(i, j));
        }
        Ap[j + 1] = int(Ai.size());
      }
      SparseLu klu;
      klu.analyze(n, Ap.data(), Ai.data());
      ASSERT_TRUE(klu.factorize(Ax.data()));
      EXPECT_NEAR(estimate, klu.conditionEstimate(), 1e-9 * estimate) << "n " << n;
    }
  }
}

}  // namespace
}  // namespace mbw
