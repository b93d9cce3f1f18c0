#pragma once
// Sparse LU factorization of a square matrix in compressed-column form by KLU (SuiteSparse; Davis
// and Palamadai Natarajan 2010). The pattern is ordered once (klu_analyze: block triangular form
// and fill-reducing ordering); each factorization of new values reuses the previous pivot sequence
// (klu_refactor, no allocation) while it stays good (reciprocal pivot growth klu_rcond above
// 1e-12) and falls back to a fresh factorization with partial pivoting otherwise.

#include <memory>

#include "math/types.h"

namespace mbw {

class SparseLu {
 public:
  SparseLu();
  ~SparseLu();
  SparseLu(const SparseLu&) = delete;
  SparseLu& operator=(const SparseLu&) = delete;

  // orders the pattern of an n x n matrix: column starts Ap (n + 1) and row indices Ai; the arrays
  // must stay alive and unchanged until the next analyze
  void analyze(int n, const int* Ap, const int* Ai);
  // factorizes the values Ax (in the analyzed pattern's order); false when the matrix is singular
  bool factorize(const double* Ax);

  // b := A^-1 b and b := A^-T b for `columns` right-hand sides stored column by column
  void solveInPlace(double* b, int columns = 1);
  void solveTransposedInPlace(double* b, int columns = 1);

  // estimate of cond_1(A) at the last factorization (Hager's method, klu_condest)
  double conditionEstimate();

  int size() const { return n_; }

 private:
  struct Klu;
  std::unique_ptr<Klu> klu_;
  int n_ = 0;
  const int* Ap_ = nullptr;
  const int* Ai_ = nullptr;
  const double* Ax_ = nullptr;
};

}  // namespace mbw
