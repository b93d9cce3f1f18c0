#pragma once
// The index-3 Newton matrix in dense storage (iteration_matrix.h), for small models where a dense
// LU beats the bookkeeping of a sparse one.

#include <Eigen/LU>

#include "integrators/iteration_matrix.h"

namespace mbw {

class DenseIterationMatrix final : public IterationMatrix {
 public:
  explicit DenseIterationMatrix(const Formulation& f);

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
  MatrixXd formed() const override { return matrix_; }
  LinearSolverKind kind() const override { return LinearSolverKind::Dense; }

 private:
  int nv_, nc_;
  MatrixXd mass_, jacobian_;                        // M (nv x nv), Phi_q (nc x nv)
  MatrixXd stiffness_, damping_, tangentJacobian_;  // K, C (nv x nv), Phi_q T (nc x nv)
  VectorXd scaled_;                                 // a / w (nv)
  MatrixXd matrix_;                                 // A (nv + nc square)
  Eigen::PartialPivLU<MatrixXd> lu_;
};

}  // namespace mbw
