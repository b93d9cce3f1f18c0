// Generalized coordinate partitioning (statespace/coordinate_partition.h, Sandu et al. 2001 eqs
// (4)-(6)): full pivoting takes the largest remaining entry's column as the next dependent
// coordinate, the independent ones are the rest in ascending order, Phi_u is nonsingular and the
// smallest pivot is reported relative to the largest entry; rank-deficient, zero or wide-side-up
// Jacobians are refused and leave the partition as it was.

#include "statespace/coordinate_partition.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <algorithm>
#include <random>

namespace mbw {
namespace {

// full pivoting picks the largest remaining entry after elimination, not in the original matrix:
// the choice that keeps Phi_u well conditioned
TEST(CoordinatePartition, PivotsOnTheLargestRemainingEntry) {
  // the first pivot is row 1's 3 (column 1), then row 2's 1 (column 0); the columns left are the
  // independent coordinates; the smallest pivot is given relative to the largest, 1/3
  MatrixXd Phi(2, 4);
  Phi << 0, 3, 0, 1,  //
      1, 0, 0, 0.5;
  CoordinatePartition p;
  ASSERT_TRUE(partitionCoordinates(Phi, p));
  EXPECT_EQ(p.dependent, (std::vector<int>{1, 0}));
  EXPECT_EQ(p.independent, (std::vector<int>{2, 3}));
  EXPECT_DOUBLE_EQ(p.smallestPivot, 1.0 / 3.0);
  // after eliminating column 1 the second row's largest entry is no longer the first one
  MatrixXd coupled(2, 3);
  coupled << 4, 2, 0,  //
      2, 1.1, 0.5;     // minus half the first row: (0, 0.1, 0.5)
  ASSERT_TRUE(partitionCoordinates(coupled, p));
  EXPECT_EQ(p.dependent, (std::vector<int>{0, 2}));
  EXPECT_EQ(p.independent, (std::vector<int>{1}));
  EXPECT_NEAR(p.smallestPivot, 0.5 / 4.0, 1e-15);
}

// for any full-rank Jacobian the partition splits the columns exactly once, with Phi_u regular, so
// the dependent coordinates are functions of the independent ones
TEST(CoordinatePartition, RandomJacobiansGiveANonsingularPhiU) {
  // twenty random m x n Jacobians of full row rank: m dependent and n - m independent
  // coordinates, every column in exactly one set, the independent ones in order, Phi_u regular
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const int m = 1 + trial % 7, n = m + 1 + trial % 5;
    const MatrixXd Phi = MatrixXd::NullaryExpr(m, n, [&] { return u(rng); });
    CoordinatePartition p;
    ASSERT_TRUE(partitionCoordinates(Phi, p));
    ASSERT_EQ(int(p.dependent.size()), m);
    ASSERT_EQ(int(p.independent.size()), n - m);
    EXPECT_TRUE(std::is_sorted(p.independent.begin(), p.independent.end()));
    std::vector<int> all = p.dependent;
    all.insert(all.end(), p.independent.begin(), p.independent.end());
    std::sort(all.begin(), all.end());
    for (int j = 0; j < n; ++j) EXPECT_EQ(all[j], j);
    MatrixXd Phi_u(m, m);
    for (int j = 0; j < m; ++j) Phi_u.col(j) = Phi.col(p.dependent[j]);
    EXPECT_GT(std::abs(Phi_u.determinant()), 1e-6);
    EXPECT_GT(p.smallestPivot, 0.0);
    EXPECT_LE(p.smallestPivot, 1.0);
  }
}

// without full row rank no Phi_u can be inverted: refused, the previous partition kept
TEST(CoordinatePartition, RankDeficientJacobiansAreRefused) {
  // a rank-deficient matrix, a zero one and one with more rows than columns are refused and leave
  // the partition as it was
  CoordinatePartition before;
  MatrixXd Phi(2, 3);
  Phi << 1, 0, 2,  //
      0, 1, 1;
  ASSERT_TRUE(partitionCoordinates(Phi, before));
  CoordinatePartition p = before;
  MatrixXd twice(2, 3);
  twice << 1, 2, 3,  //
      2, 4, 6;
  EXPECT_FALSE(partitionCoordinates(twice, p));
  EXPECT_EQ(p, before) << "untouched";
  EXPECT_FALSE(partitionCoordinates(MatrixXd::Zero(2, 3), p));
  EXPECT_FALSE(partitionCoordinates(MatrixXd::Ones(3, 2), p)) << "more rows than columns";
  // a pivot below the relative tolerance
  MatrixXd nearly(2, 3);
  nearly << 1, 0, 0,  //
      0, 1e-11, 0;
  EXPECT_FALSE(partitionCoordinates(nearly, p));
  EXPECT_TRUE(partitionCoordinates(nearly, p, 1e-12));
  EXPECT_NEAR(p.smallestPivot, 1e-11, 1e-25);
}

}  // namespace
}  // namespace mbw
