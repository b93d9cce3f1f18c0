#pragma once
// The state-space ODE of Sandu et al. 2001 eq (9): the independent accelerations vddot = f(t, v,
// vdot) of a constrained system in the rp coordinates, by generalized coordinate partitioning (eqs
// 4-10).
//
// evaluate(t, v, vdot), the acceleration map:
//   1. dependent positions u: Newton on Phi(u, v) = 0 (eq 7c) to |Phi|_inf <= tolerance, from a
//      prediction of the motion moved along the last point's tangent basis:
//         q_pred = p(t) + T (v - v_pred)
//      (v_pred the independent part of p(t)), where p is the quintic Hermite interpolant of q,
//      qdot, qddot at the last two accepted points (acceptPoint(): the integrator's step ends; up
//      to kAnchorReach of their interval beyond the older) or, at the last evaluated point's own
//      time or without two accepted points, that point's motion to second order in time,
//      p(t) = q_l + dt qdot_l + dt^2/2 qddot_l, dt = t - t_l; the iterations evaluate the
//      constraint values alone (Formulation::computeConstraints) and reuse the last factorization
//      of Phi_u (refactorized when they stall)
//   2. a fresh factorization of Phi_u at the solution; dependent velocities from
//      Phi_u udot = nu - Phi_v vdot (eq 7d)
//   3. the tangent basis T = dq/dv = [I; H], H = -Phi_u^-1 Phi_v (eq 28a), and the accelerations
//      from the reduced equations (eqs 9-10, in the equivalent form)
//         (T^T M T) vddot = T^T (Q - M z),   z = [0; Phi_u^-1 gamma],   qddot = T vddot + z,
//      multipliers from Phi_u^T lambda = (Q - M qddot)_u (eq 7b), when the full state is asked
//      for (an integrator's right-hand side needs vddot alone).
// jacobians(): the exact J1 = d vddot/dv, J2 = d vddot/d vdot (eq 26) and df/dt (eq 46), by
// differentiating the equations of motion and the velocity and acceleration constraints along
// the manifold (state_space_jacobian.cpp).
//
// Matrices of the size of the model (n coordinates, m constraints) are multiplied block by block
// over the bodies they couple (BodyBlockMatrix); Phi_u is factorized dense up to
// DependentJacobian::kDenseLimit rows, sparse (KLU) above; only ndof-sized matrices are treated
// as dense. The evaluations allocate nothing once warm.

#include <Eigen/Cholesky>
#include <string>

#include "formulation/formulation.h"
#include "solvers/initial_conditions.h"
#include "statespace/body_block_matrix.h"
#include "statespace/coordinate_partition.h"
#include "statespace/dependent_jacobian.h"
#include "statespace/independent_ode.h"

namespace mbw {

struct StateSpaceSettings {
  double constraintTolerance = 1e-10;  // |Phi|_inf after the dependent-position Newton
  int maxNewtonIterations = 12;
  double repartitionGrowth = 1.25;  // Sandu et al. 2001 section 4: cond(Phi_u) may grow by 25%
};

class StateSpaceOde final : public IndependentOde {
 public:
  // formulation: the rp formulation (positions and velocities share their layout)
  StateSpaceOde(Formulation& formulation, StateSpaceSettings settings);

  // Partitions the coordinates at a consistent state (positions and velocities; accelerations
  // may be absent) and evaluates there. False (reason in failure()) when Phi_q is rank deficient.
  bool initialize(const State& consistent) override;

  int size() const override { return static_cast<int>(partition_.independent.size()); }
  const CoordinatePartition& partition() const { return partition_; }
  // v = x[nu] for a full position or velocity vector x
  void gatherIndependent(const VectorXd& full, VectorXd& independent) const;
  void independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) override;
  void gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const override;
  // names of the independent coordinates, e.g. "chassis.e2"
  std::string independentNames() const;

