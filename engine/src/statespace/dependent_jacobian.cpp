#include "statespace/dependent_jacobian.h"

#include <klu.h>

#include <algorithm>
#include <cmath>

namespace mbw {

struct DependentJacobian::Klu {
  klu_common common;
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  Klu() { klu_defaults(&common); }
  ~Klu() { clear(); }
  void clear() {
    if (numeric) klu_free_numeric(&numeric, &common);
    if (symbolic) klu_free_symbolic(&symbolic, &common);
  }
};

DependentJacobian::DependentJacobian() : klu_(std::make_unique<Klu>()) {}
DependentJacobian::~DependentJacobian() = default;

void DependentJacobian::setPartition(int rows, int cols,
                                     const std::vector<BodyBlockMatrix::Block>& structure,
                                     const std::vector<int>& dependent) {
  m_ = static_cast<int>(dependent.size());
  std::vector<int> column(cols, -1);  // coordinate -> column of Phi_u
  for (int j = 0; j < m_; ++j) column[dependent[j]] = j;
  // the entries (row, column of Phi_u), column by column
  std::vector<std::pair<int, int>> entries;
  for (const BodyBlockMatrix::Block& b : structure)
    for (int c = b.col; c < b.col + b.cols; ++c)
      if (column[c] >= 0)
        for (int r = b.row; r < b.row + b.rows; ++r) entries.emplace_back(column[c], r);
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
  Ap_.assign(m_ + 1, 0);
  Ai_.clear();
  source_.clear();
  for (const auto& [j, r] : entries) {
    ++Ap_[j + 1];
    Ai_.push_back(r);
    source_.push_back(r + rows * dependent[j]);
  }
  for (int j = 0; j < m_; ++j) Ap_[j + 1] += Ap_[j];
  Ax_.assign(Ai_.size(), 0.0);
  klu_->clear();
  klu_->symbolic = klu_analyze(m_, Ap_.data(), Ai_.data(), &klu_->common);
}

bool DependentJacobian::factorize(const MatrixXd& Phi_q) {
  const double* values = Phi_q.data();
  for (size_t k = 0; k < Ax_.size(); ++k) Ax_[k] = values[source_[k]];
  ++factorizations_;
  Klu& k = *klu_;
  if (!k.symbolic) return false;
  // the previous pivot sequence while it stays good, else a fresh factorization
  if (k.numeric && klu_refactor(Ap_.data(), Ai_.data(), Ax_.data(), k.symbolic, k.numeric, &k.common) &&
      klu_rcond(k.symbolic, k.numeric, &k.common) && k.common.rcond > 1e-12)
    return true;
  if (k.numeric) klu_free_numeric(&k.numeric, &k.common);
  k.numeric = klu_factor(Ap_.data(), Ai_.data(), Ax_.data(), k.symbolic, &k.common);
  return k.numeric && k.common.status == KLU_OK;
}

void DependentJacobian::solveInPlace(MatrixXd& B) {
  klu_solve(klu_->symbolic, klu_->numeric, m_, static_cast<int>(B.cols()), B.data(), &klu_->common);
}
void DependentJacobian::solveInPlace(VectorXd& b) {
  klu_solve(klu_->symbolic, klu_->numeric, m_, 1, b.data(), &klu_->common);
}
void DependentJacobian::solveTransposedInPlace(MatrixXd& B) {
  klu_tsolve(klu_->symbolic, klu_->numeric, m_, static_cast<int>(B.cols()), B.data(), &klu_->common);
}
void DependentJacobian::solveTransposedInPlace(VectorXd& b) {
  klu_tsolve(klu_->symbolic, klu_->numeric, m_, 1, b.data(), &klu_->common);
}

double DependentJacobian::conditionEstimate() {
  Klu& k = *klu_;
  if (!k.numeric || !klu_condest(Ap_.data(), Ax_.data(), k.symbolic, k.numeric, &k.common))
    return INFINITY;
  return k.common.condest;
}

}  // namespace mbw
