#include "math/sparse_lu.h"

#include <klu.h>

#include <cmath>

namespace mbw {

// KLU's state: its settings and statistics, the pattern's analysis and the numeric factors
struct SparseLu::Klu {
  klu_common common;
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  Klu() { klu_defaults(&common); }
  ~Klu() { clear(); }
  // the factors, then the analysis they were made from
  void clear() {
    if (numeric) klu_free_numeric(&numeric, &common);
    if (symbolic) klu_free_symbolic(&symbolic, &common);
  }
};

SparseLu::SparseLu() : klu_(std::make_unique<Klu>()) {}
SparseLu::~SparseLu() = default;

void SparseLu::analyze(int n, const int* Ap, const int* Ai) {
  // the pattern is kept by pointer: the caller's arrays must outlive the factorizations
  n_ = n;
  Ap_ = Ap;
  Ai_ = Ai;
  // KLU's ordering of the pattern (block triangular form, fill-reducing), once per pattern
  klu_->clear();
  klu_->symbolic = klu_analyze(n, const_cast<int*>(Ap), const_cast<int*>(Ai), &klu_->common);
}

bool SparseLu::factorize(const double* Ax) {
  Klu& k = *klu_;
  // the values kept by pointer too, for the condition estimate
  Ax_ = Ax;
  // no analysis (an empty or bad pattern): nothing to factorize
  if (!k.symbolic) return false;
  // KLU's interface takes non-const arrays; it does not change them
  int* Ap = const_cast<int*>(Ap_);
  int* Ai = const_cast<int*>(Ai_);
  double* values = const_cast<double*>(Ax);
  // the previous pivot sequence while it stays good, else a fresh factorization
  if (k.numeric && klu_refactor(Ap, Ai, values, k.symbolic, k.numeric, &k.common) &&
      klu_rcond(k.symbolic, k.numeric, &k.common) && k.common.rcond > 1e-12)
    return true;
  // a fresh factorization with partial pivoting
  if (k.numeric) klu_free_numeric(&k.numeric, &k.common);
  k.numeric = klu_factor(Ap, Ai, values, k.symbolic, &k.common);
  return k.numeric && k.common.status == KLU_OK;
}

void SparseLu::solveInPlace(double* b, int columns) {
  // each column of b in place
  klu_solve(klu_->symbolic, klu_->numeric, n_, columns, b, &klu_->common);
}

void SparseLu::solveTransposedInPlace(double* b, int columns) {
  // A^T x = b, each column of b in place
  klu_tsolve(klu_->symbolic, klu_->numeric, n_, columns, b, &klu_->common);
}

double SparseLu::conditionEstimate() {
  Klu& k = *klu_;
  // KLU's 1-norm condition estimate of the last factorization
  if (!k.numeric || !klu_condest(const_cast<int*>(Ap_), const_cast<double*>(Ax_), k.symbolic,
                                 k.numeric, &k.common))
    return INFINITY;
  return k.common.condest;
}

}  // namespace mbw
