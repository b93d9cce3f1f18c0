#include "simulation/state_projection.h"

#include <sstream>

namespace mbw {

StateProjection::StateProjection(Formulation& formulation, double tolerance, int maxIterations)
    : f_(formulation),
      tolerance_(tolerance),
      maxIterations_(maxIterations),
      nv_(formulation.velocitySize()),
      nc_(formulation.constraintSize()),
      augmented_(formulation) {
  // work vectors sized once, so that a projection allocates nothing
  x_.setZero(nv_ + nc_);
  product_.setZero(nv_ + nc_);
  gamma_.setZero(nc_);
}

ProjectionOutcome StateProjection::measure(const State& s) {
  ProjectionOutcome out;
  // the violations alone, for a state already on the constraints
  f_.computePositions(s.t, s.q);
  out.positionViolation = nc_ ? f_.constraints().cwiseAbs().maxCoeff() : 0.0;
  out.velocityViolation = nc_ ? f_.velocityViolation(s.v) : 0.0;
  return out;
}

ProjectionOutcome StateProjection::project(State& s) {
  ProjectionOutcome out;
  q_ = s.q;
  // positions: mass-weighted Newton corrections onto Phi = 0
  for (;;) {
    f_.computePositions(s.t, q_);
    // a singularity of the formulation's coordinates stops the projection
    const std::string singular = f_.coordinateSingularity();
    if (!singular.empty()) {
      out.failure = singular;
      return out;
    }
    // the largest violation, the first one kept as the state's
    const double violation = nc_ ? f_.constraints().cwiseAbs().maxCoeff() : 0.0;
    if (out.iterations == 0) out.positionViolation = violation;
    if (violation <= tolerance_) break;
    // A = [M Phi_q^T; Phi_q 0] at q; out of iterations, or singular: a failure
    if (out.iterations == maxIterations_ || !augmented_.factorize()) {
      std::ostringstream os;
      os << "the projection onto the position constraints did not converge (|Phi| = " << violation
         << " after " << out.iterations << " corrections)";
      out.failure = os.str();
      return out;
    }
    // dq from A [dq; mu] = [0; -Phi], through the retraction
    x_.head(nv_).setZero();
    x_.tail(nc_) = -f_.constraints();
    augmented_.solveInPlace(x_);
    dq_ = x_.head(nv_);
    f_.retract(q_, dq_, qNew_);
    q_.swap(qNew_);
    ++out.iterations;
  }

  // velocities and accelerations with A at the projected positions
  if (!augmented_.factorize()) {
    out.failure =
        "the augmented matrix [M Phi_q^T; Phi_q 0] is singular at the projected positions";
    return out;
  }
  // velocities: the mass-weighted least change onto Phi_q v = nu
  x_.head(nv_) = s.v;
  x_.tail(nc_).setZero();
  product_.noalias() = augmented_.matrix() * x_;  // its tail: Phi_q v
  // the right-hand side: the velocity constraints' less Phi_q v, its largest entry the violation
  x_.head(nv_).setZero();
  x_.tail(nc_) = f_.velocityRhs() - product_.tail(nc_);
  out.velocityViolation = nc_ ? x_.tail(nc_).cwiseAbs().maxCoeff() : 0.0;
  augmented_.solveInPlace(x_);
  // the projected positions, and the velocities with their correction
  s.q = q_;
  s.v += x_.head(nv_);
  // accelerations and multipliers: A [vdot; lambda] = [Q; gamma]
  f_.computeVelocities(s.v);
  f_.generalizedForces(Q_);
  f_.accelerationRhs(gamma_);
  x_ << Q_, gamma_;
  augmented_.solveInPlace(x_);
  s.vdot = x_.head(nv_);
  s.lambda = x_.tail(nc_);
  return out;
}

}  // namespace mbw
