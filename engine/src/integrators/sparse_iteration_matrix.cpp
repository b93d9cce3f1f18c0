#include "integrators/sparse_iteration_matrix.h"

#include "statespace/body_block_matrix.h"

namespace mbw {
namespace {

using Block = BodyBlockMatrix::Block;

// index in A's values of every stored entry of a block placed at (row0, col0), transposed or not
std::vector<int> placeIn(const SparseMatrixXd& A, const SparseMatrixXd& block, int row0, int col0,
                         bool transposed) {
  std::vector<int> where;
  where.reserve(block.nonZeros());
  // each stored entry of the block, column by column
  for (int c = 0; c < block.outerSize(); ++c)
    for (SparseMatrixXd::InnerIterator it(block, c); it; ++it) {
      // the entry's place in A: found by binary search in its column's sorted row indices
      const int row = row0 + (transposed ? c : it.row()), col = col0 + (transposed ? it.row() : c);
      const int* begin = A.innerIndexPtr() + A.outerIndexPtr()[col];
      const int* end = A.innerIndexPtr() + A.outerIndexPtr()[col + 1];
      where.push_back(static_cast<int>(std::lower_bound(begin, end, row) - A.innerIndexPtr()));
    }
  return where;
}

}  // namespace

SparseIterationMatrix::SparseIterationMatrix(const Formulation& f, bool regularized)
    : nv_(f.velocitySize()), nc_(f.constraintSize()), scaled_(VectorXd::Zero(nv_)) {
  // the patterns of the blocks, from the bodies each primitive and force element couples
  const int V = f.bodyVelocitySize();
  const std::vector<Block> coupling = bodyCouplingBlocks(f.model(), V);
  const std::vector<Block> rows = constraintRowBlocks(f);
  // M block diagonal, K and C over the couplings, Phi_q (and its tangent form) by rows
  mass_ = blockPattern(nv_, nv_, blockDiagonalBlocks(f.model(), V));
  stiffness_ = blockPattern(nv_, nv_, coupling);
  damping_ = stiffness_;
  jacobian_ = blockPattern(nc_, nv_, rows);
  tangentJacobian_ = jacobian_;

  // A's pattern: coupling top left, Phi_q below it, its transpose to the right (and the diagonal
  // of the second block of a regularized matrix)
  std::vector<Block> all = coupling;
  for (const Block& b : rows) {
    all.push_back({nv_ + b.row, b.col, b.rows, b.cols});
    all.push_back({b.col, nv_ + b.row, b.cols, b.rows});
  }
  if (regularized)
    for (int r = 0; r < nc_; ++r) all.push_back({nv_ + r, nv_ + r, 1, 1});
  matrix_ = blockPattern(nv_ + nc_, nv_ + nc_, all);
  // where the regularized diagonal lands in A's values
  if (regularized)
    for (int r = 0; r < nc_; ++r) {
      // each diagonal entry found by binary search in its column
      const int col = nv_ + r;
      const int* begin = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[col];
      const int* end = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[col + 1];
      diagonalInA_.push_back(
          static_cast<int>(std::lower_bound(begin, end, col) - matrix_.innerIndexPtr()));
    }
  // where each block's entries land in A, found once so that forming A is a scatter
  massInA_ = placeIn(matrix_, mass_, 0, 0, false);
  couplingInA_ = placeIn(matrix_, stiffness_, 0, 0, false);
  jacobianInA_ = placeIn(matrix_, jacobian_, nv_, 0, false);
  transposeInA_ = placeIn(matrix_, jacobian_, 0, nv_, true);
  // KLU orders the fixed pattern once
  lu_.analyze(nv_ + nc_, matrix_.outerIndexPtr(), matrix_.innerIndexPtr());
}

MatrixSink SparseIterationMatrix::cleared(SparseMatrixXd& block) {
  // the values zeroed, the pattern kept, the misses counted
  std::fill(block.valuePtr(), block.valuePtr() + block.nonZeros(), 0.0);
  target_.matrix = &block;
  return MatrixSink(target_);
}

void SparseIterationMatrix::assemblePositionBlocks(const Formulation& f) {
  // M and Phi_q in their patterns
  target_.missed = 0;
  f.massMatrix(cleared(mass_));
  f.constraintJacobian(cleared(jacobian_));
  missed_ = target_.missed;
}

void SparseIterationMatrix::dynamicsResidual(const VectorXd& a, const VectorXd& lambda,
                                             const VectorXd& Q, double w,
                                             Eigen::Ref<VectorXd> r1) const {
  // r1 = M a + w (Phi_q^T lambda - Q)
  r1.noalias() = jacobian_.transpose() * lambda;
  r1 -= Q;
  r1 *= w;
  r1.noalias() += mass_ * a;
}

void SparseIterationMatrix::assembleDerivatives(const Formulation& f, const VectorXd& a,
                                                const VectorXd& lambda, double w,
                                                const VectorXd* tangent) {
  // K and C with the inertial term scaled by 1/w, so that w multiplies only the forces
  scaled_ = a / w;
  target_.missed = 0;
  // K from the position derivatives, C from the velocity derivatives, each weighted w
  f.dynamicsJacobian(scaled_, lambda, w, 0.0, cleared(stiffness_));
  f.dynamicsJacobian(scaled_, lambda, 0.0, w, cleared(damping_));
  missed_ += target_.missed;
  // Phi_q, then K and Phi_q through the increment's tangent map where the scheme asks
  std::copy(jacobian_.valuePtr(), jacobian_.valuePtr() + jacobian_.nonZeros(),
            tangentJacobian_.valuePtr());
  if (tangent) {
    f.applyIncrementTangent(*tangent, stiffness_);
    f.applyIncrementTangent(*tangent, tangentJacobian_);
  }
}

bool SparseIterationMatrix::factorize(double cq, double cv, double w, double massScale,
                                      double delta) {
  // A(cq, cv): every entry of A is the image of exactly one entry of K and C or of Phi_q, and the
  // block diagonal M adds to some of them
  double* A = matrix_.valuePtr();
  const double *k = stiffness_.valuePtr(), *c = damping_.valuePtr(), *m = mass_.valuePtr();
  // cq K + cv C into the coupling entries, then M added on its diagonal blocks
  for (size_t i = 0; i < couplingInA_.size(); ++i) A[couplingInA_[i]] = cq * k[i] + cv * c[i];
  for (size_t i = 0; i < massInA_.size(); ++i) A[massInA_[i]] += massScale * m[i];
  const double *j = jacobian_.valuePtr(), *jt = tangentJacobian_.valuePtr();
  // Phi_q (through the tangent map) below, w Phi_q^T to the right
  for (size_t i = 0; i < jacobianInA_.size(); ++i) {
    A[jacobianInA_[i]] = jt[i];
    A[transposeInA_[i]] = w * j[i];
  }
  // -delta on the regularized diagonal
  for (int where : diagonalInA_) A[where] = -delta;
  return lu_.factorize(A);
}

bool SparseIterationMatrix::factorizeProjection(double delta) {
  // M in the coupling pattern, Phi_q below and its transpose to the right, -delta on the diagonal
  double* A = matrix_.valuePtr();
  // the coupling entries cleared, then M added
  for (int where : couplingInA_) A[where] = 0.0;
  const double *m = mass_.valuePtr(), *j = jacobian_.valuePtr();
  for (size_t i = 0; i < massInA_.size(); ++i) A[massInA_[i]] += m[i];
  for (size_t i = 0; i < jacobianInA_.size(); ++i) A[jacobianInA_[i]] = A[transposeInA_[i]] = j[i];
  for (int where : diagonalInA_) A[where] = -delta;
  return lu_.factorize(A);
}

void SparseIterationMatrix::solveInPlace(VectorXd& x) { lu_.solveInPlace(x.data()); }

// entries assembled outside the pattern are counted, not stored: the Newton solve stops with this
// reason rather than go on with a wrong matrix
std::string SparseIterationMatrix::assemblyFault() const {
  if (missed_ == 0) return {};
  return "the sparse Newton matrix's pattern misses " + std::to_string(missed_) +
         " assembled entries (a coupling the model's topology does not show; use --linear-solver "
         "dense)";
}

}  // namespace mbw
