#include "statespace/rp_state_map.h"

#include <limits>

#include "math/rotation.h"
#include "statespace/body_block_matrix.h"

namespace mbw {

RpStateMap::RpStateMap(Formulation& rp)
    : rp_(rp),
      nv_(rp.velocitySize()),
      nc_(rp.constraintSize()),
      sparse_(nv_ + nc_ >= kSparseFromSize),
      motions_(rp.model().bodyCount()) {
  // the full state's sizes, and p's sign reference: the identity's parameters
  full_.q = VectorXd::Zero(rp.positionSize());
  for (int b = 0; b < rp.model().bodyCount(); ++b) full_.q[kRpBody * b + 3] = 1.0;
  full_.v.setZero(nv_);
  full_.vdot.setZero(nv_);
  full_.lambda.setZero(nc_);
  Q_.setZero(nv_);
  if (!sparse_) return;
  // the patterns: M's body blocks; eq 4's diagonal body blocks (holding I), the constraint rows
  // below them and their transpose; KLU orders eq 4's pattern once
  mass_ = blockPattern(nv_, nv_, blockDiagonalBlocks(rp.model(), rp.bodyVelocitySize()));
  augmented_ = blockPattern(nv_ + nc_, nv_ + nc_, augmentedBlocks(rp));
  lu_.analyze(nv_ + nc_, augmented_.outerIndexPtr(), augmented_.innerIndexPtr());
  x_.setZero(nv_ + nc_);
}

void RpStateMap::positions(const TreeDynamics& dyn, VectorXd& x) const {
  // per body: the centre and the parameters of the rotation (orthonormal to rounding from forward
  // kinematics: no re-orthonormalization), on the last state's side
  const KinematicTree& tree = dyn.tree();
  x.resize(rp_.positionSize());
  for (int b = 0; b < rp_.model().bodyCount(); ++b) {
    const int i = tree.treeOf[b], k = kRpBody * b;
    Vec4 p = eulerParametersFromOrthonormal(dyn.rotation(i));
    if (p.dot(full_.q.segment<4>(k + 3)) < 0.0) p = -p;
    x.segment<3>(k) = dyn.centre(i);
    x.segment<4>(k + 3) = p;
  }
}

void RpStateMap::motion(const TreeDynamics& dyn, VectorXd& x, VectorXd& xd, VectorXd& xdd) const {
  // the positions, then per body the rates of r and p and their derivatives (eq 1)
  positions(dyn, x);
  const KinematicTree& tree = dyn.tree();
  xd.resize(rp_.velocitySize());
  xdd.resize(rp_.velocitySize());
  for (int b = 0; b < rp_.model().bodyCount(); ++b) {
    const int i = tree.treeOf[b], k = kRpBody * b;
    const Mat3& R = dyn.rotation(i);
    const Vec4 p = x.segment<4>(k + 3);
    const Mat34 G = eulerParameterG(p);
    // pdot = 1/2 G^T omega_B, pddot = 1/2 G^T omegadot_B - |pdot|^2 p
    const Vec4 pdot = 0.5 * G.transpose() * (R.transpose() * dyn.angularVelocity_W(i));
    xd.segment<3>(k) = dyn.centreVelocity_W(i);
    xd.segment<4>(k + 3) = pdot;
    xdd.segment<3>(k) = dyn.centreAcceleration_W(i);
    xdd.segment<4>(k + 3) = 0.5 * G.transpose() * (R.transpose() * dyn.angularAcceleration_W(i)) -
                            pdot.squaredNorm() * p;
  }
}

const State& RpStateMap::fill(double t, const TreeDynamics& dyn) {
  // the motion in rp coordinates, the formulation at that state, and the multipliers there
  full_.t = t;
  motion(dyn, full_.q, full_.v, full_.vdot);
  rp_.computePositions(t, full_.q);
  rp_.computeVelocities(full_.v);
  rp_.generalizedForces(Q_);
  if (sparse_)
    sparseMultipliers();
  else
    denseMultipliers();
  return full_;
}

void RpStateMap::denseMultipliers() {
  // M and Phi_q, dense
  denseMass_.setZero(nv_, nv_);
  phiQ_.setZero(nc_, nv_);
  rp_.massMatrix(MatrixSink(denseMass_));
  rp_.constraintJacobian(MatrixSink(phiQ_));
  // lambda = (Phi_q Phi_q^T)^-1 Phi_q (Q - M vdot): the least-squares solution of
  // Phi_q^T lambda = Q - M vdot (eqs 2-3)
  residual_.noalias() = Q_ - denseMass_ * full_.vdot;
  gram_.noalias() = phiQ_ * phiQ_.transpose();
  gramLlt_.compute(gram_);
  full_.lambda.noalias() = phiQ_ * residual_;
  gramLlt_.solveInPlace(full_.lambda);
}

void RpStateMap::sparseMultipliers() {
  // M in its body blocks
  std::fill(mass_.valuePtr(), mass_.valuePtr() + mass_.nonZeros(), 0.0);
  target_.matrix = &mass_;
  target_.missed = 0;
  rp_.massMatrix(MatrixSink(target_));
  // eq 4's right-hand side: Q - M vdot, then zeros
  x_.head(nv_) = Q_;
  x_.head(nv_).noalias() -= mass_ * full_.vdot;
  x_.tail(nc_).setZero();
  // eq 4's matrix: I in the upper-left, Phi_q below it and Phi_q^T right of it
  std::fill(augmented_.valuePtr(), augmented_.valuePtr() + augmented_.nonZeros(), 0.0);
  for (int k = 0; k < nv_; ++k) augmented_.coeffRef(k, k) = 1.0;
  target_.matrix = &augmented_;
  rp_.constraintJacobian(MatrixSink(target_, nv_, 0));
  rp_.constraintJacobian(MatrixSink(target_, nv_, 0).transposed());
  // lambda, the least-squares solution of Phi_q^T lambda = Q - M vdot (eqs 2-4); not a number
  // where eq 4 is singular or an entry missed the pattern
  if (target_.missed != 0 || !lu_.factorize(augmented_.valuePtr())) {
    full_.lambda.setConstant(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  lu_.solveInPlace(x_.data());
  full_.lambda = x_.tail(nc_);
}

void RpStateMap::jointState(const KinematicTree& tree, const State& full, VectorXd& q,
                            VectorXd& qd) const {
  // each body's motion from its rp coordinates (p normalized, omega_B = 2 G(p) pdot), then the
  // inverse map
  for (size_t b = 0; b < motions_.size(); ++b) {
    const int k = kRpBody * static_cast<int>(b);
    const Vec4 p = full.q.segment<4>(k + 3).normalized();
    BodyMotion& m = motions_[b];
    m.R_WB = rotationFromEulerParameters(p);
    m.centre_W = full.q.segment<3>(k);
    m.omega_W = m.R_WB * (2.0 * eulerParameterG(p) * full.v.segment<4>(k + 3));
    m.centreVelocity_W = full.v.segment<3>(k);
  }
  jointStateOf(tree, motions_, q, qd);
}

}  // namespace mbw
