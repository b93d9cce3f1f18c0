// The SUNDIALS linear solver on Eigen's LU (integrators/dense_lu_solver.h): it solves what
// SUNDIALS' own dense solver solves, and reports a singular matrix as a recoverable failure.

#include "integrators/dense_lu_solver.h"

#include <gtest/gtest.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "math/types.h"

namespace mbw {
namespace {

TEST(DenseLuSolver, SolvesAsSundialsDenseSolverAndReportsSingularMatrices) {
  SUNContext context = nullptr;
  ASSERT_EQ(SUNContext_Create(nullptr, &context), 0);
  const int N = 4;
  // a regular matrix that needs pivoting (a zero in the first column's top)
  MatrixXd A(N, N);
  A << 0, 2, 1, 0, 3, 1, 0, 1, 1, 0, 4, 2, 2, 1, 1, 5;
  SUNMatrix M = SUNDenseMatrix(N, N, context);
  N_Vector x = N_VNew_Serial(N, context), b = N_VNew_Serial(N, context);
  Eigen::Map<VectorXd> X(N_VGetArrayPointer(x), N), B(N_VGetArrayPointer(b), N);
  B << 1, -2, 3, 0.5;
  const VectorXd rhs = B;
  // the matrix into SUNDIALS' column-major storage, solved by both solvers
  const auto load = [&](const MatrixXd& a) {
    Eigen::Map<MatrixXd>(SUNDenseMatrix_Data(M), N, N) = a;
  };
  load(A);
  SUNLinearSolver mine = makeDenseLuSolver(N, context);
  EXPECT_EQ(SUNLinSolGetType(mine), SUNLINEARSOLVER_DIRECT);
  ASSERT_EQ(SUNLinSolSetup(mine, M), SUNLS_SUCCESS);
  ASSERT_EQ(SUNLinSolSolve(mine, M, x, b, 0.0), SUNLS_SUCCESS);
  const VectorXd ours = X;
  EXPECT_LT((A * ours - rhs).cwiseAbs().maxCoeff(), 1e-14);
  SUNLinearSolver theirs = SUNLinSol_Dense(x, M, context);
  load(A);
  ASSERT_EQ(SUNLinSolSetup(theirs, M), SUNLS_SUCCESS);  // factorizes M in place
  B = rhs;
  ASSERT_EQ(SUNLinSolSolve(theirs, M, x, b, 0.0), SUNLS_SUCCESS);
  EXPECT_LT((X - ours).cwiseAbs().maxCoeff(), 1e-14);
  // a singular matrix (a zero column: an exact zero pivot): a positive, recoverable flag
  MatrixXd S = A;
  S.col(2).setZero();
  load(S);
  EXPECT_EQ(SUNLinSolSetup(mine, M), SUNLS_LUFACT_FAIL);
  EXPECT_EQ(SUNLinSolLastFlag(mine), SUNLS_LUFACT_FAIL);
  SUNLinSolFree(mine);
  SUNLinSolFree(theirs);
  N_VDestroy(x);
  N_VDestroy(b);
  SUNMatDestroy(M);
  SUNContext_Free(&context);
}

}  // namespace
}  // namespace mbw
