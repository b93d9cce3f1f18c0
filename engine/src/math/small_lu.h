#pragma once
// Dense LU factorization with partial pivoting, P A = L U (Golub and Van Loan, Matrix
// Computations, 4th ed., Algorithm 3.4.1: right-looking, the rows swapped whole as in LAPACK's
// dgetf2), for the small matrices where a sparse LU's bookkeeping costs more than the arithmetic
// (a 12 x 12 Phi_u: at most n^3/3 = 576 multiply-adds). The storage is dense, the work is not:
// each elimination step updates only the rows whose multiplier is nonzero, and the solves run
// over the nonzero entries of L and U, listed column by column after the factorization (a
// constraint Jacobian is mostly zeros, and so are its factors). Column-major storage allocated
// by resize() only; factorizations and solves allocate nothing.
//
// conditionEstimate() is Hager's estimate of ||A^-1||_1 in Higham's form (N. J. Higham, FORTRAN
// codes for estimating the one-norm of a real or complex matrix, ACM TOMS 14(4), 1988, Algorithm
// 4.1: at most five power-method steps on the unit vectors, and the extra estimate from the vector
// of alternating signs x_i = (-1)^(i+1) (1 + (i - 1)/(n - 1))), times ||A||_1: the estimate of
// cond_1(A) that KLU's klu_condest computes for the sparse factorization.

#include <vector>

namespace mbw {

class SmallLu {
 public:
  // n x n; the entries are set through matrix() before each factorize()
  void resize(int n);
  int size() const { return n_; }
  // column-major n x n storage of A, overwritten by its factors
  double* matrix() { return a_.data(); }

  // factorizes the matrix in matrix(); false when a pivot is zero or not finite (A is singular)
  bool factorize();

  // b := A^-1 b and b := A^-T b for `columns` right-hand sides of n entries, stored column by
  // column with leading dimension ld (>= n)
  void solveInPlace(double* b, int columns = 1, int ld = 0) const;
  void solveTransposedInPlace(double* b, int columns = 1, int ld = 0) const;

  // estimate of cond_1(A) at the last factorization (infinite when it failed)
  double conditionEstimate();

 private:
  void solveColumn(double* x) const;
  void solveTransposedColumn(double* x) const;

  int n_ = 0;
  bool factorized_ = false;
  double norm1_ = 0.0;      // ||A||_1 of the last factorized matrix
  std::vector<double> a_;   // A, then L (unit diagonal, below) and U (n x n)
  std::vector<int> pivot_;  // row k was swapped with row pivot_[k] at step k (n)
  // the rows of the nonzero entries of column k of L (below the diagonal) and of U (above it):
  // lower_[lowerStart_[k] .. lowerStart_[k + 1]), upper_[upperStart_[k] .. upperStart_[k + 1])
  std::vector<int> lower_, lowerStart_, upper_, upperStart_;
  std::vector<double> x_, s_;  // condition estimate workspace (n)
};

}  // namespace mbw
