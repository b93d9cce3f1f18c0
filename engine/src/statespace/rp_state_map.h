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
// independent), solved through its normal equations
//     Phi_q Phi_q^T lambda = Phi_q (Q - M qddot)                                          (3)
// by Cholesky. (On the stiff double pendulum, rn4 at rtol 1.8e-4 over 2 s, callgrind: a
// Householder QR of Phi_q^T and its solve took 26 000 of this map's 45 000 instructions per step;
// eq 3 takes 12 000 of 32 000.)
//
// jointState maps a full rp state back to joint coordinates (jointStateOf, the inverse of forward
// kinematics, with the Euler parameters normalized).

#include <Eigen/Cholesky>
#include <vector>

#include "formulation/formulation.h"
#include "joint/tree_dynamics.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class RpStateMap {
 public:
  static constexpr int kRpBody = 7;  // rp coordinates per body: r, p (and rdot, pdot)

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
  // of eqs (2)-(3); it becomes the sign reference
  const State& fill(double t, const TreeDynamics& dyn);
  const State& state() const { return full_; }

  // joint coordinates and rates of a full rp state (angles in (-pi, pi])
  void jointState(const KinematicTree& tree, const State& full, VectorXd& q, VectorXd& qd) const;

 private:
  Formulation& rp_;
  State full_;                    // the last filled state (filled by fill)
  MatrixXd mass_, phiQ_, gram_;   // M (nv x nv), Phi_q (nc x nv), Phi_q Phi_q^T (nc x nc)
  VectorXd Q_, residual_;         // Q, Q - M qddot (nv)
  Eigen::LLT<MatrixXd> gramLlt_;  // of Phi_q Phi_q^T, for eq (3)
  mutable std::vector<BodyMotion> motions_;
};

}  // namespace mbw
