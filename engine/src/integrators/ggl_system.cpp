#include "integrators/ggl_system.h"

#include <algorithm>

#include "statespace/body_block_matrix.h"

namespace mbw {
namespace {

using Block = BodyBlockMatrix::Block;

// index in A's values of the entry (row, col) of its pattern
int entryOf(const SparseMatrixXd& A, int row, int col) {
  const int* begin = A.innerIndexPtr() + A.outerIndexPtr()[col];
  const int* end = A.innerIndexPtr() + A.outerIndexPtr()[col + 1];
  return static_cast<int>(std::lower_bound(begin, end, row) - A.innerIndexPtr());
}

// blocks moved to (row0, col0), transposed or not
void place(std::vector<Block>& all, const std::vector<Block>& blocks, int row0, int col0,
           bool transposed = false) {
  for (const Block& b : blocks)
    all.push_back(transposed ? Block{row0 + b.col, col0 + b.row, b.cols, b.rows}
                             : Block{row0 + b.row, col0 + b.col, b.rows, b.cols});
}

}  // namespace

GglSystem::GglSystem(Formulation& formulation)
    : f_(formulation), nv_(formulation.velocitySize()), nc_(formulation.constraintSize()) {
  // the blocks' patterns from the bodies each primitive and force element couples
  const Model& model = f_.model();
  const int V = f_.bodyVelocitySize(), n = nv_, m = nc_;
  const std::vector<Block> coupling = bodyCouplingBlocks(model, V);
  const std::vector<Block> diagonal = blockDiagonalBlocks(model, V);
  const std::vector<Block> rows = constraintRowBlocks(f_);
  // M's and Phi_q's own patterns, for the residual
  mass_ = blockPattern(n, n, diagonal);
  jacobian_ = blockPattern(m, n, rows);

  // J's pattern, block by block in the order of the header's matrix
  std::vector<Block> all;
  // first block row (q): cj I + H(mu), -I, Phi_q^T
  place(all, coupling, 0, 0);
  place(all, diagonal, 0, n);
  place(all, rows, 0, 2 * n + m, true);
  // second (v): Kq, cj M + Kv, Phi_q^T
  place(all, coupling, n, 0);
  place(all, coupling, n, n);
  place(all, rows, n, 2 * n, true);
  // third (lambda): R, Phi_q
  place(all, rows, 2 * n, 0);
  place(all, rows, 2 * n, n);
  // fourth (mu): Phi_q
  place(all, rows, 2 * n + m, 0);
  matrix_ = blockPattern(size(), size(), all);
  // where the identity blocks of the first block row land in the values
  for (int i = 0; i < n; ++i) {
    diagonal_.push_back(entryOf(matrix_, i, i));
    minusIdentity_.push_back(entryOf(matrix_, i, n + i));
  }
  // work vectors sized once: residuals and Jacobians allocate nothing
  for (VectorXd* x : {&q_, &v_, &vdot_, &Q_}) x->setZero(n);
  for (VectorXd* x : {&lambda_, &mu_, &lambdaMu_, &nuT_, &gammaT_}) x->setZero(m);
}

void GglSystem::pack(const State& s, double* y, double* yp) const {
  // y = (q, v, lambda, mu = 0), y' = (v, vdot, 0, 0): consistent, so that F = 0 at the start
  const int n = nv_, m = nc_;
  Eigen::Map<VectorXd> Y(y, size()), YP(yp, size());
  Y << s.q, s.v, s.lambda, VectorXd::Zero(m);
  YP.setZero();
  YP.head(n) = s.v;
  YP.segment(n, n) = s.vdot;
}

void GglSystem::unpack(double t, const double* y, const double* yp, State& s) const {
  const int n = nv_, m = nc_;
  // the state from y, its accelerations from y'
  s.t = t;
  s.q = Eigen::Map<const VectorXd>(y, n);
  s.v = Eigen::Map<const VectorXd>(y + n, n);
  s.lambda = Eigen::Map<const VectorXd>(y + 2 * n, m);
  s.vdot = Eigen::Map<const VectorXd>(yp + n, n);
}

MatrixSink GglSystem::sink(SparseMatrixXd& matrix, int row, int col) {
  // a sink into the matrix at (row, col), counting the entries its pattern misses
  target_.matrix = &matrix;
  return MatrixSink(target_, row, col);
}

std::string GglSystem::load(double t, const double* y) {
  // q, v, lambda, mu from y into the formulation; a pose singular for its coordinates stops there
  const int n = nv_, m = nc_;
  q_ = Eigen::Map<const VectorXd>(y, n);
  v_ = Eigen::Map<const VectorXd>(y + n, n);
  lambda_ = Eigen::Map<const VectorXd>(y + 2 * n, m);
  mu_ = Eigen::Map<const VectorXd>(y + 2 * n + m, m);
  f_.computePositions(t, q_);
  std::string singular = f_.coordinateSingularity();
  if (singular.empty()) f_.computeVelocities(v_);
  return singular;
}

std::string GglSystem::fault() const {
  if (missed_ == 0) return {};
  return "the sparse GGL matrix's pattern misses " + std::to_string(missed_) +
         " assembled entries (a coupling the model's topology does not show)";
}

std::string GglSystem::residual(double t, const double* y, const double* yp, double* F) {
  const int n = nv_, m = nc_;
  std::string singular = load(t, y);
  if (!singular.empty()) return singular;
  f_.generalizedForces(Q_);
  // M and Phi_q in their patterns
  std::fill(mass_.valuePtr(), mass_.valuePtr() + mass_.nonZeros(), 0.0);
  std::fill(jacobian_.valuePtr(), jacobian_.valuePtr() + jacobian_.nonZeros(), 0.0);
  target_.missed = 0;
  f_.massMatrix(sink(mass_, 0, 0));
  f_.constraintJacobian(sink(jacobian_, 0, 0));
  missed_ = target_.missed;

  // the four residual blocks
  Eigen::Map<VectorXd> Fq(F, n), Fv(F + n, n), Fl(F + 2 * n, m), Fm(F + 2 * n + m, m);
  const Eigen::Map<const VectorXd> qp(yp, n), vp(yp + n, n);
  // F_q = q' - v + Phi_q^T mu
  Fq.noalias() = jacobian_.transpose() * mu_;
  Fq += qp - v_;
  // F_v = M v' + Phi_q^T lambda - Q (Kissel et al. 2021 eq 31)
  Fv.noalias() = jacobian_.transpose() * lambda_;
  Fv.noalias() += mass_ * vp;
  Fv -= Q_;
  // F_l = Phi_q v - nu, F_m = Phi
  Fl.noalias() = jacobian_ * v_;
  Fl -= f_.velocityRhs();
  Fm = f_.constraints();
  return fault();
}

std::string GglSystem::jacobian(double t, double cj, const double* y, const double* yp) {
  const int n = nv_, m = nc_;
  std::string singular = load(t, y);
  if (!singular.empty()) return singular;
  // the values zeroed, the pattern kept
  vdot_ = Eigen::Map<const VectorXd>(yp + n, n);
  std::fill(matrix_.valuePtr(), matrix_.valuePtr() + matrix_.nonZeros(), 0.0);
  target_.missed = 0;

  // first block row: cj I + H(mu), -I, Phi_q^T; H(mu) as the change of the reaction forces'
  // derivative from lambda to lambda + mu (dynamicsJacobian is affine in lambda)
  if (!mu_.isZero(0.0)) {
    lambdaMu_ = lambda_ + mu_;
    f_.dynamicsJacobian(vdot_, lambdaMu_, 1.0, 0.0, sink(matrix_, 0, 0));
    f_.dynamicsJacobian(vdot_, lambda_, 1.0, 0.0, sink(matrix_, 0, 0).scaled(-1.0));
  }
  // cj on the diagonal of the first block, -I beside it
  double* values = matrix_.valuePtr();
  for (int i = 0; i < n; ++i) {
    values[diagonal_[i]] += cj;
    values[minusIdentity_[i]] -= 1.0;
  }
  // Phi_q^T in the last column of the first block row
  f_.constraintJacobian(sink(matrix_, 2 * n + m, 0).transposed());

  // second: Kq, cj M + Kv, Phi_q^T
  f_.dynamicsJacobians(vdot_, lambda_, sink(matrix_, n, 0), sink(matrix_, n, n));
  f_.massMatrix(sink(matrix_, n, n).scaled(cj));
  f_.constraintJacobian(sink(matrix_, 2 * n, n).transposed());

  // third: R = d/dq (Phi_q v) - nu_q, Phi_q (the gamma derivatives are not needed: weight 0)
  f_.constraintHessianProduct(v_, sink(matrix_, 2 * n, 0));
  const MatrixSink unused = sink(matrix_, 2 * n, 0).scaled(0.0);
  f_.constraintRhsDerivatives(sink(matrix_, 2 * n, 0).scaled(-1.0), unused, unused, nuT_, gammaT_);
  f_.constraintJacobian(sink(matrix_, 2 * n, n));

  // fourth: Phi_q
  f_.constraintJacobian(sink(matrix_, 2 * n + m, 0));
  missed_ = target_.missed;
  return fault();
}

}  // namespace mbw
