#pragma once
// The equations of motion of a tree of joints in joint coordinates, as the ODE of the state-space
// integrators (statespace/independent_ode.h): y = q, yd = qd, the joint coordinates and rates of
// the model's kinematic tree (joint/kinematic_tree.h), and
//     ydd = f(t, q, qd) = ABA(q, qd, gravity, force elements)
// (Featherstone, Rigid Body Dynamics Algorithms, 2008, Table 7.1; joint/tree_ode.h): one O(n)
// pass per evaluation, no constraint to solve, no partition to check. The exact Jacobians J1 =
// df/dq, J2 = df/dqd and df/dt are those of forward-mode differentiation of ABA
// (joint/tree_jacobians.h).
//
// The full state the run records is the rp formulation's of the same model, from forward
// kinematics (Featherstone 2008 chapter 4) at the evaluated point: per body the centre of mass r
// and Euler parameters p of its rotation, and their rates (Haug, Computer-Aided Kinematics and
// Dynamics of Mechanical Systems, 1989, eqs 6.3.1, 6.3.20 and 6.3.22, with G G^T = 1, G p = 0,
// p^T p = 1):
//     pdot  = 1/2 G(p)^T omega_B,
//     pddot = 1/2 G(p)^T omegadot_B - |pdot|^2 p,                                        (1)
// with p's sign kept from the previous full state, so that the recorded parameters are continuous.
// These satisfy the rp constraints at all three levels to rounding (the joints' equations hold by
// construction of the tree: the drift channels are zero but for rounding). The multipliers are
// those of the rp equations of motion at that state,
//     Phi_q^T lambda = Q - M qddot                                                        (2)
// (Kissel et al. 2021 eq 39), a consistent system of full column rank (the tree's joint equations
// are independent), solved through its normal equations
//     Phi_q Phi_q^T lambda = Phi_q (Q - M qddot)                                          (3)
// by Cholesky, so that energies, multipliers and joint reactions are recorded as for rp. (On the
// stiff double pendulum, rn4 at rtol 1.8e-4 over 2 s, callgrind: a Householder QR of Phi_q^T and
// its solve took 26 000 of this map's 45 000 instructions per step; eq 3 takes 12 000 of 32 000.
// On the four test trees the equations' residual stays below 1e-10 of their terms,
// joint_ode_test.)
//
// gatherIndependent maps another full state (an interpolated one) back to joint coordinates
// (jointStateOf, the inverse of forward kinematics, with the Euler parameters normalized).

#include <Eigen/Cholesky>
#include <memory>
#include <vector>

#include "formulation/formulation.h"
#include "joint/tree_jacobians.h"
#include "joint/tree_ode.h"
#include "statespace/independent_ode.h"

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
  PartitionCheck checkPartition() override { return {}; }
  const std::string& singularity() const override { return none_; }

  long evaluations() const override { return ode_.evaluations(); }
  long newtonIterations() const override { return 0; }
  long factorizations() const override { return 0; }

 private:
  Formulation& rp_;
  TreeOde ode_;
  std::unique_ptr<TreeJacobians> jacobians_;  // when the integrator asks for them
  const std::string failure_, none_;          // empty: ABA does not fail, nor meets singularities

  // the last evaluated point (filled by evaluate)
  double t_ = 0.0;
  VectorXd q_, qd_, qdd_;
  // its full state (filled by fullState, once per point)
  State full_;
  bool fullCurrent_ = false;
  MatrixXd mass_, phiQ_, gram_;   // M (nv x nv), Phi_q (nc x nv), Phi_q Phi_q^T (nc x nc)
  VectorXd Q_, residual_;         // Q, Q - M qddot (nv)
  Eigen::LLT<MatrixXd> gramLlt_;  // of Phi_q Phi_q^T, for eq (3)
  mutable std::vector<BodyMotion> motions_;
};

}  // namespace mbw
