#pragma once
// Runge-Kutta order conditions on rooted trees (Butcher): for every tree t of order <= 5,
//     b^T Phi(t) = 1 / gamma(t),   Phi([t1..tm]) = (A Phi(t1)) o ... o (A Phi(tm)),  Phi(.) = 1,
//     gamma([t1..tm]) = |t| gamma(t1) ... gamma(tm)
// (1, 1, 2, 4, 9 trees of orders 1..5).

#include "math/types.h"

namespace mbw::test {

// The largest |b^T Phi(t) - 1/gamma(t)| over the trees of the given order (1..5).
double orderConditionResidual(const MatrixXd& A, const VectorXd& b, int order);

// The highest p <= 5 such that every tree of order <= p is satisfied to `tolerance`.
int tableauOrder(const MatrixXd& A, const VectorXd& b, double tolerance);

}  // namespace mbw::test
