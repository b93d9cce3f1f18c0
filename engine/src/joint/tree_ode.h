#pragma once
// The equations of motion of a model whose joints form a tree, in joint coordinates: the ODE
//     qdd = f(t, q, qd) = ABA(q, qd, tau(t, q, qd), gravity gravityFactor(t) g, f^ext(t, q, qd))
// (Featherstone, Rigid Body Dynamics Algorithms, 2008, Table 7.1; joint/tree_dynamics.h), with one
// coordinate per joint freedom and no constraint to solve: O(n) per evaluation. f^ext are the
// force elements' wrenches on the bodies, but for RSDAs on a hinge's own axis, which act as joint
// torques tau (joint/tree_forces.h eq 2).
//
// It holds what the tree holds (joint/kinematic_tree.h: joints of up to three freedoms as chains
// through virtual bodies, free bodies), gravity and every force element: TSDA, RSDA, point forces,
// torques and tires. The state-space integrators advance it through statespace/joint_ode.h
// (`--formulation joint`).
//
// A model whose joints close loops is held only when the caller solves the loop constraints
// (closedLoops): statespace/loop_joint_ode.h, by coordinate partitioning. It then asks for the
// terms of the tree's joint-space equations of motion (Featherstone 2008 chapter 6),
//     H(q) qdd + C(q, qd, f^ext) = tau,                                                (1)
// H by the composite-rigid-body algorithm (Table 6.2), and the right-hand side
//     b = tau - C = tau - RNEA(q, qd, qdd = 0, gravity, f^ext)                           (2)
// by one RNEA pass at zero accelerations (Table 5.1); the loop constraints' forces are added to
// (1) by the caller.

#include "joint/tree_forces.h"

namespace mbw {

class TreeOde {
 public:
  // Throws JointTreeError for a model it cannot hold (see above), and for a model with loops unless
  // closedLoops (then only terms() serves: evaluate() is the tree's motion without its loops). The
  // model outlives the ODE.
  explicit TreeOde(const Model& model, bool closedLoops = false);

  int size() const { return dynamics_.size(); }
  const KinematicTree& tree() const { return dynamics_.tree(); }
  // the scene's initial state in joint coordinates
  void initialState(VectorXd& q, VectorXd& qd) const;
  // qdd = f(t, q, qd); afterwards dynamics() holds the bodies' poses and velocities at (q, qd)
  void evaluate(double t, const VectorXd& q, const VectorXd& qd, VectorXd& qdd);
  // H (eq 1, n x n) and b = tau - C (eq 2) at (t, q, qd); afterwards dynamics() holds the bodies'
  // poses and velocities at (q, qd)
  void terms(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& H, VectorXd& b);
  // b alone (eq 2), as terms() leaves it
  void bias(double t, const VectorXd& q, const VectorXd& qd, VectorXd& b);
  TreeDynamics& dynamics() { return dynamics_; }
  // the force elements, with the RSDA angle branches of the last evaluation
  const TreeForces& forces() const { return forces_; }

  long evaluations() const { return evaluations_; }

 private:
  const Model& model_;
  TreeDynamics dynamics_;
  TreeForces forces_;
  VectorXd tau_, zero_;  // joint torques; zero accelerations (n)
  std::vector<Vec6> fext_;
  long evaluations_ = 0;
};

}  // namespace mbw
