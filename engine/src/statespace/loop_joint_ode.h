#pragma once
// The equations of motion of a tree of joints closed by loop joints, in joint coordinates, as the
// ODE of the state-space integrators (statespace/independent_ode.h), by generalized coordinate
// partitioning (R. A. Wehage and E. J. Haug, Generalized coordinate partitioning for dimension
// reduction in analysis of constrained dynamic systems, Journal of Mechanical Design 104(1), 1982,
// 247-255; in the form of Sandu et al. 2001 eqs 4-10, the scheme of
// statespace/state_space_ode.h, here on the n joint coordinates q of the model's kinematic tree
// instead of the rp coordinates). The equations are those of a tree with loop constraints
// (Featherstone, Rigid Body Dynamics Algorithms, 2008, chapter 8):
//     H(q) qdd + Phi_q^T lambda = b(t, q, qd) = tau - C(q, qd, f^ext),                  (1)
//     Phi(t, q) = 0,   Phi_q qd = nu,   Phi_q qdd = gamma,                               (2)
// H by the composite-rigid-body algorithm and b by RNEA at zero accelerations (joint/tree_ode.h
// eqs 1-2), Phi the loop joints' independent equations (statespace/loop_constraints.h eqs 1-3).
// The coordinates are partitioned q = (u, v) by Gauss-Jordan elimination with full pivoting on
// Phi_q (statespace/coordinate_partition.h): m dependent u, Phi_u nonsingular, and d = n - m
// independent v, the ODE's y.
//
// evaluate(t, v, vd), the acceleration map:
//   1. dependent positions u: Newton on Phi(t, u, v) = 0 to |Phi|_inf <= the constraint tolerance,
//      from the last point's motion to second order in time moved along its tangent basis,
//         q_pred = q_l + dt qd_l + dt^2/2 qdd_l + T (v - v_pred),
//      reusing the last factorization of Phi_u (refactorized when the residual falls by less than
//      a factor 4), then Phi_u factorized afresh at the solution;
//   2. dependent rates from Phi_u ud = nu - Phi_v vd; the tangent basis T = dq/dv = [I; H_uv],
//      H_uv = -Phi_u^-1 Phi_v (Sandu et al. 2001 eq 28a);
//   3. the reduced equations of (1)-(2), with z = [0; Phi_u^-1 gamma] (eqs 9-10),
//         (T^T H T) vdd = T^T (b - H z),   qdd = T vdd + z.                               (3)
// checkPartition: the spherical and free joints' Bryant angles re-based when their middle angle
// passed kRebaseAngle (joint/kinematic_tree.h eq 4), the partition chosen again; else when
// cond_1(Phi_u) grows beyond the settings' factor over its value at the last partitioning (Sandu
// et al. 2001 section 4), or the tangent basis's largest entry max |H_uv| does, over its value
// there or 1, Gauss-Jordan chooses the coordinates again. The second test sees what the first
// cannot: with one loop equation Phi_u is a scalar, cond(Phi_u) = 1 however small it grows, and
// |H_uv| > 1 says an independent coordinate's column has outgrown the pivot's (full pivoting
// chose the largest).
//
// jacobians(): J1 = d vdd/dv, J2 = d vdd/d vd and df/dt by central differences of the acceleration
// map (2d pairs of evaluations, and one more for df/dt when gravity's factor, a loop equation or a
// force element varies in time; step 6e-6 relative), the dependent positions of each solved to
// rounding (a Newton correction beyond the tolerance while the residual halves) so that the
// differences see the map and not the Newton iteration's stopping point; exact Jacobians are not
// written for loops yet.
//
// The full state the run records is rp's (statespace/rp_state_map.h) from forward kinematics at
// the evaluated point, with the rp multipliers by eqs (2)-(3) there: the loop joints' equations
// hold in it to the Newton tolerance, the tree's to rounding. gatherIndependent maps a full state
// back to joint coordinates, each angle taken on the turn nearest the last point's.

#include <Eigen/Cholesky>
#include <memory>
#include <string>

