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
// Cost: 2n (+1 when gravity or a force element varies in time) differentiated O(n) passes, O(n^2)
// in all, plus the force elements' derivatives once; nothing allocated once warm.

#include "joint/autodiff_scalar.h"
#include "joint/tree_dynamics.h"
#include "joint/tree_forces.h"

namespace mbw {

extern template class TreeDynamicsT<TreeAdScalar>;

class TreeJacobians {
 public:
  // the model outlives this; tree is the one TreeOde built for it
  TreeJacobians(const Model& model, const KinematicTree& tree);

  // J1 = df/dq, J2 = df/dqd (n x n), dfdt (n) at (t, q, qd). branches: the tree ODE's force
  // elements, whose RSDA angle branches to continue (without it, those of the last evaluation)
  void evaluate(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& J1, MatrixXd& J2,
                VectorXd& dfdt, const TreeForces* branches = nullptr);

  // differentiated ABA passes so far
  long passes() const { return passes_; }

 private:
  // one differentiated pass: the derivative of qdd along the seeds set in q_, qd_ and gravity, with
  // the force elements' time derivatives times timeSeed
  void pass(const Vec3T<TreeAdScalar>& gravity, double timeSeed, Eigen::Ref<VectorXd> column);
  // the force elements' wrenches with their tangents along the pass's direction (see the top)
  void seedForces(double timeSeed);

  const Model& model_;
  TreeDynamicsT<TreeAdScalar> dynamics_;
  TreeDynamicsT<TreeAdScalar>::VecX q_, qd_, tau_, qdd_;
  long passes_ = 0;

  // the force elements at the point (filled by evaluate when the model has any)
  TreeForces forces_;
  TreeDynamics point_;  // the point's kinematics in double
  std::vector<ElementDerivatives> elements_;
  std::vector<Vec6> dx_, dv_;              // per model body, along the pass's direction
  std::vector<Vec6T<TreeAdScalar>> fext_;  // per tree body
  bool timeVarying_ = false;               // some element's dQ/dt is not zero
};

}  // namespace mbw
