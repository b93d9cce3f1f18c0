// The sparse LU (math/sparse_lu.h, KLU): solves and transposed solves against Eigen's LU on sparse
// matrices stored by their nonzero pattern only, several right-hand sides at once; new values in
// the analyzed pattern refactorized (including values that spoil the previous pivot sequence, so
// that a fresh factorization is needed); singular matrices refused; and the condition estimate.

#include "math/sparse_lu.h"
#include "largest_entry.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>
#include <vector>

namespace mbw {
namespace {

// A matrix in compressed columns: the pattern of A's nonzero entries and their values.
struct Compressed {
  std::vector<int> Ap, Ai;
  std::vector<double> Ax;
};

// the pattern column by column, the exact zeros left out
Compressed compress(const MatrixXd& A) {
  Compressed c;
  c.Ap.push_back(0);
  for (int j = 0; j < A.cols(); ++j) {
    for (int i = 0; i < A.rows(); ++i)
      if (A(i, j) != 0.0) {
        c.Ai.push_back(i);
        c.Ax.push_back(A(i, j));
      }
    c.Ap.push_back(int(c.Ai.size()));
  }
  return c;
}

// a random sparse n x n matrix: a strong diagonal and about three entries per column off it
MatrixXd randomSparse(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> row(0, n - 1);
  MatrixXd A = MatrixXd::Zero(n, n);
  for (int j = 0; j < n; ++j) {
    A(j, j) = 4.0 + u(rng);
    for (int k = 0; k < 3; ++k)
      if (const int i = row(rng); i != j) A(i, j) = u(rng);
  }
  return A;
}

// sizes from a single entry to 120 unknowns
TEST(SparseLu, SolvesAndTransposedSolvesAsEigensLu) {
  std::mt19937 rng(3);
  for (int n : {1, 4, 30, 120}) {
    const MatrixXd A = randomSparse(rng, n);
    const Compressed c = compress(A);
    // the pattern analyzed once, then its values factorized
    SparseLu lu;
    lu.analyze(n, c.Ap.data(), c.Ai.data());
    EXPECT_EQ(lu.size(), n);
    ASSERT_TRUE(lu.factorize(c.Ax.data())) << "n " << n;
    const MatrixXd B = MatrixXd::Random(n, 3);
    MatrixXd X = B, Y = B;
    lu.solveInPlace(X.data(), 3);
    lu.solveTransposedInPlace(Y.data(), 3);
    // against Eigen's dense LU; the transposed solve by its residual
    const Eigen::PartialPivLU<MatrixXd> reference(A);
    EXPECT_LT(test::largestEntry(X - reference.solve(B)), 1e-12) << "n " << n;
    EXPECT_LT(test::largestEntry(A.transpose() * Y - B), 1e-12) << "n " << n;
    // one right-hand side by default
    VectorXd x = B.col(1);
    lu.solveInPlace(x.data());
    EXPECT_LT(test::largestEntry(x - X.col(1)), 1e-14) << "n " << n;
  }
}

TEST(SparseLu, NewValuesInTheSamePatternAreFactorizedAgain) {
  // a matrix factorized once, then new values in the same places
  std::mt19937 rng(8);
  const int n = 40;
  const MatrixXd A = randomSparse(rng, n);
  Compressed c = compress(A);
  SparseLu lu;
  lu.analyze(n, c.Ap.data(), c.Ai.data());
  ASSERT_TRUE(lu.factorize(c.Ax.data()));
  // values scaled and shifted: the previous pivot sequence still serves
  MatrixXd B = 2.0 * A;
  B.diagonal().array() += 1.0;
  c.Ax = compress(B).Ax;
  ASSERT_TRUE(lu.factorize(c.Ax.data()));
  // the new factors solve B: by the residual and against Eigen
  const VectorXd b = VectorXd::LinSpaced(n, -1.0, 1.0);
  VectorXd x = b;
  lu.solveInPlace(x.data());
  EXPECT_LT(test::largestEntry(B * x - b), 1e-12);
  EXPECT_LT(test::largestEntry(x - B.partialPivLu().solve(b)), 1e-12);
}

// every entry of A stored, zeros included: values may then move anywhere in the pattern
Compressed storeAll(const MatrixXd& A) {
  Compressed c;
  c.Ap.push_back(0);
  for (int j = 0; j < A.cols(); ++j) {
    for (int i = 0; i < A.rows(); ++i) {
      c.Ai.push_back(i);
      c.Ax.push_back(A(i, j));
    }
    c.Ap.push_back(int(c.Ai.size()));
  }
  return c;
}

TEST(SparseLu, ValuesThatSpoilThePivotSequenceAreFactorizedAfresh) {
  // diagonally dominant first: the pivots are the diagonal; then the rows swapped pairwise, so
  // that those pivots are zero while the matrix stays regular
  const int n = 6;
  MatrixXd A = MatrixXd::Identity(n, n) * 4.0;
  A(1, 0) = A(0, 1) = A(3, 2) = 1.0;
  MatrixXd P = MatrixXd::Zero(n, n);
  for (int i = 0; i < n; i += 2) {
    P.row(i) = A.row(i + 1);
    P.row(i + 1) = A.row(i);
  }
  P.diagonal().setZero();
  ASSERT_GT(std::abs(P.determinant()), 1.0);
  Compressed a = storeAll(A), p = storeAll(P);
  // first A's values, whose pivots (the diagonal) are zero in P
  SparseLu lu;
  lu.analyze(n, a.Ap.data(), a.Ai.data());
  ASSERT_TRUE(lu.factorize(a.Ax.data()));
  // then P's: the old pivot sequence fails, so P must be factorized afresh to be solved
  ASSERT_TRUE(lu.factorize(p.Ax.data()));
  const VectorXd b = VectorXd::LinSpaced(n, 1.0, 2.0);
  VectorXd x = b;
  lu.solveInPlace(x.data());
  EXPECT_LT(test::largestEntry(P * x - b), 1e-12);
  // and back to the first values
  ASSERT_TRUE(lu.factorize(a.Ax.data()));
  x = b;
  lu.solveInPlace(x.data());
  EXPECT_LT(test::largestEntry(A * x - b), 1e-12);
}

TEST(SparseLu, RefusesSingularMatricesAndEstimatesTheCondition) {
  // the third column a copy of the first
  MatrixXd A(3, 3);
  A << 1, 0, 1, 2, 1, 2, 0, 3, 0;
  Compressed c = compress(A);
  SparseLu lu;
  EXPECT_EQ(lu.conditionEstimate(), INFINITY) << "nothing factorized";
  // a singular matrix's pattern is analyzed, its values refused
  lu.analyze(3, c.Ap.data(), c.Ai.data());
  EXPECT_FALSE(lu.factorize(c.Ax.data()));
  // a regular diagonal matrix: cond_1 = largest / smallest
  MatrixXd D = MatrixXd::Zero(3, 3);
  D.diagonal() << 2.0, 1e-3, 5.0;
  c = compress(D);
  lu.analyze(3, c.Ap.data(), c.Ai.data());
  ASSERT_TRUE(lu.factorize(c.Ax.data()));
  EXPECT_NEAR(lu.conditionEstimate(), 5e3, 1e-9 * 5e3);
}

}  // namespace
}  // namespace mbw
