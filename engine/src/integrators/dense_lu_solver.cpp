#include "integrators/dense_lu_solver.h"

#include <sunmatrix/sunmatrix_dense.h>

#include <Eigen/LU>

#include "math/types.h"

namespace mbw {
namespace {

// the solver's content: the factorization and the last setup's outcome
struct DenseLu {
  explicit DenseLu(int N) : lu(N) {}
  Eigen::PartialPivLU<MatrixXd> lu;
  sunindextype lastFlag = 0;
};

DenseLu& content(SUNLinearSolver S) { return *static_cast<DenseLu*>(S->content); }

SUNLinearSolver_Type type(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID id(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }
int initialize(SUNLinearSolver) { return SUNLS_SUCCESS; }

int setup(SUNLinearSolver S, SUNMatrix A) {
  // the column-major data of SUNDIALS' dense matrix, factorized; a zero pivot: singular
  DenseLu& d = content(S);
  const auto N = SUNDenseMatrix_Rows(A);
  d.lu.compute(Eigen::Map<const MatrixXd>(SUNDenseMatrix_Data(A), N, N));
  const bool regular = d.lu.matrixLU().diagonal().cwiseAbs().minCoeff() > 0.0;
  d.lastFlag = regular ? SUNLS_SUCCESS : SUNLS_LUFACT_FAIL;
  return static_cast<int>(d.lastFlag);
}

int solve(SUNLinearSolver S, SUNMatrix A, N_Vector x, N_Vector b, realtype) {
  // x = A^-1 b by the last factorization
  const auto N = SUNDenseMatrix_Rows(A);
  Eigen::Map<VectorXd>(N_VGetArrayPointer(x), N) =
      content(S).lu.solve(Eigen::Map<const VectorXd>(N_VGetArrayPointer(b), N));
  return SUNLS_SUCCESS;
}

sunindextype lastFlag(SUNLinearSolver S) { return content(S).lastFlag; }

int release(SUNLinearSolver S) {
  delete static_cast<DenseLu*>(S->content);
  S->content = nullptr;
  SUNLinSolFreeEmpty(S);
  return SUNLS_SUCCESS;
}

}  // namespace

SUNLinearSolver makeDenseLuSolver(int N, SUNContext context) {
  // an empty solver with these operations and content
  SUNLinearSolver S = SUNLinSolNewEmpty(context);
  S->ops->gettype = type;
  S->ops->getid = id;
  S->ops->initialize = initialize;
  S->ops->setup = setup;
  S->ops->solve = solve;
  S->ops->lastflag = lastFlag;
  S->ops->free = release;
  S->content = new DenseLu(N);
  return S;
}

}  // namespace mbw
