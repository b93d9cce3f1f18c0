#include "integrators/index3_solver.h"

#include <cmath>
#include <sstream>

namespace mbw {

Index3Solver::Index3Solver(Formulation& formulation, double tolerance, int maxIterations)
    : f_(formulation), tolerance_(tolerance), maxIterations_(maxIterations) {
  const int nv = f_.velocitySize();
  const int n = nv + f_.constraintSize();
  matrix_.setZero(n, n);
  stiffness_.setZero(nv, nv);
  residual_.resize(n);
  delta_.resize(n);
  dq_.resize(nv);
  gKnown_.resize(nv);
  rate_.resize(nv);
  inertial_.resize(nv);
}

void Index3Solver::positionsAndVelocities(const TimePoint& p, const VectorXd& vdot, VectorXd& q,
                                          VectorXd& v) {
  v = p.vHat + p.cv * vdot;
  dq_ = p.dqHat + p.cq * vdot;
  if (p.incrementRates) {
    // g = gKnown + c0 T(g)^-1 v by fixed-point passes (contraction factor about c0 |v| / 2)
    const double c0 = p.cq / p.cv;
    gKnown_ = p.dqHat - c0 * p.vHat;
    for (int pass = 0; pass < 20; ++pass) {
      f_.incrementRate(dq_, v, rate_);
      rate_ = gKnown_ + c0 * rate_;
      const double change = (rate_ - dq_).norm();
      dq_.swap(rate_);
      if (change <= 1e-15 * (1.0 + dq_.norm())) break;
    }
  }
  f_.retract(*p.anchor, dq_, q);
}

std::string Index3Solver::linearize(const TimePoint& p, const VectorXd& vdot,
                                    const VectorXd& lambda, VectorXd& q, VectorXd& v) {
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
  const double w = p.forceWeight;
  // stage evaluation at the current iterate
  positionsAndVelocities(p, vdot, q, v);
  f_.computePositions(p.t, q);
  std::string singular = f_.coordinateSingularity();
  if (!singular.empty()) return singular;
  f_.computeVelocities(v);
  f_.generalizedForces(Q_);

  // residual, from the mass and constraint blocks (the bottom-right block stays zero)
  matrix_.leftCols(nv).setZero();
  f_.massMatrix(MatrixSink(matrix_));
  f_.constraintJacobian(MatrixSink(matrix_, nv, 0));
  matrix_.topRightCorner(nv, nc) = matrix_.bottomLeftCorner(nc, nv).transpose();
  inertial_ = vdot;
  if (p.accelerationHistory) inertial_ += *p.accelerationHistory;
  residual_.head(nv).noalias() = matrix_.topRightCorner(nv, nc) * lambda;
  residual_.head(nv) -= Q_;
  residual_.head(nv) *= w;
  residual_.head(nv).noalias() += matrix_.topLeftCorner(nv, nv) * inertial_;
  residual_.tail(nc) = f_.constraints() / p.cq;

  // iteration matrix (the weight w through a scaled inertial term); the position derivatives
  // through the increment's tangent map T(g) unless the scheme works with increment rates
  if (w != 1.0) {
    inertial_ /= w;
    matrix_.topRightCorner(nv, nc) *= w;
  }
  stiffness_.setZero(nv, nv);
  f_.dynamicsJacobian(inertial_, lambda, w * p.cq, 0.0, MatrixSink(stiffness_));
  if (!p.incrementRates) {
    f_.applyIncrementTangent(dq_, stiffness_);
    f_.applyIncrementTangent(dq_, matrix_.bottomLeftCorner(nc, nv));
  }
  matrix_.topLeftCorner(nv, nv) += stiffness_;
  f_.dynamicsJacobian(inertial_, lambda, 0.0, w * p.cv, MatrixSink(matrix_));
  return singular;
}

NewtonResult Index3Solver::solve(const TimePoint& p, VectorXd& vdot, VectorXd& lambda, VectorXd& q,
                                 VectorXd& v) {
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
  const double theta = tolerance_ / p.cq;
  NewtonResult result;
  for (int k = 0; k < maxIterations_; ++k) {
    result.failure = linearize(p, vdot, lambda, q, v);
    if (!result.failure.empty()) return result;
    lu_.compute(matrix_);
    ++factorizations_;
    delta_ = lu_.solve(-residual_);
    result.iterations = k + 1;
    if (!delta_.allFinite()) {
      result.failure = "singular Newton matrix";
      return result;
    }
    vdot += delta_.head(nv);
    lambda += delta_.tail(nc);
    if (delta_.norm() < theta) {
      positionsAndVelocities(p, vdot, q, v);
      result.converged = true;
      return result;
    }
  }
  std::ostringstream os;
  os << "Newton did not converge in " << maxIterations_ << " iterations (last correction "
     << delta_.norm() << ", tolerance " << theta << ")";
  result.failure = os.str();
  return result;
}

}  // namespace mbw
