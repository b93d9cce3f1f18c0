#pragma once
// Finite-difference references for derivative checks, through the Formulation interface only (so
// they apply unchanged to every formulation: position increments go through retract()).

#include <cmath>
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

// dF/dy + cj dF/dy' of a DAE residual F(y, y') by central differences, the step of unknown k
// 1e-6 max(1, |y_k|).
MatrixXd daeJacobianFD(const std::function<VectorXd(const VectorXd& y, const VectorXd& yp)>& F,
                       double cj, const VectorXd& y, const VectorXd& yp);

// The same of a DAE system's residual(t, y, y', F) (returning an empty string, else why it failed:
// then NaN, which no comparison passes).
template <class System>
MatrixXd daeJacobianFD(System& system, double t, double cj, const VectorXd& y, const VectorXd& yp) {
  return daeJacobianFD(
      [&](const VectorXd& ya, const VectorXd& ypa) {
        VectorXd F(system.size());
        if (!system.residual(t, ya.data(), ypa.data(), F.data()).empty()) F.setConstant(NAN);
        return F;
      },
      cj, y, yp);
}

// First and second time derivatives of g(s) at s = 0 by 5-point stencils.
struct TimeDerivatives {
  VectorXd first, second;
};
TimeDerivatives timeDerivativesFD(const std::function<VectorXd(double s)>& g, double h = 1e-3);

// Largest |a - b| relative to max(1, |b|_inf).
double relativeError(const MatrixXd& a, const MatrixXd& b);

}  // namespace mbw::test
