#pragma once
// The loop-closing joints of a kinematic tree (joint/kinematic_tree.h) as constraints on its joint
// coordinates q (Featherstone, Rigid Body Dynamics Algorithms, 2008, chapter 8: a closed loop is a
// spanning tree plus loop joints, whose constraints act on the tree's coordinates). Each equation
// is the rp formulation's own equation of the loop joint, evaluated at the poses forward kinematics
// gives the joint's two bodies:
//     Phi(t, q) = Phi_rp(t, x(q))_L,                                                      (1)
// x(q) the rp coordinates (r, p per body; statespace/rp_state_map.h) and L the rows of the loop
// joints' primitives that the rp formulation keeps. The bodies' rp velocities are linear in qd,
//     rdot_b = J_v,b qd,   pdot_b = 1/2 G(p_b)^T R_b^T J_w,b qd,                          (2)
// with the columns of the body Jacobians J_w,b (angular velocity, world axes) and J_v,b (velocity
// of the centre of mass c_b, world axes) those of the joints k on the path from b to the root
// (Featherstone 2008 chapter 4: the body Jacobian from the motion subspaces), joint k moving
// tree body i:
//     J_w,b[:, k] = R_i S_k,w,   J_v,b[:, k] = R_i S_k,v + J_w,b[:, k] x (c_b - c_i)
// (S_k = [S_k,w; S_k,v] in body i's coordinates, kinematic_tree.h eq 2; i may be a virtual link of
// a joint of several freedoms, c_i its frame's origin). So with D_b = dx_b/dq,
// the 7 x n block of eq (2), the constraint Jacobian, velocity and acceleration right-hand sides
// on the joint coordinates (Phi_q qd = nu, Phi_q qdd = gamma) are
//     Phi_q = sum_b (Phi_rp,x_b)_L D_b,   nu = (nu_rp)_L,
//     gamma = (gamma_rp)_L - (Phi_rp,x)_L xdd_0,                                          (3)
// xdd_0 the bodies' rp accelerations at qdd = 0 (forward kinematics' velocity products: xdd =
// D qdd + xdd_0, and Phi_rp,x xdd = gamma_rp along any motion of x).
//
// Redundant equations (a planar loop of revolutes in 3D: two of a loop revolute's five equations
// bind the joint coordinates, the tree's joints holding the plane): at a consistent state the rows
// of Phi_q are scaled to unit length and taken in order, and a row is kept when its component
// orthogonal to the rows kept before it exceeds kRankTolerance (solvers/constraint_rank.h, the test
// the scene reader uses on the absolute coordinates, here on the joint coordinates; Gram-Schmidt
// twice). The rows left out repeat the kept ones: they hold where these do.

#include <vector>

#include "formulation/formulation.h"
#include "statespace/rp_state_map.h"

namespace mbw {

class LoopConstraints {
 public:
  // rp, dyn (the tree's) and map outlive this
  LoopConstraints(Formulation& rp, TreeDynamics& dyn, const RpStateMap& map);

  // the loop joints' equations the rp formulation keeps, before the choice of independent ones
  int candidates() const { return static_cast<int>(candidates_.size()); }
  // m, the independent equations in use, and their rows in the rp formulation
  int size() const { return static_cast<int>(rows_.size()); }
  const std::vector<int>& rows() const { return rows_; }
  // keeps the independent candidates at (t, q) (see the top); returns their number
  int selectIndependent(double t, const VectorXd& q);

  // Phi (eq 1) at (t, q): forward kinematics of the positions, then the rp equations
  void computeConstraints(double t, const VectorXd& q);
  // Phi, Phi_q and nu (eq 3) at (t, q)
  void computePositions(double t, const VectorXd& q);
  const VectorXd& constraints() const { return phi_; }  // (m), filled by either
  const MatrixXd& jacobian() const { return phiQ_; }    // (m x n), filled by computePositions
  const VectorXd& velocityRhs() const { return nu_; }   // (m), filled by computePositions
  // gamma (eq 3) at the q of the last computePositions and at qd; leaves the tree's kinematics at
  // (q, qd) and its accelerations at qdd = 0
  void accelerationRhs(const VectorXd& q, const VectorXd& qd, VectorXd& gamma);

 private:
  // Phi_q of the given rp rows at the rp formulation's positions (after computePositions)
  void jacobianRows(const std::vector<int>& rows, MatrixXd& out);
  // D_b = dx_b/dq (eq 2) of each body the loop equations touch, at the poses the tree holds
  void bodyJacobians();

  Formulation& rp_;
  TreeDynamics& dyn_;
  const RpStateMap& map_;
  int n_ = 0;
  std::vector<int> candidates_;  // rp rows of the loop joints' primitives
  std::vector<int> rows_;        // the independent ones (selectIndependent)
  std::vector<int> bodies_;      // the model bodies the candidates touch

  // filled by computeConstraints / computePositions
  VectorXd x_, xd_, xdd_, zero_;  // rp positions, rates, accelerations (7 nb); qd = 0 (n)
  VectorXd phi_, nu_, gammaRp_;   // Phi, nu (m); gamma_rp (nc)
  MatrixXd rpJacobian_;           // Phi_rp,x (nc x 7 nb)
  MatrixXd phiQ_;                 // Phi_q (m x n)
  std::vector<Eigen::Matrix<double, 7, Eigen::Dynamic>> D_;  // per model body: dx_b/dq (eq 2)
};

}  // namespace mbw
