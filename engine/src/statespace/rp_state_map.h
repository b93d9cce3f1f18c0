#pragma once
// The rp coordinates of a kinematic tree's motion (joint/kinematic_tree.h), the state the joint-
// coordinate ODEs record (statespace/joint_ode.h, statespace/loop_joint_ode.h). Per body the centre
// of mass r and the Euler parameters p of its rotation, from forward kinematics (Featherstone,
// Rigid Body Dynamics Algorithms, 2008, chapter 4), and their rates (Haug, Computer-Aided
// Kinematics and Dynamics of Mechanical Systems, 1989, eqs 6.3.1, 6.3.20 and 6.3.22, with
// G G^T = 1, G p = 0, p^T p = 1):
//     pdot  = 1/2 G(p)^T omega_B,
//     pddot = 1/2 G(p)^T omegadot_B - |pdot|^2 p,                                        (1)
// with p's sign kept from the previous full state, so that the recorded parameters are continuous.
// These satisfy the rp constraints at all three levels to rounding wherever the tree's joints are
// the model's (the loop-closing joints hold where the joint coordinates satisfy their
// constraints). The multipliers are those of the rp equations of motion at that state,
//     Phi_q^T lambda = Q - M qddot                                                        (2)
// (Kissel et al. 2021 eq 39), a consistent system of full column rank (the kept equations are
// independent), whose least-squares solution, that of the normal equations
//     Phi_q Phi_q^T lambda = Phi_q (Q - M qddot),                                         (3)
// is that of the augmented system
//     [ I      Phi_q^T ] [ x      ]   [ Q - M qddot ]
//     [ Phi_q  0       ] [ lambda ] = [ 0           ]                                     (4)
// (x = Q - M qddot - Phi_q^T lambda in the null space of Phi_q: eliminating it gives eq 3; Bjorck,
// Numerical Methods for Least Squares Problems, 1996, section 2.5). Small models solve eq 3 densely
// by Cholesky; from kSparseFromSize = nv + nc on, M, Phi_q and eq 4 are stored in the model's
// body-block pattern (statespace/body_block_matrix.h) and eq 4 is factorized by KLU, so that the
// cost grows with the number of bodies as the pattern does (linearly on a chain) where the dense
// product Phi_q Phi_q^T and its factor grow as its cube. (Measured on N-link chains, adams at
// 1e-8: dense 7.6 / 14.3 / 40.9 / 93.6 us a step for N = 2 / 4 / 8 / 12, sparse 10.4 / 19.8 /
// 37.3 / 56.5; nv + nc = 13 N.)
//
// jointState maps a full rp state back to joint coordinates (jointStateOf, the inverse of forward
// kinematics, with the Euler parameters normalized).

#include <Eigen/Cholesky>
#include <vector>

#include "formulation/formulation.h"
#include "joint/tree_dynamics.h"
#include "math/sparse_lu.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class RpStateMap {
 public:
  static constexpr int kRpBody = 7;           // rp coordinates per body: r, p (and rdot, pdot)
  static constexpr int kSparseFromSize = 90;  // nv + nc from which eq 4 is solved sparse

  // rp: the rp formulation of the model, which outlives this
  explicit RpStateMap(Formulation& rp);

  // the reference of p's sign: the parameters of these rp positions
  void followSigns(const VectorXd& x) { full_.q = x; }

  // x = (r, p) per body of the poses dyn holds (after computeKinematics), p's sign continuing the
  // last full state's
  void positions(const TreeDynamics& dyn, VectorXd& x) const;
  // x and its first two time derivatives (eq 1) of the motion dyn holds (after
  // computeAccelerations)
  void motion(const TreeDynamics& dyn, VectorXd& x, VectorXd& xd, VectorXd& xdd) const;

  // the full state at t of the motion dyn holds (after computeAccelerations), with the multipliers
  // of eqs (2)-(4) (not a number where eq 4 is singular); it becomes the sign reference
  const State& fill(double t, const TreeDynamics& dyn);
  const State& state() const { return full_; }

  // joint coordinates and rates of a full rp state (angles in (-pi, pi])
  void jointState(const KinematicTree& tree, const State& full, VectorXd& q, VectorXd& qd) const;

 private:
  Formulation& rp_;
  State full_;  // the last filled state (filled by fill)
  int nv_, nc_;
  bool sparse_;  // eq 4 by KLU, else eq 3 dense
  VectorXd Q_;   // Q (nv)
  // dense: M (nv x nv), Phi_q (nc x nv), Phi_q Phi_q^T (nc x nc) and its factor, Q - M qddot
  MatrixXd denseMass_, phiQ_, gram_;
  Eigen::LLT<MatrixXd> gramLlt_;
  VectorXd residual_;
  // sparse: M in its body blocks, eq 4's matrix, the one being assembled, eq 4's factor, and its
  // right-hand side and solution (nv + nc)
  SparseMatrixXd mass_, augmented_;
  SparseTarget target_;
  SparseLu lu_;
  VectorXd x_;
  mutable std::vector<BodyMotion> motions_;

  // lambda at the formulation's current state by eq 3 (dense) or eq 4 (sparse)
  void denseMultipliers();
  void sparseMultipliers();
};

}  // namespace mbw
