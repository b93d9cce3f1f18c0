#pragma once
// Finite-difference references for derivative checks, through the Formulation interface only (so
// they apply unchanged to every formulation: position increments go through retract()).

#include <functional>

#include "formulation/formulation.h"

namespace mbw::test {

// Central differences of a vector function of the position increment dq at q:
// column k = (F(q (+) eps e_k) - F(q (+) -eps e_k)) / (2 eps).
MatrixXd positionJacobianFD(const Formulation& f, const VectorXd& q,
                            const std::function<VectorXd(const VectorXd& q)>& F, double eps = 1e-6);

// Central differences with respect to the velocity coordinates.
MatrixXd velocityJacobianFD(const VectorXd& v, const std::function<VectorXd(const VectorXd& v)>& F,
                            double eps = 1e-6);

// First and second time derivatives of g(s) at s = 0 by 5-point stencils.
struct TimeDerivatives {
  VectorXd first, second;
};
TimeDerivatives timeDerivativesFD(const std::function<VectorXd(double s)>& g, double h = 1e-3);

// Largest |a - b| relative to max(1, |b|_inf).
double relativeError(const MatrixXd& a, const MatrixXd& b);

}  // namespace mbw::test
