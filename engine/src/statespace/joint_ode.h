#pragma once
// The equations of motion of a tree of joints in joint coordinates, as the ODE of the state-space
// integrators (statespace/independent_ode.h): y = q, yd = qd, the joint coordinates and rates of
// the model's kinematic tree (joint/kinematic_tree.h), and
//     ydd = f(t, q, qd) = ABA(q, qd, gravity, force elements)
// (Featherstone, Rigid Body Dynamics Algorithms, 2008, Table 7.1; joint/tree_ode.h): one O(n)
// pass per evaluation, no constraint to solve, no partition to check; the spherical and free
// joints' Bryant angles are re-based at accepted points (checkPartition). The exact Jacobians J1 =
// df/dq, J2 = df/dqd and df/dt are those of forward-mode differentiation of ABA
// (joint/tree_jacobians.h).
//
// The full state the run records is the rp formulation's of the same model, from forward
// kinematics at the evaluated point, with the multipliers of the rp equations of motion there
// (statespace/rp_state_map.h): the drift channels are zero but for rounding. On the test trees
// the equations' residual stays below 1e-10 of their terms (rp_state_map_test).
//
// gatherIndependent maps another full state (an interpolated one) back to joint coordinates
// (jointStateOf, the inverse of forward kinematics, with the Euler parameters normalized).

#include <memory>

#include "joint/tree_jacobians.h"
#include "joint/tree_ode.h"
#include "statespace/independent_ode.h"
#include "statespace/rp_state_map.h"

namespace mbw {

class JointOde final : public IndependentOde {
 public:
  // rp: the rp formulation of the model (the full states' coordinates), which outlives this.
  // exactJacobians: the integrator asks for jacobians(). Throws JointTreeError for a model the
  // tree ODE cannot hold (naming the joint, body or element).
  JointOde(Formulation& rp, bool exactJacobians);

  bool initialize(const State& consistent) override;
  int size() const override { return ode_.size(); }
  void independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) override;
  void gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const override;

  bool evaluate(double t, const VectorXd& q, const VectorXd& qd, VectorXd& qdd) override;
  void acceptPoint() override {}
  const State& fullState() override;
  const std::string& failure() const override { return failure_; }
  void jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) override;

  bool partitioned() const override { return false; }
  // no partition to check, but the spherical chains' angles re-based when their middle angle
  // passed kRebaseAngle (joint/kinematic_tree.h eq 4): then changed, with the joints named
  PartitionCheck checkPartition() override;
  const std::string& singularity() const override { return none_; }

  long evaluations() const override { return ode_.evaluations(); }
  long newtonIterations() const override { return 0; }
  long factorizations() const override { return 0; }

 private:
  TreeOde ode_;
  std::unique_ptr<TreeJacobians> jacobians_;  // when the integrator asks for them
  const std::string failure_, none_;          // empty: ABA does not fail, nor meets singularities

  // the last evaluated point (filled by evaluate)
  double t_ = 0.0;
  VectorXd q_, qd_, qdd_;
  // its full state (filled by fullState, once per point)
  RpStateMap map_;
  bool fullCurrent_ = false;
};

}  // namespace mbw
