#include "statespace/dependent_jacobian.h"

#include <algorithm>
#include <cstring>

namespace mbw {

void DependentJacobian::setPartition(int rows, int cols,
                                     const std::vector<BodyBlockMatrix::Block>& structure,
                                     const std::vector<int>& dependent) {
  m_ = static_cast<int>(dependent.size());
  dependent_ = dependent;
  // up to kDenseLimit rows the dense LU; above, KLU on the pattern of the dependent columns
  dense_ = m_ <= kDenseLimit;
  // each solve by the factorization in use
  if (dense_) {
    small_.resize(m_);
    return;
  }
  // sparse: the pattern of Phi_u, the dependent columns of Phi_q's body blocks
  std::vector<int> column(cols, -1);  // coordinate -> column of Phi_u
  for (int j = 0; j < m_; ++j) column[dependent[j]] = j;
  // the entries (row, column of Phi_u), column by column
  std::vector<std::pair<int, int>> entries;
  for (const BodyBlockMatrix::Block& b : structure)
    for (int c = b.col; c < b.col + b.cols; ++c)
      if (column[c] >= 0)
        for (int r = b.row; r < b.row + b.rows; ++r) entries.emplace_back(column[c], r);
  // sorted by column then row, each once, into compressed columns with their place in Phi_q
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  Ap_.assign(m_ + 1, 0);
  Ai_.clear();
  source_.clear();
  // the counts per column, then their running sums: the column starts
  for (const auto& [j, r] : entries) {
    ++Ap_[j + 1];
    Ai_.push_back(r);
    source_.push_back(r + rows * dependent[j]);
  }
  for (int j = 0; j < m_; ++j) Ap_[j + 1] += Ap_[j];
  Ax_.assign(Ai_.size(), 0.0);
  // the pattern ordered once per partition
  lu_.analyze(m_, Ap_.data(), Ai_.data());
}

bool DependentJacobian::factorize(const MatrixXd& Phi_q) {
  ++factorizations_;
  const double* values = Phi_q.data();
  // dense: the dependent columns of Phi_q (m rows each) side by side
  if (dense_) {
    double* a = small_.matrix();
    for (int j = 0; j < m_; ++j)
      std::memcpy(a + size_t(j) * m_, values + size_t(dependent_[j]) * m_, sizeof(double) * m_);
    return small_.factorize();
  }
  // sparse: the values gathered from Phi_q into the pattern
  for (size_t k = 0; k < Ax_.size(); ++k) Ax_[k] = values[source_[k]];
  return lu_.factorize(Ax_.data());
}

void DependentJacobian::solveInPlace(MatrixXd& B) {
  // the solves go to whichever factorization setPartition chose
  if (dense_)
    small_.solveInPlace(B.data(), static_cast<int>(B.cols()));
  else
    lu_.solveInPlace(B.data(), static_cast<int>(B.cols()));
}

void DependentJacobian::solveInPlace(VectorXd& b) {
  if (dense_)
    small_.solveInPlace(b.data());
  else
    lu_.solveInPlace(b.data());
}

void DependentJacobian::solveTransposedInPlace(MatrixXd& B) {
  if (dense_)
    small_.solveTransposedInPlace(B.data(), static_cast<int>(B.cols()));
  else
    lu_.solveTransposedInPlace(B.data(), static_cast<int>(B.cols()));
}

void DependentJacobian::solveTransposedInPlace(VectorXd& b) {
  if (dense_)
    small_.solveTransposedInPlace(b.data());
  else
    lu_.solveTransposedInPlace(b.data());
}

}  // namespace mbw
