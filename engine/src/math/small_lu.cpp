#include "math/small_lu.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mbw {

void SmallLu::resize(int n) {
  // the matrix and the work arrays sized once: factorizations and solves allocate nothing
  n_ = n;
  factorized_ = false;
  a_.assign(size_t(n) * size_t(n), 0.0);
  pivot_.assign(n, 0);
  x_.assign(n, 0.0);
  s_.assign(n, 0.0);
  lower_.assign(size_t(n) * size_t(n), 0);
  upper_.assign(size_t(n) * size_t(n), 0);
  lowerStart_.assign(n + 1, 0);
  upperStart_.assign(n + 1, 0);
}

// --- factorization with partial pivoting ---------------------------------------------------------

bool SmallLu::factorize() {
  // the matrix is kept column by column (a[i + j n]), factorized in place into L and U
  const int n = n_;
  double* a = a_.data();
  int* rows = lower_.data();  // the nonzero multipliers of the current step
  factorized_ = false;
  // the 1-norm of A (largest column sum) for the condition estimate
  norm1_ = 0.0;
  for (int j = 0; j < n; ++j) {
    double sum = 0.0;
    for (int i = 0; i < n; ++i) sum += std::abs(a[i + j * n]);
    norm1_ = std::max(norm1_, sum);
  }
  for (int k = 0; k < n; ++k) {
    // the pivot: the largest entry of column k on or below the diagonal
    double* ck = a + k * n;
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (std::abs(ck[i]) > std::abs(ck[p])) p = i;
    // a zero or non-finite pivot: singular
    if (!(std::abs(ck[p]) > 0.0) || !std::isfinite(ck[p])) return false;
    pivot_[k] = p;
    // the pivot row swapped into place across all columns (the multipliers stored so far included)
    if (p != k)
      for (int j = 0; j < n; ++j) std::swap(a[k + j * n], a[p + j * n]);
    // the multipliers (the nonzero ones listed), then the update of the trailing columns in
    // those rows
    const double inverse = 1.0 / ck[k];
    int count = 0;
    for (int i = k + 1; i < n; ++i)
      if (ck[i] != 0.0) {
        ck[i] *= inverse;
        rows[count++] = i;
      }
    // nothing below the pivot: the trailing columns stay as they are
    if (count == 0) continue;
    for (int j = k + 1; j < n; ++j) {
      double* cj = a + j * n;
      const double akj = cj[k];
      if (akj == 0.0) continue;
      for (int r = 0; r < count; ++r) cj[rows[r]] -= akj * ck[rows[r]];
    }
  }
  // the nonzero entries of L and U, column by column, for the solves
  int nl = 0, nu = 0;
  for (int k = 0; k < n; ++k) {
    // U above the diagonal (its diagonal read from the matrix), L below it (unit diagonal)
    const double* ck = a + k * n;
    lowerStart_[k] = nl;
    upperStart_[k] = nu;
    for (int i = 0; i < k; ++i)
      if (ck[i] != 0.0) upper_[nu++] = i;
    for (int i = k + 1; i < n; ++i)
      if (ck[i] != 0.0) lower_[nl++] = i;
  }
  lowerStart_[n] = nl;
  upperStart_[n] = nu;
  // the solves and the condition estimate may now use the factors
  factorized_ = true;
  return true;
}

// --- solves with the factors ---------------------------------------------------------------------

void SmallLu::solveColumn(double* x) const {
  const int n = n_;
  const double* a = a_.data();
  const int *lower = lower_.data(), *upper = upper_.data();
  // x := P x, then L y = x (unit diagonal), then U x = y, column by column over their nonzeros
  for (int k = 0; k < n; ++k)
    if (pivot_[k] != k) std::swap(x[k], x[pivot_[k]]);
  // the forward solve with L, skipping zero entries of x
  for (int k = 0; k < n; ++k) {
    const double xk = x[k];
    if (xk == 0.0) continue;
    const double* ck = a + k * n;
    for (int e = lowerStart_[k]; e < lowerStart_[k + 1]; ++e) x[lower[e]] -= xk * ck[lower[e]];
  }
  // the backward solve with U
  for (int k = n - 1; k >= 0; --k) {
    const double* ck = a + k * n;
    const double xk = x[k] /= ck[k];
    if (xk == 0.0) continue;
    for (int e = upperStart_[k]; e < upperStart_[k + 1]; ++e) x[upper[e]] -= xk * ck[upper[e]];
  }
}