  // f(t, v, vdot) into vddot. False (reason in failure()) when the dependent positions do not
  // converge, Phi_u is singular or the reduced mass matrix is not positive definite.
  bool evaluate(double t, const VectorXd& v, const VectorXd& vdot, VectorXd& vddot) override;
  // the last evaluation is an accepted point of the integration (its step's end): with the one
  // accepted before, it predicts the dependent coordinates of the evaluations that follow
  void acceptPoint() override;
  // the full state of the last successful evaluation: q, v = qdot, vdot = qddot, lambda
  const State& fullState() override;
  const std::string& failure() const override { return failure_; }

  // J1 = d vddot/dv, J2 = d vddot/d vdot and the partial df/dt at the last evaluated point
  void jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) override;

  // Repartitions when cond(Phi_u) at the last evaluated point exceeds the growth factor times its
  // value at the last partitioning. When the coordinates change, the caller re-gathers v, vdot
  // from fullState() (and evaluates again before using derived quantities).
  bool partitioned() const override { return true; }
  PartitionCheck checkPartition() override;

  // why the last triggered partition check found Phi_q near a rank drop (a singular position of
  // the mechanism: solvers/constraint_rank.h), empty when it did not
  const std::string& singularity() const override { return singularity_; }

  long evaluations() const override { return evaluations_; }
  long newtonIterations() const override { return newtonIterations_; }
  long factorizations() const override { return dependent_.factorizations(); }

 private:
  bool choosePartition(const VectorXd& q, double t);
  bool solveDependentPositions(double t, const VectorXd& v);
  // q at t on the quintic Hermite of the last two accepted points (false without two, or
  // beyond kAnchorReach of their interval)
  bool predictFromAnchors(double t, VectorXd& q) const;
  bool factorizeAt();  // assembles Phi_q at the current positions and factorizes Phi_u
  // for a failure message: "; near a singular position: ..." when the ODE is near one, else empty
  std::string nearSingularity() const;
  void solveVelocities(const VectorXd& vdot);
  bool solveAccelerations();
  void solveMultipliers();  // lambda at the last evaluated point, once
  // x := [0; Phi_u^-1 w] scattered to the dependent rows (x: n rows); uses work_m_
  void dependentSolution(const VectorXd& w, VectorXd& x);
  void scatterDependent(const VectorXd& u, VectorXd& x) const;

  Formulation& f_;
  StateSpaceSettings settings_;
  int n_, m_;
  CoordinatePartition partition_;
  double referenceCondition_ = 0.0;
  std::string singularity_;  // see singularity()
  std::vector<BodyBlockMatrix::Block> rowStructure_;

  // matrices of the model's size, by body blocks
  BodyBlockMatrix phiQ_, mass_, kq_, kv_, rateQ_, nuQ_, accQ_, accV_;
  DependentJacobian dependent_;

  // the last evaluated point (filled by evaluate)
  State full_;
  MatrixXd T_;     // dq/dv (n x ndof)
  MatrixXd phiV_;  // Phi_v (m x ndof)
  MatrixXd H_;     // -Phi_u^-1 Phi_v (m x ndof)
  MatrixXd mT_;    // M T (n x ndof)
  MatrixXd mHat_;  // T^T M T (ndof x ndof)
  Eigen::LLT<MatrixXd> mHatLLT_;
  VectorXd Q_, gamma_, z_, work_n_, work_m_, work_d_, qSaved_;
  std::string failure_;
  bool factorized_ = false;
  bool multipliersSolved_ = false;  // full_.lambda is that of the last evaluated point

  // jacobian workspace
  MatrixXd Y_, X_, KT_, CT_, RT_, KtT_, CtY_, J_;
  VectorXd nuT_, gammaT_, Qt_, qt_, qdott_, r1_, r2_, tmp_n_, tmp_m_;

  // the last two accepted points, older first (filled by acceptPoint)
  struct Anchor {
    double t = 0.0;
    VectorXd q, qdot, qddot;
  };
  static constexpr double kAnchorReach = 3.0;  // farthest prediction, in intervals from the older
  Anchor anchor_[2];
  int anchors_ = 0;

  long evaluations_ = 0, newtonIterations_ = 0;
};

}  // namespace mbw
