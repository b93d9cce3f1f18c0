#pragma once
// A SUNDIALS linear solver (SUNLinearSolver, direct) for a SUNDIALS dense matrix by Eigen's LU with
// partial pivoting, for IDA on the joint coordinates' GGL form (joint_ggl_system.h). SUNDIALS' own
// dense solver (SUNLinSol_Dense) factorizes and solves with unblocked column loops: on Andrews'
// squeezer in joint coordinates (82 unknowns) they took a quarter of the run; Eigen's blocked LU
// and its triangular solves do the same work in a fraction of the time.
//
// setup() factorizes the matrix; a zero pivot is reported as SUNLS_LUFACT_FAIL, which IDA treats
// as recoverable (a smaller step). solve() solves with the last factorization.

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>

namespace mbw {

// a new solver for N x N dense matrices, freed by SUNLinSolFree
SUNLinearSolver makeDenseLuSolver(int N, SUNContext context);

}  // namespace mbw
