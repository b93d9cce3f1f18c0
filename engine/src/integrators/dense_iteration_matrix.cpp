#include "integrators/dense_iteration_matrix.h"

namespace mbw {

DenseIterationMatrix::DenseIterationMatrix(const Formulation& f)
    : nv_(f.velocitySize()), nc_(f.constraintSize()) {
  // the blocks and the matrix sized once: assembly and factorization allocate nothing
  mass_.setZero(nv_, nv_);
  stiffness_.setZero(nv_, nv_);
  damping_.setZero(nv_, nv_);
  jacobian_.setZero(nc_, nv_);
  tangentJacobian_.setZero(nc_, nv_);
  scaled_.setZero(nv_);
  matrix_.setZero(nv_ + nc_, nv_ + nc_);
  lu_ = Eigen::PartialPivLU<MatrixXd>(nv_ + nc_);
}

void DenseIterationMatrix::assemblePositionBlocks(const Formulation& f) {
  // M and Phi_q at the formulation's positions
  mass_.setZero();
  jacobian_.setZero();
  f.massMatrix(MatrixSink(mass_));
  f.constraintJacobian(MatrixSink(jacobian_));
}

void DenseIterationMatrix::dynamicsResidual(const VectorXd& a, const VectorXd& lambda,
                                            const VectorXd& Q, double w,
                                            Eigen::Ref<VectorXd> r1) const {
  // r1 = M a + w (Phi_q^T lambda - Q)
  r1.noalias() = jacobian_.transpose() * lambda;
  r1 -= Q;
  r1 *= w;
  r1.noalias() += mass_ * a;
}

void DenseIterationMatrix::assembleDerivatives(const Formulation& f, const VectorXd& a,
                                               const VectorXd& lambda, double w,
                                               const VectorXd* tangent) {
  // K and C with the inertial term scaled by 1/w, so that w multiplies only the forces
  scaled_ = a / w;
  stiffness_.setZero();
  damping_.setZero();
  // K from the position derivatives, C from the velocity derivatives, each weighted w
  f.dynamicsJacobian(scaled_, lambda, w, 0.0, MatrixSink(stiffness_));
  f.dynamicsJacobian(scaled_, lambda, 0.0, w, MatrixSink(damping_));
  // Phi_q, then K and Phi_q through the increment's tangent map where the scheme asks
  tangentJacobian_ = jacobian_;
  if (tangent) {
    f.applyIncrementTangent(*tangent, stiffness_);
    f.applyIncrementTangent(*tangent, tangentJacobian_);
  }
}

bool DenseIterationMatrix::factorize(double cq, double cv, double w, double massScale,
                                     double delta) {
  // A(cq, cv) from the blocks, then a dense LU with partial pivoting
  matrix_.topLeftCorner(nv_, nv_) = massScale * mass_ + cq * stiffness_ + cv * damping_;
  matrix_.topRightCorner(nv_, nc_) = w * jacobian_.transpose();
  matrix_.bottomLeftCorner(nc_, nv_) = tangentJacobian_;
  matrix_.bottomRightCorner(nc_, nc_).diagonal().setConstant(-delta);
  // singular when U has a zero on its diagonal
  lu_.compute(matrix_);
  return (lu_.matrixLU().diagonal().array() != 0.0).all();
}

bool DenseIterationMatrix::factorizeProjection(double delta) {
  // [M, Phi_q^T; Phi_q, -delta I] from the position blocks alone
  matrix_.topLeftCorner(nv_, nv_) = mass_;
  matrix_.topRightCorner(nv_, nc_) = jacobian_.transpose();
  matrix_.bottomLeftCorner(nc_, nv_) = jacobian_;
  matrix_.bottomRightCorner(nc_, nc_).diagonal().setConstant(-delta);
  // singular when U has a zero on its diagonal
  lu_.compute(matrix_);
  return (lu_.matrixLU().diagonal().array() != 0.0).all();
}

// x <- A^-1 x from the kept factors
void DenseIterationMatrix::solveInPlace(VectorXd& x) { x = lu_.solve(x); }

}  // namespace mbw
