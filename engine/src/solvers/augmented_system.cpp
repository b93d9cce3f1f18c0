#include "solvers/augmented_system.h"

#include "statespace/body_block_matrix.h"

namespace mbw {

AugmentedSystem::AugmentedSystem(Formulation& formulation)
    : f_(formulation), nv_(formulation.velocitySize()), nc_(formulation.constraintSize()) {
  // A's pattern: the diagonal body blocks, the constraint rows below them and their transpose
  matrix_ = blockPattern(nv_ + nc_, nv_ + nc_, augmentedBlocks(f_));
  // KLU orders the pattern once; work vectors sized once
  lu_.analyze(nv_ + nc_, matrix_.outerIndexPtr(), matrix_.innerIndexPtr());
  x_.setZero(nv_ + nc_);
  Q_.setZero(nv_);
  gamma_.setZero(nc_);
}

bool AugmentedSystem::factorize() {
  // [M Phi_q^T; Phi_q 0] at the formulation's positions; an entry outside the pattern refuses the
  // factorization
  std::fill(matrix_.valuePtr(), matrix_.valuePtr() + matrix_.nonZeros(), 0.0);
  // the sink counts the entries that fall outside the pattern
  target_.matrix = &matrix_;
  target_.missed = 0;
  // M in the upper-left, Phi_q below it and Phi_q^T right of it
  f_.massMatrix(MatrixSink(target_));
  f_.constraintJacobian(MatrixSink(target_, nv_, 0));
  f_.constraintJacobian(MatrixSink(target_, nv_, 0).transposed());
  return target_.missed == 0 && lu_.factorize(matrix_.valuePtr());
}

bool AugmentedSystem::accelerations(State& s) {
  // [M Phi_q^T; Phi_q 0] [vdot; lambda] = [Q; gamma] at the state
  f_.computePositions(s.t, s.q);
  if (!factorize()) return false;
  // the right-hand side at the velocities: Q and gamma
  f_.computeVelocities(s.v);
  f_.generalizedForces(Q_);
  f_.accelerationRhs(gamma_);
  x_ << Q_, gamma_;
  solveInPlace(x_);
  s.vdot = x_.head(nv_);
  s.lambda = x_.tail(nc_);
  return true;
}

}  // namespace mbw
