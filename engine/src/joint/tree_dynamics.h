#pragma once
// The recursive algorithms of Featherstone, Rigid Body Dynamics Algorithms, 2008, on a kinematic
// tree (joint/kinematic_tree.h), all O(n) but the mass matrix:
//   forward kinematics   the body transforms and velocities (chapter 4, the
//                        connectivity and joint-model recurrences):
//                          X_i = i_X_lambda(i)(q_i),  v_i = X_i v_lambda(i) + S_i qd_i,
//                          c_i = v_i x S_i qd_i   (S_i constant in body coordinates, c_J = 0)
//   RNEA                 inverse dynamics, Table 5.1:
//                          a_i = X_i a_lambda(i) + S_i qdd_i + c_i,   a_0 = -a_g,
//                          f_i = I_i a_i + v_i x* I_i v_i - f_i^ext,
//                          tau_i = S_i^T f_i,  f_lambda(i) += X_i^T f_i   (leaves to root)
//   CRBA                 the joint-space mass matrix H, Table 6.2:
//                          I^c_lambda(i) += X_i^T I^c_i X_i,   H_ii = S_i^T I^c_i S_i,
//                          H_ij = F^T S_j along the path to the root, F = X^T ... I^c_i S_i
//   ABA                  forward dynamics, Table 7.1:
//                          U_i = I^A_i S_i,  D_i = S_i^T U_i,  u_i = tau_i - S_i^T p^A_i,
//                          I^a = I^A - U D^-1 U^T,  p^a = p^A + I^a c_i + U D^-1 u_i,
//                          qdd_i = D^-1 (u_i - U_i^T (X_i a_lambda(i) + c_i))
// Gravity enters as the fictitious base acceleration a_0 = -a_g (Featherstone 2008 chapter 5).
// Body coordinates: each body's internal frame (centre of mass, body axes), so I_i = diag(I_c, m).
// External wrenches f^ext_i are in body coordinates: the moment about the centre of mass, then
// the force. A fixed joint (no coordinate) passes its body's inertia and bias force whole; a
// virtual body (a link inside a multi-freedom joint, kinematic_tree.h eq 3) has no inertia of its
// own and passes on what its subtree gives it.
//
// Use: computeKinematics(q, qd), then any of the queries. Nothing is allocated once warm (the
// output vectors and matrices keep their size between calls).
//
// The algorithms are written over the scalar type S: TreeDynamics (double) for the equations of
// motion, and an automatic-differentiation scalar (joint/tree_jacobians.h) for their exact
// derivatives; the tree's constants (inertias, motion subspaces) are held in S once.

#include <vector>

#include "joint/kinematic_tree.h"

namespace mbw {

template <typename S>
class TreeDynamicsT {
 public:
  using VecX = Eigen::Matrix<S, Eigen::Dynamic, 1>;
  using MatX = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
  using Vec3S = Vec3T<S>;
  using Mat3S = Mat3T<S>;
  using Vec6S = Vec6T<S>;
  using Mat6S = Mat6T<S>;

  explicit TreeDynamicsT(const KinematicTree& tree);

  void setGravity(const Vec3S& g_W) { gravity_W_ = g_W; }
  const KinematicTree& tree() const { return tree_; }
  int size() const { return tree_.coordinates; }
  // re-bases the spherical chains whose middle angle passed kRebaseAngle, in this tree and in q,
  // qd (kinematic_tree.h eq 4); returns the re-based joints (indices in tree().joints)
  std::vector<int> rebaseSphericalJoints(VectorXd& q, VectorXd& qd) {
    return mbw::rebaseSphericalJoints(tree_, q, qd);
  }
  // the reference rotations R_0 of another tree of the same model (after its re-basing)
  void followFrames(const KinematicTree& tree);

  // --- stage: positions and velocities ------------------------------------------------------
  void computeKinematics(const VecX& q, const VecX& qd);

  // world pose of tree body i (centre of mass) and its spatial velocity in body coordinates
  const Mat3S& rotation(int i) const { return R_WB_[i]; }
  const Vec3S& centre(int i) const { return r_W_[i]; }
  const Vec6S& velocity(int i) const { return v_[i]; }
  // world angular velocity and centre-of-mass velocity
  Vec3S angularVelocity_W(int i) const { return R_WB_[i] * v_[i].template head<3>(); }
  Vec3S centreVelocity_W(int i) const { return R_WB_[i] * v_[i].template tail<3>(); }
  S kineticEnergy() const;

  // --- queries (after computeKinematics) ------------------------------------------------------
  // the bodies' spatial accelerations (body coordinates, without gravity's offset) for qdd
  void computeAccelerations(const VecX& qdd);
  // after computeAccelerations (RNEA and ABA overwrite them with gravity's offset): world
  // angular acceleration and centre-of-mass acceleration
  Vec3S angularAcceleration_W(int i) const { return R_WB_[i] * a_[i].template head<3>(); }
  Vec3S centreAcceleration_W(int i) const;

  // RNEA: tau = ID(q, qd, qdd) with gravity and external wrenches (fext empty: none)
  void inverseDynamics(const VecX& qdd, const std::vector<Vec6S>& fext, VecX& tau);
  // CRBA: the joint-space mass matrix H (nq x nq)
  void massMatrix(MatX& H);
  // ABA: qdd = FD(q, qd, tau) with gravity and external wrenches (fext empty: none)
  void forwardDynamics(const VecX& tau, const std::vector<Vec6S>& fext, VecX& qdd);

 private:
  // the spatial acceleration of the base: minus gravity (a_0 = -a_g)
  Vec6S baseAcceleration() const;
  S jointValue(const TreeBody& t, const VecX& x) const { return t.dof ? x[t.index] : S(0.0); }

  KinematicTree tree_;  // its spherical chains' R_0 change when re-based
  Vec3S gravity_W_ = Vec3S(S(0.0), S(0.0), S(-9.81));
  std::vector<Mat6S> inertia_;           // I_i
  std::vector<Vec6S> S_;                 // S_i
  std::vector<SpatialTransformT<S>> X_;  // i_X_lambda(i)
  std::vector<Mat3S> R_WB_;
  std::vector<Vec3S> r_W_;
  std::vector<Vec6S> v_, c_, a_, f_;  // velocities, velocity products, accelerations, forces
  std::vector<Mat6S> IA_;             // composite (CRBA) or articulated (ABA) inertias
  std::vector<Vec6S> pA_, U_;         // articulated bias forces, U_i
  std::vector<S> D_, u_;
};

using TreeDynamics = TreeDynamicsT<double>;
extern template class TreeDynamicsT<double>;

}  // namespace mbw
