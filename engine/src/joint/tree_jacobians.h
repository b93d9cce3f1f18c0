#pragma once
// Exact Jacobians of the joint-coordinate equations of motion of a tree (joint/tree_ode.h),
//     qdd = f(t, q, qd) = ABA(q, qd, tau = 0, gravity gravityFactor(t) g, f^ext(t, q, qd)),
// for the Rosenbrock methods (rn4) and CVODE's BDF:
//     J1 = df/dq,   J2 = df/dqd,   df/dt,
// by forward-mode automatic differentiation of the articulated-body algorithm itself (Featherstone,
// Rigid Body Dynamics Algorithms, 2008, Table 7.1; Griewank and Walther, Evaluating Derivatives,
// 2nd ed. 2008, chapter 3, the tangent mode): ABA run over a scalar that carries one directional
// derivative (joint/autodiff_scalar.h). Seeding q_k (or qd_k) with the derivative 1 gives the k-th
// column of J1 (or J2) exact to rounding; seeding gravity with gravityFactor'(t) g (and the force
// elements with their time derivatives) gives df/dt.
//
// The differentiated passes run inverse dynamics (RNEA, Featherstone 2008 Table 5.1) rather than
// ABA, as J. Carpentier and N. Mansard do (Analytical derivatives of rigid body dynamics
// algorithms, Robotics: Science and Systems, 2018): at the point, f solves
//     ID(q, qd, f(t, q, qd), t) = tau = 0   for every (t, q, qd),
// so that along any direction x of (t, q, qd), with dID/dqdd = H (the joint-space mass matrix),
//     df/dx = -H^-1 dID/dx |_(qdd = f).                                                 (1)
// f comes from ABA in double, H from CRBA in double with its Cholesky factor, once per Jacobian;
// each pass differentiates RNEA (no articulated inertias: 6-vectors where ABA carries 6 x 6
// matrices) at the fixed qdd = f. On the stiff double pendulum (rn4 at rtol 1.8e-4 over 2 s,
// callgrind) a Jacobian took 93 000 instructions with differentiated ABA passes, 67 000 with
// RNEA's (its four passes 72 000 -> 39 000).
//
// Force elements (joint/tree_forces.h) enter each pass as external wrenches whose tangents come by
// the chain rule from their laws' own derivatives (forces/force_evaluation.h, those the absolute
// formulations' Jacobians use), taken once per Jacobian at the point: along a pass's direction a
// body's rA variation is
//     dx_b = (d r_W, dtheta_B = vee(R^T dR)),   dv_b = (d rdot_W, d omega_B)
// from the differentiated forward kinematics (rA's right-trivialized increments: Kissel et al.
// 2021 eq 12), an element's generalized forces vary by
//     dQ_a = sum_b (dQ_a/dq_b dx_b + dQ_a/dv_b dv_b) + dQ_a/dt dt,
// and its wrench on body a, f^ext = [n_B; R^T F_W] (tree_forces.h eq 1), by
//     df^ext = [dn_B; dR^T F_W + R^T dF_W].
// Cost: 2n (+1 when gravity or a force element varies in time) differentiated O(n) passes of RNEA,
// O(n^2) in all, plus once per Jacobian the force elements' derivatives, ABA and CRBA in double,
// H's Cholesky factor and its solves (O(n^3), small beside the passes up to the 64-link chain);
// nothing allocated once warm.

#include <Eigen/Cholesky>

#include "joint/tree_dynamics_ad.h"
#include "joint/tree_forces.h"

namespace mbw {

class TreeJacobians {
 public:
  // the model outlives this; tree is the one TreeOde built for it
  TreeJacobians(const Model& model, const KinematicTree& tree);

  // J1 = df/dq, J2 = df/dqd (n x n), dfdt (n) at (t, q, qd). branches: the tree ODE's force
  // elements, whose RSDA angle branches to continue (without it, those of the last evaluation)
  void evaluate(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& J1, MatrixXd& J2,
                VectorXd& dfdt, const TreeForces* branches = nullptr);

  // the reference rotations R_0 of the ODE's tree after its re-basing (kinematic_tree.h eq 4)
  void followFrames(const KinematicTree& tree) {
    dynamics_.followFrames(tree);
    point_.followFrames(tree);
  }

  // differentiated ABA passes so far
  long passes() const { return passes_; }

 private:
  // one differentiated pass: the derivative of ID(q, qd, f) along the seeds set in q_, qd_ and
  // gravity, with the force elements' time derivatives times timeSeed (H df/dx, negated: eq 1)
  void pass(const Vec3T<TreeAdScalar>& gravity, double timeSeed, Eigen::Ref<VectorXd> column);
  // the force elements' wrenches with their tangents along the pass's direction (see the top)
  void seedForces(double timeSeed);

  const Model& model_;
  TreeDynamicsT<TreeAdScalar> dynamics_;
  TreeDynamicsT<TreeAdScalar>::VecX q_, qd_;
  long passes_ = 0;

  // the force elements at the point (filled by evaluate when the model has any)
  TreeForces forces_;
  TreeDynamics point_;  // the point's kinematics and dynamics in double
  // the point's accelerations f (n), as the passes' fixed qdd, and its joint torques (n), the
  // torques the passes differentiate (n), H (n x n) with its factor, and the wrenches of the force
  // elements there
  VectorXd f_, tauPoint_;
  TreeDynamicsT<TreeAdScalar>::VecX qddPoint_, idTau_;
  MatrixXd H_;
  Eigen::LLT<MatrixXd> Hllt_;
  std::vector<Vec6> fextPoint_;
  std::vector<ElementDerivatives> elements_;
  std::vector<Vec6> dx_, dv_;              // per model body, along the pass's direction
  std::vector<Vec6T<TreeAdScalar>> fext_;  // per tree body
  bool timeVarying_ = false;               // some element's dQ/dt is not zero
};

}  // namespace mbw