void SmallLu::solveTransposedColumn(double* x) const {
  const int n = n_;
  const double* a = a_.data();
  const int *lower = lower_.data(), *upper = upper_.data();
  // A^T = U^T L^T P: U^T y = x, then L^T z = y, then x := P^T z (the swaps in reverse order)
  // U^T y = x, row k of U^T being column k of U
  for (int k = 0; k < n; ++k) {
    const double* ck = a + k * n;
    double sum = x[k];
    for (int e = upperStart_[k]; e < upperStart_[k + 1]; ++e) sum -= ck[upper[e]] * x[upper[e]];
    x[k] = sum / ck[k];
  }
  // L^T z = y, from the last row up
  for (int k = n - 1; k >= 0; --k) {
    const double* ck = a + k * n;
    double sum = x[k];
    for (int e = lowerStart_[k]; e < lowerStart_[k + 1]; ++e) sum -= ck[lower[e]] * x[lower[e]];
    x[k] = sum;
  }
  // the row swaps undone in reverse order
  for (int k = n - 1; k >= 0; --k)
    if (pivot_[k] != k) std::swap(x[k], x[pivot_[k]]);
}

void SmallLu::solveInPlace(double* b, int columns, int ld) const {
  // each column of b in place, ld entries apart
  if (ld < n_) ld = n_;
  for (int c = 0; c < columns; ++c) solveColumn(b + size_t(c) * size_t(ld));
}

void SmallLu::solveTransposedInPlace(double* b, int columns, int ld) const {
  // each column of b in place, A^T x = b
  if (ld < n_) ld = n_;
  for (int c = 0; c < columns; ++c) solveTransposedColumn(b + size_t(c) * size_t(ld));
}

// --- the condition estimate ----------------------------------------------------------------------

double SmallLu::conditionEstimate() {
  const int n = n_;
  // no factors: an infinite condition; an empty matrix: 0
  if (!factorized_) return INFINITY;
  if (n == 0) return 0.0;
  // the work vectors of resize: no allocation here
  double* x = x_.data();
  double* s = s_.data();
  auto norm1 = [&] {
    double sum = 0.0;
    for (int i = 0; i < n; ++i) sum += std::abs(x[i]);
    return sum;
  };
  // Hager's power method on the unit vectors, from x = e / n
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0 / n;
    s[i] = 0.0;
  }
  // jmax: the unit vector of the next pass; the estimate of |A^-1|_1 grows pass by pass
  int jmax = 0;
  double estimate = 0.0;
  for (int it = 0; it < 5; ++it) {
    // after the first pass, the unit vector found by the last
    if (it > 0) {
      for (int i = 0; i < n; ++i) x[i] = 0.0;
      x[jmax] = 1.0;
    }
    solveColumn(x);
    const double previous = estimate;
    estimate = norm1();
    // stop when the estimate no longer grows or the signs of A^-1 x repeat
    bool unchanged = true;
    for (int i = 0; i < n; ++i) {
      const double sign = x[i] >= 0.0 ? 1.0 : -1.0;
      if (sign != s[i]) {
        s[i] = sign;
        unchanged = false;
      }
    }
    if (it > 0 && (estimate <= previous || unchanged)) break;
    // the next unit vector: the largest entry of A^-T sign(A^-1 x)
    for (int i = 0; i < n; ++i) x[i] = s[i];
    solveTransposedColumn(x);
    int jnew = 0;
    for (int i = 1; i < n; ++i)
      if (std::abs(x[i]) > std::abs(x[jnew])) jnew = i;
    // the same index again: the estimate cannot grow
    if (it > 0 && jnew == jmax) break;
    jmax = jnew;
  }
  // the second estimate from alternating signs of growing size
  if (n > 1) {
    for (int i = 0; i < n; ++i) x[i] = (i % 2 ? 1.0 : -1.0) * (1.0 + double(i) / double(n - 1));
    solveColumn(x);
    estimate = std::max(estimate, 2.0 * norm1() / (3.0 * n));
  }
  // cond_1(A) estimated as |A^-1|_1 |A|_1
  return estimate * norm1_;
}

}  // namespace mbw
