#include "integrators/iteration_matrix.h"

#include "integrators/dense_iteration_matrix.h"
#include "integrators/sparse_iteration_matrix.h"

namespace mbw {

// the size nv + nc from which the sparse path is faster (docs/performance.md, "Dense or sparse")
constexpr int kSparseFromSize = 60;

std::unique_ptr<IterationMatrix> makeIterationMatrix(LinearSolverKind kind, const Formulation& f) {
  if (kind == LinearSolverKind::Sparse) return std::make_unique<SparseIterationMatrix>(f);
  return std::make_unique<DenseIterationMatrix>(f);
}

LinearSolverKind automaticLinearSolver(const Formulation& f) {
  return f.velocitySize() + f.constraintSize() >= kSparseFromSize ? LinearSolverKind::Sparse
                                                                  : LinearSolverKind::Dense;
}

}  // namespace mbw
