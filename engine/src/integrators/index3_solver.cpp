#include "integrators/index3_solver.h"

#include <cmath>
#include <sstream>

namespace mbw {

Index3Solver::Index3Solver(Formulation& formulation, double tolerance, int maxIterations)
    : f_(formulation), tolerance_(tolerance), maxIterations_(maxIterations) {
  const int n = f_.velocitySize() + f_.constraintSize();
  matrix_.setZero(n, n);
  stiffness_.setZero(f_.velocitySize(), f_.velocitySize());
  residual_.resize(n);
  delta_.resize(n);
}

void Index3Solver::positionsAndVelocities(const TimePoint& p, const VectorXd& vdot, VectorXd& q,
                                          VectorXd& v) {
  dq_ = p.dqHat + p.cq * vdot;
  f_.retract(*p.anchor, dq_, q);
  v = p.vHat + p.cv * vdot;
}

std::string Index3Solver::linearize(const TimePoint& p, const VectorXd& vdot,
                                    const VectorXd& lambda, VectorXd& q, VectorXd& v) {
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
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
  residual_.head(nv).noalias() = matrix_.topLeftCorner(nv, nv) * vdot;
  residual_.head(nv).noalias() += matrix_.topRightCorner(nv, nc) * lambda;
  residual_.head(nv) -= Q_;
  residual_.tail(nc) = f_.constraints() / p.cq;

  // iteration matrix: the position derivatives through the increment's tangent map T(dq)
  stiffness_.setZero(nv, nv);
  f_.dynamicsJacobian(vdot, lambda, p.cq, 0.0, MatrixSink(stiffness_));
  f_.applyIncrementTangent(dq_, stiffness_);
  matrix_.topLeftCorner(nv, nv) += stiffness_;
  f_.dynamicsJacobian(vdot, lambda, 0.0, p.cv, MatrixSink(matrix_));
  f_.applyIncrementTangent(dq_, matrix_.bottomLeftCorner(nc, nv));
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
