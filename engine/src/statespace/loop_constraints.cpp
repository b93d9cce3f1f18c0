#include "statespace/loop_constraints.h"

#include <algorithm>

#include "math/rotation.h"
#include "solvers/constraint_rank.h"

namespace mbw {

constexpr int kRpBody = RpStateMap::kRpBody;

LoopConstraints::LoopConstraints(Formulation& rp, TreeDynamics& dyn, const RpStateMap& map)
    : rp_(rp), dyn_(dyn), map_(map), n_(dyn.size()) {
  // the candidates: the rp rows of the loop joints' primitives, and the bodies they touch
  const Model& model = rp.model();
  const std::vector<int>& loops = dyn.tree().loopJoints;
  for (int r = 0; r < rp.primitiveRows(); ++r) {
    const Primitive& p = model.primitives[rp.rowPrimitives()[r]];
    if (std::find(loops.begin(), loops.end(), p.joint) == loops.end()) continue;
    candidates_.push_back(r);
    for (int b : {p.bodyI, p.bodyJ})
      if (b != kGround && std::find(bodies_.begin(), bodies_.end(), b) == bodies_.end())
        bodies_.push_back(b);
  }
  // work storage sized once: the evaluations allocate nothing
  D_.assign(model.bodyCount(), Eigen::Matrix<double, 7, Eigen::Dynamic>::Zero(7, n_));
  zero_.setZero(n_);
  rpJacobian_.setZero(rp.constraintSize(), rp.velocitySize());
  rows_ = candidates_;
}

// --- the equations and their Jacobian ------------------------------------------------------------

void LoopConstraints::bodyJacobians() {
  const KinematicTree& tree = dyn_.tree();
  for (int b : bodies_) {
    // the columns of the joints on the path from the body to the root (eq 2)
    const int i = tree.treeOf[b];
    const Vec3& c = dyn_.centre(i);
    const Mat3& R = dyn_.rotation(i);
    auto& D = D_[b];
    D.setZero();
    const Mat34 G = eulerParameterG(x_.segment<4>(kRpBody * b + 3));
    for (int a = i; a >= 0; a = tree.bodies[a].parent) {
      const TreeBody& joint = tree.bodies[a];
      if (!joint.dof) continue;
      // J_w = R_a S_w, J_v = R_a S_v + J_w x (c_b - c_a); then rdot and pdot per unit rate
      const Vec3 w = dyn_.rotation(a) * joint.S.head<3>();
      const Vec3 v = dyn_.rotation(a) * joint.S.tail<3>() + w.cross(c - dyn_.centre(a));
      D.col(joint.index).head<3>() = v;
      D.col(joint.index).tail<4>() = 0.5 * G.transpose() * (R.transpose() * w);
    }
  }
}

void LoopConstraints::jacobianRows(const std::vector<int>& rows, MatrixXd& out) {
  // each equation's row: its two bodies' blocks of Phi_rp,x times their D_b (eq 3)
  out.setZero(static_cast<Eigen::Index>(rows.size()), n_);
  const Model& model = rp_.model();
  for (size_t k = 0; k < rows.size(); ++k) {
    const Primitive& p = model.primitives[rp_.rowPrimitives()[rows[k]]];
    for (int b : {p.bodyI, p.bodyJ})
      if (b != kGround)
        out.row(static_cast<Eigen::Index>(k)).noalias() +=
            rpJacobian_.row(rows[k]).segment<kRpBody>(kRpBody * b) * D_[b];
  }
}

void LoopConstraints::computeConstraints(double t, const VectorXd& q) {
  // the bodies' poses, their rp coordinates, and the rp equations of the kept rows
  dyn_.computeKinematics(q, zero_);
  map_.positions(dyn_, x_);
  rp_.computeConstraints(t, x_);
  phi_.resize(size());
  for (int k = 0; k < size(); ++k) phi_[k] = rp_.constraints()[rows_[k]];
}

void LoopConstraints::computePositions(double t, const VectorXd& q) {
  // the bodies' poses and the rp equations with their Jacobian and nu
  dyn_.computeKinematics(q, zero_);
  map_.positions(dyn_, x_);
  rp_.computePositions(t, x_);
  phi_.resize(size());
  nu_.resize(size());
  for (int k = 0; k < size(); ++k) {
    phi_[k] = rp_.constraints()[rows_[k]];
    nu_[k] = rp_.velocityRhs()[rows_[k]];
  }
  // Phi_rp,x, then chained through the bodies' Jacobians (eq 3)
  rpJacobian_.setZero();
  rp_.constraintJacobian(MatrixSink(rpJacobian_));
  bodyJacobians();
  jacobianRows(rows_, phiQ_);
}

void LoopConstraints::accelerationRhs(const VectorXd& q, const VectorXd& qd, VectorXd& gamma) {
  // the bodies' motion at qdd = 0: xdd_0, and the rp velocities for gamma_rp
  dyn_.computeKinematics(q, qd);
  dyn_.computeAccelerations(zero_);
  map_.motion(dyn_, x_, xd_, xdd_);
  rp_.computeVelocities(xd_);
  rp_.accelerationRhs(gammaRp_);
  // gamma = (gamma_rp)_L - (Phi_rp,x)_L xdd_0 (eq 3)
  gamma.resize(size());
  for (int k = 0; k < size(); ++k)
    gamma[k] = gammaRp_[rows_[k]] - rpJacobian_.row(rows_[k]).dot(xdd_);
}

// --- the independent equations -------------------------------------------------------------------

int LoopConstraints::selectIndependent(double t, const VectorXd& q) {
  // every candidate's row of Phi_q at q
  rows_ = candidates_;
  computePositions(t, q);
  // in order, each scaled to unit length, kept when its part orthogonal to the kept ones is not
  // below the tolerance (Gram-Schmidt twice)
  std::vector<VectorXd> basis;
  std::vector<int> kept;
  for (int k = 0; k < candidates(); ++k) {
    VectorXd r = phiQ_.row(k).transpose();
    const double size = r.norm();
    if (!(size > 0.0)) continue;
    r /= size;
    for (int pass = 0; pass < 2; ++pass)
      for (const VectorXd& e : basis) r -= e.dot(r) * e;
    if (r.norm() <= kRankTolerance) continue;
    basis.push_back(r.normalized());
    kept.push_back(candidates_[k]);
  }
  // the kept rows from here on, evaluated at q
  rows_ = std::move(kept);
  computePositions(t, q);
  return size();
}

}  // namespace mbw