#include "joint/tree_ode.h"
#include "statespace/coordinate_partition.h"
#include "statespace/dependent_jacobian.h"
#include "statespace/loop_constraints.h"
#include "statespace/rp_state_map.h"
#include "statespace/state_space_ode.h"

namespace mbw {

class LoopJointOde final : public IndependentOde {
 public:
  // rp: the rp formulation of the model (the full states' coordinates), which outlives this.
  // Throws JointTreeError for a model the tree cannot hold (naming the joint, body or element).
  LoopJointOde(Formulation& rp, StateSpaceSettings settings);

  // Chooses the independent loop equations and the partition at a consistent state, and evaluates
  // there. False (reason in failure()) when Phi_q has no partition.
  bool initialize(const State& consistent) override;
  int size() const override { return static_cast<int>(partition_.independent.size()); }
  int coordinates() const { return n_; }
  const LoopConstraints& loops() const { return loops_; }
  const CoordinatePartition& partition() const { return partition_; }
  // the joint coordinates, rates and accelerations of the last evaluated point
  const VectorXd& q() const { return q_; }
  const VectorXd& qd() const { return qd_; }
  const VectorXd& qdd() const { return qdd_; }
  void independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) override;
  void gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const override;

  // f(t, v, vd) into vdd. False (reason in failure()) when the dependent positions do not
  // converge, Phi_u is singular or T^T H T is not positive definite.
  bool evaluate(double t, const VectorXd& v, const VectorXd& vd, VectorXd& vdd) override;
  void acceptPoint() override {}
  const State& fullState() override;
  const std::string& failure() const override { return failure_; }
  void jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) override;

  bool partitioned() const override { return true; }
  PartitionCheck checkPartition() override;
  const std::string& singularity() const override { return singularity_; }

  long evaluations() const override { return evaluations_; }
  long newtonIterations() const override { return newtonIterations_; }
  long factorizations() const override { return dependent_.factorizations(); }

 private:
  bool choosePartition(double t);  // at q_
  void evaluateAtPartition();      // at q_, qd_ in the current partition
  bool solvePositions(double t, const VectorXd& v);
  bool factorizeAt(double t);  // Phi_q at q_, and Phi_u factorized
  void solveVelocities(const VectorXd& vd);
  bool solveAccelerations();
  // vdd of the independent coordinates at (t, v, vd), from the saved point (the differences)
  bool differenceAt(double t, const VectorXd& v, const VectorXd& vd, VectorXd& vdd);

  Formulation& rp_;
  StateSpaceSettings settings_;
  TreeOde ode_;
  RpStateMap map_;
  LoopConstraints loops_;
  int n_ = 0, m_ = 0;
  CoordinatePartition partition_;
  DependentJacobian dependent_;
  double referenceCondition_ = 0.0;
  double referenceTangent_ = 0.0;  // max(1, max |H_uv|) at the partitioning, 0: not yet evaluated
  bool factorized_ = false;
  bool polish_ = false;       // the differences' evaluations: positions to rounding
  bool timeVarying_ = false;  // some term of the map varies in time at fixed q, qd: df/dt
  std::string failure_, singularity_;

  // the last evaluated point (filled by evaluate)
  double t_ = 0.0;
  VectorXd q_, qd_, qdd_;
  MatrixXd T_;           // dq/dv (n x d)
  MatrixXd phiV_, Huv_;  // Phi_v, -Phi_u^-1 Phi_v (m x d)
  MatrixXd H_, HT_;      // H (n x n), H T (n x d)
  MatrixXd reduced_;     // T^T H T (d x d)
  Eigen::LLT<MatrixXd> reducedLlt_;
  VectorXd b_, gamma_, z_, work_n_, work_m_, work_d_, qSaved_;
  bool fullCurrent_ = false;

  // the point the differences start from (jacobians)
  double tBase_ = 0.0;
  VectorXd qBase_, qdBase_, qddBase_, vBase_, vdBase_, fPlus_, fMinus_, shifted_;
  MatrixXd TBase_;
  mutable VectorXd gatherQ_, gatherQd_;

  long evaluations_ = 0, newtonIterations_ = 0;
};

}  // namespace mbw
