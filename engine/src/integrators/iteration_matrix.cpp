#include "integrators/iteration_matrix.h"

#include "integrators/dense_iteration_matrix.h"
#include "integrators/sparse_iteration_matrix.h"

namespace mbw {

// the sizes nv + nc from which the sparse path is faster, with a factorization at every iteration
// or time point and with kept factorizations (docs/performance.md, "Dense or sparse")
constexpr int kSparseFromSize = 60;
constexpr int kSparseFromSizeKept = 140;

std::unique_ptr<IterationMatrix> makeIterationMatrix(LinearSolverKind kind, const Formulation& f,
                                                     bool regularized) {
  // the storage asked for: sparse (with its regularization when asked), else dense
  if (kind == LinearSolverKind::Sparse)
    return std::make_unique<SparseIterationMatrix>(f, regularized);
  return std::make_unique<DenseIterationMatrix>(f);
}

LinearSolverKind automaticLinearSolver(const Formulation& f, JacobianUpdate update) {
  // sparse from the size where it wins for the way the matrix is used
  const int threshold = update == JacobianUpdate::Auto ? kSparseFromSizeKept : kSparseFromSize;
  return f.velocitySize() + f.constraintSize() >= threshold ? LinearSolverKind::Sparse
                                                            : LinearSolverKind::Dense;
}

}  // namespace mbw
