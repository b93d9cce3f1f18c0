// Finite-difference Jacobians and time derivatives (finite_differences.h), the independent
// references the derivative checks compare the engine's analytic ones with.

#include "finite_differences.h"

namespace mbw::test {

// d F / d q by central differences, each column along one velocity coordinate
MatrixXd positionJacobianFD(const Formulation& f, const VectorXd& q,
                            const std::function<VectorXd(const VectorXd& q)>& F, double eps) {
  // one column per velocity coordinate: q moved by +eps and -eps along it through retract() (the
  // increment lives in the velocity space: a rotation vector, not a change of Euler parameters)
  const int n = f.velocitySize();
  MatrixXd J;
  VectorXd dq = VectorXd::Zero(n), qp, qm;
  for (int k = 0; k < n; ++k) {
    dq.setZero();
    dq[k] = eps;
    f.retract(q, dq, qp);
    dq[k] = -eps;
    f.retract(q, dq, qm);
    // truncation error of order eps^2, rounding of order 1e-16 / eps relative to F's size
    const VectorXd col = (F(qp) - F(qm)) / (2.0 * eps);
    // the function's size is known only from its first value
    if (k == 0) J.resize(col.size(), n);
    J.col(k) = col;
  }
  return J;
}

// d F / d v by central differences
MatrixXd velocityJacobianFD(const VectorXd& v, const std::function<VectorXd(const VectorXd& v)>& F,
                            double eps) {
  MatrixXd J;
  // v is a plain vector: each coordinate moved by +eps and -eps
  for (int k = 0; k < v.size(); ++k) {
    VectorXd vp = v, vm = v;
    vp[k] += eps;
    vm[k] -= eps;
    const VectorXd col = (F(vp) - F(vm)) / (2.0 * eps);
    if (k == 0) J.resize(col.size(), v.size());
    J.col(k) = col;
  }
  return J;
}

// each unknown moved both ways in y, then in y', by a step scaled to its size
MatrixXd daeJacobianFD(const std::function<VectorXd(const VectorXd& y, const VectorXd& yp)>& F,
                       double cj, const VectorXd& y, const VectorXd& yp) {
  const int n = static_cast<int>(y.size());
  MatrixXd J(n, n);
  VectorXd ya = y, ypa = yp;
  for (int k = 0; k < n; ++k) {
    const double e = 1e-6 * std::max(1.0, std::abs(y[k]));
    ya[k] = y[k] + e;
    const VectorXd Fp = F(ya, yp);
    ya[k] = y[k] - e;
    J.col(k) = (Fp - F(ya, yp)) / (2 * e);
    ya[k] = y[k];
    ypa[k] = yp[k] + e;
    const VectorXd Fpp = F(y, ypa);
    ypa[k] = yp[k] - e;
    J.col(k) += cj * (Fpp - F(y, ypa)) / (2 * e);
    ypa[k] = yp[k];
  }
  return J;
}

// g'(0) and g''(0) by the five-point stencils
TimeDerivatives timeDerivativesFD(const std::function<VectorXd(double s)>& g, double h) {
  // five samples at s = 0, +-h, +-2h; both stencils have a truncation error of order h^4
  const VectorXd m2 = g(-2 * h), m1 = g(-h), z = g(0), p1 = g(h), p2 = g(2 * h);
  return {(m2 - 8.0 * m1 + 8.0 * p1 - p2) / (12.0 * h),
          (-m2 + 16.0 * m1 - 30.0 * z + 16.0 * p1 - p2) / (12.0 * h * h)};
}

// the largest entry of a - b against b's scale, for tolerances that hold at any magnitude
double relativeError(const MatrixXd& a, const MatrixXd& b) {
  // relative where b is larger than 1, absolute below
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

}  // namespace mbw::test
