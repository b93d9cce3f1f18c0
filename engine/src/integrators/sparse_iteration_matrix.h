#pragma once
// The index-3 Newton matrix in compressed sparse columns (iteration_matrix.h). Its pattern comes
// from the model's topology once per run: the body blocks that a primitive or a force element
// couples (K, C), the diagonal body blocks (M), the constraint rows over the blocks of their
// bodies (Phi_q). Forming A(cq, cv) is one pass over the stored values through index maps
// computed once; KLU orders A's pattern once and refactorizes at every update.

#include <vector>

#include "integrators/iteration_matrix.h"
#include "math/sparse_lu.h"

namespace mbw {

class SparseIterationMatrix final : public IterationMatrix {
 public:
  // regularized: the pattern holds the diagonal of the second block (for delta > 0)
  explicit SparseIterationMatrix(const Formulation& f, bool regularized = false);

  void assemblePositionBlocks(const Formulation& f) override;
  void dynamicsResidual(const VectorXd& a, const VectorXd& lambda, const VectorXd& Q, double w,
                        Eigen::Ref<VectorXd> r1) const override;
  void assembleDerivatives(const Formulation& f, const VectorXd& a, const VectorXd& lambda,
                           double w, const VectorXd* tangent) override;
  bool factorize(double cq, double cv, double w, double massScale = 1.0,
                 double delta = 0.0) override;
  bool factorizeProjection(double delta) override;
  void solveInPlace(VectorXd& x) override;
  void multiply(const VectorXd& x, VectorXd& out) const override { out.noalias() = matrix_ * x; }
  void constraintProduct(const VectorXd& x, VectorXd& out) const override {
    out.noalias() = jacobian_ * x;
  }
  MatrixXd formed() const override { return MatrixXd(matrix_); }
  LinearSolverKind kind() const override { return LinearSolverKind::Sparse; }
  std::string assemblyFault() const override;

  long nonZeros() const { return matrix_.nonZeros(); }

 private:
  // sets every stored value of a block to zero and returns a sink that adds into it
  MatrixSink cleared(SparseMatrixXd& block);

  int nv_, nc_;
  SparseMatrixXd mass_;                          // M, block diagonal (nv x nv)
  SparseMatrixXd stiffness_, damping_;           // K, C in the coupling pattern (nv x nv)
  SparseMatrixXd jacobian_, tangentJacobian_;    // Phi_q, Phi_q T in the rows' pattern (nc x nv)
  SparseMatrixXd matrix_;                        // A (nv + nc square)
  std::vector<int> massInA_, couplingInA_;       // where each entry of M, of K and C sits in A
  std::vector<int> jacobianInA_, transposeInA_;  // where each Phi_q entry sits, below and right
  std::vector<int> diagonalInA_;                 // the second block's diagonal (regularized only)
  VectorXd scaled_;                              // a / w (nv)
  SparseTarget target_;                          // the block being assembled
  long missed_ = 0;                              // entries of the last assembly outside the pattern
  SparseLu lu_;
};

}  // namespace mbw
