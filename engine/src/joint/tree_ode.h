#pragma once
// The equations of motion of a model whose joints form a tree, in joint coordinates: the ODE
//     qdd = f(t, q, qd) = ABA(q, qd, tau(t, q, qd), gravity gravityFactor(t) g, f^ext(t, q, qd))
// (Featherstone, Rigid Body Dynamics Algorithms, 2008, Table 7.1; joint/tree_dynamics.h), with one
// coordinate per joint freedom and no constraint to solve: O(n) per evaluation. f^ext are the
// force elements' wrenches on the bodies, but for RSDAs on a hinge's own axis, which act as joint
// torques tau (joint/tree_forces.h eq 2).
//
// It holds what the tree holds today: revolute, translational and fixed joints, gravity, TSDA,
// RSDA, point forces and torques. A model with loop-closing joints (their constraints are not
// solved here yet) or a tire (not yet mapped through the tree) is refused with a JointTreeError
// naming the joint or element. The state-space integrators advance it through statespace/
// joint_ode.h (`--formulation joint`).

#include "joint/tree_forces.h"

namespace mbw {

class TreeOde {
 public:
  // Throws JointTreeError for a model it cannot hold (see above). The model outlives the ODE.
  explicit TreeOde(const Model& model);

  int size() const { return dynamics_.size(); }
  const KinematicTree& tree() const { return dynamics_.tree(); }
  // the scene's initial state in joint coordinates
  void initialState(VectorXd& q, VectorXd& qd) const;
  // qdd = f(t, q, qd); afterwards dynamics() holds the bodies' poses and velocities at (q, qd)
  void evaluate(double t, const VectorXd& q, const VectorXd& qd, VectorXd& qdd);
  TreeDynamics& dynamics() { return dynamics_; }
  // the force elements, with the RSDA angle branches of the last evaluation
  const TreeForces& forces() const { return forces_; }

  long evaluations() const { return evaluations_; }

 private:
  const Model& model_;
  TreeDynamics dynamics_;
  TreeForces forces_;
  VectorXd tau_;
  std::vector<Vec6> fext_;
  long evaluations_ = 0;
};

}  // namespace mbw
