#pragma once
// Phi_u, the constraint Jacobian restricted to the dependent coordinates (Sandu et al. 2001 eq 5),
// and its LU factorization, the matrix at the heart of the state-space method: dependent positions
// by Newton, dependent velocities, the tangent basis H = -Phi_u^-1 Phi_v (eq 28a), multipliers from
// eq (7b). Up to kDenseLimit rows Phi_u is factorized dense (SmallLu: at 12 rows, the two
// pendulums, a factorization and its solves cost a fraction of KLU's bookkeeping); above, sparse
// (SparseLu, KLU), whose pattern is ordered once per partition and refilled at each
// factorization. cond_1(Phi_u) (Hager's estimate, the same algorithm in both) drives the
// repartitioning test of section 4.

#include <vector>

#include "math/small_lu.h"
#include "math/sparse_lu.h"
#include "statespace/body_block_matrix.h"

namespace mbw {

class DependentJacobian {
 public:
  static constexpr int kDenseLimit = 32;  // largest Phi_u factorized dense

  // structure: the nonzero blocks of Phi_q (m x n); dependent: mu
  void setPartition(int rows, int cols, const std::vector<BodyBlockMatrix::Block>& structure,
                    const std::vector<int>& dependent);
  // takes the dependent columns of Phi_q and factorizes; false when Phi_u is singular
  bool factorize(const MatrixXd& Phi_q);

  // B := Phi_u^-1 B, or Phi_u^-T B (B: m rows)
  void solveInPlace(MatrixXd& B);
  void solveInPlace(VectorXd& b);
  void solveTransposedInPlace(MatrixXd& B);
  void solveTransposedInPlace(VectorXd& b);

  // estimate of cond_1(Phi_u) at the last factorization
  double conditionEstimate() {
    return dense_ ? small_.conditionEstimate() : lu_.conditionEstimate();
  }

  int size() const { return m_; }
  long factorizations() const { return factorizations_; }

 private:
  bool dense_ = false;
  SmallLu small_;
  SparseLu lu_;
  int m_ = 0;
  std::vector<int> Ap_, Ai_;
  std::vector<double> Ax_;
  std::vector<int> source_;     // index in Phi_q's (column-major) storage of each value of Ax
  std::vector<int> dependent_;  // mu (dense: the columns of Phi_q copied into Phi_u)
  long factorizations_ = 0;
};

}  // namespace mbw
