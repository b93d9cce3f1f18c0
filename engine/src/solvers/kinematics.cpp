#include "solvers/kinematics.h"

#include <Eigen/LU>

#include "math/floating_point.h"

namespace mbw {

KinematicSolver::KinematicSolver(Formulation& formulation, KinematicsSettings settings)
    : f_(formulation), settings_(settings) {
  J_.resize(f_.constraintSize(), f_.velocitySize());
}

KinematicsStep KinematicSolver::solve(double t, State& s) {
  // subnormal numbers flushed to zero while solving (math/floating_point.h)
  const ScopedFlushSubnormals flush;
  KinematicsStep result;
  s.t = t;
  // positions: Newton on Phi(q, t) = 0
  for (int k = 0; k < settings_.maxIterations; ++k) {
    // a pose singular for the coordinates ends the solve; else dq = -Phi_q^-1 Phi (square: fully
    // driven, no degrees of freedom)
    f_.computePositions(t, s.q);
    result.failure = f_.coordinateSingularity();
    if (!result.failure.empty()) return result;
    J_.setZero();
    f_.constraintJacobian(MatrixSink(J_));
    lu_.compute(J_);
    ++factorizations_;
    dq_ = lu_.solve(-f_.constraints());
    // q moved by the formulation's retraction
    f_.retract(s.q, dq_, qNew_);
    s.q.swap(qNew_);
    result.iterations = k + 1;
    // a non-finite correction ends the iterations unconverged
    if (!dq_.allFinite()) break;
    // converged when the correction is within the tolerance
    if (dq_.norm() < settings_.tolerance) {
      result.converged = true;
      break;
    }
  }
  if (!result.converged) return result;
  // velocities and accelerations with the Jacobian at the converged positions
  f_.computePositions(t, s.q);
  J_.setZero();
  f_.constraintJacobian(MatrixSink(J_));
  lu_.compute(J_);
  ++factorizations_;
  // Phi_q v = nu, then Phi_q vdot = gamma(q, v)
  s.v = lu_.solve(f_.velocityRhs());
  f_.computeVelocities(s.v);
  f_.accelerationRhs(gamma_);
  s.vdot = lu_.solve(gamma_);
  return result;
}

KinematicsStep KinematicSolver::advance(double t, State& s) {
  // the prediction along the last velocities, then the solve at t
  f_.retract(s.q, (t - s.t) * s.v, qNew_);
  s.q.swap(qNew_);
  return solve(t, s);
}

}  // namespace mbw
