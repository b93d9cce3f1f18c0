#pragma once
// Exact Jacobians of the joint-coordinate equations of motion of a tree (joint/tree_ode.h),
//     qdd = f(t, q, qd) = ABA(q, qd, tau = 0, gravity gravityFactor(t) g),
// for the Rosenbrock methods (rn4):
//     J1 = df/dq,   J2 = df/dqd,   df/dt = gravityFactor'(t) (df/dg) g,
// by forward-mode automatic differentiation of the articulated-body algorithm itself (Featherstone,
// Rigid Body Dynamics Algorithms, 2008, Table 7.1; Griewank and Walther, Evaluating Derivatives,
// 2nd ed. 2008, chapter 3, the tangent mode): ABA run over a scalar that carries one directional
// derivative (joint/autodiff_scalar.h). Seeding q_k (or qd_k) with the derivative 1 gives the k-th
// column of J1 (or J2) exact to rounding; seeding gravity with gravityFactor'(t) g gives df/dt.
// Cost: 2n (+1 when gravity varies) differentiated O(n) passes, O(n^2) in all; nothing allocated
// once warm.

#include "joint/autodiff_scalar.h"
#include "joint/tree_dynamics.h"

namespace mbw {

extern template class TreeDynamicsT<TreeAdScalar>;

class TreeJacobians {
 public:
  // the model outlives this; tree is the one TreeOde built for it. Throws JointTreeError for a
  // model with force elements (their laws are not written over the differentiating scalar yet).
  TreeJacobians(const Model& model, const KinematicTree& tree);

  // J1 = df/dq, J2 = df/dqd (n x n), dfdt (n) at (t, q, qd)
  void evaluate(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& J1, MatrixXd& J2,
                VectorXd& dfdt);

  // differentiated ABA passes so far
  long passes() const { return passes_; }

 private:
  // one differentiated pass: the derivative of qdd along the seeds set in q_, qd_ and gravity
  void pass(const Vec3T<TreeAdScalar>& gravity, Eigen::Ref<VectorXd> column);

  const Model& model_;
  TreeDynamicsT<TreeAdScalar> dynamics_;
  TreeDynamicsT<TreeAdScalar>::VecX q_, qd_, tau_, qdd_;
  long passes_ = 0;
};

}  // namespace mbw
