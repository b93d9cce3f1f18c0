#pragma once
// The equations of motion in joint coordinates in the stabilized index-2 form of Gear, Gupta and
// Leimkuhler (1985), the DAE `ida --formulation joint` integrates (ida_dae.h, ida_integrator.h).
// On the n joint coordinates q of the model's kinematic tree (joint/kinematic_tree.h) and the m
// independent equations Phi of its loop joints (statespace/loop_constraints.h eqs 1-3, chosen by
// LoopConstraints::selectIndependent at the consistent initial state; m = 0 on a tree), the
// unknowns y = (q, qd, lambda, mu) and the residual F(t, y, y'):
//     F_q = q' - qd - Phi_q^T mu                    (n)   kinematics, stabilized
//     F_v = H(q) qd' + Phi_q^T lambda - b(t, q, qd) (n)   equations of motion
//     F_l = Phi_q qd - nu                           (m)   velocity constraints
//     F_m = Phi(t, q)                               (m)   position constraints
// H by the composite-rigid-body algorithm and b = tau - C by RNEA at zero accelerations
// (Featherstone, Rigid Body Dynamics Algorithms, 2008, chapter 6; joint/tree_ode.h eqs 1-2), the
// loop joints' forces Phi_q^T lambda added as in chapter 8. As in the absolute coordinates' form
// (ggl_system.h), mu = 0 on the solution and only projects the numerical positions onto Phi = 0.
// What ida shares between the two forms (error weights and control per unit step, lambda and mu
// out of the error test, the continuous extension, the work integrals) is said in
// ida_integrator.h.
//
// The Newton matrix J = dF/dy + cj dF/dy' is dense (2n + 2m unknowns: 82 on Andrews' squeezer,
// whose seven planar joints to the ground carry 21 coordinates): the columns of q by forward
// differences of F (n residual evaluations, each one CRBA and RNEA pass and the loops' Phi_q);
// those of qd exactly (-1 in F_q, Phi_q in F_l) but for F_v's -db/dqd, by forward differences of b
// (n RNEA passes); those of lambda and mu exactly (Phi_q^T in F_v, -Phi_q^T in F_q); and cj dF/dy'
// = cj diag(1, H, 0, 0) exactly.
//
// The run's state at a point of IDA is rp's (statespace/rp_state_map.h): forward kinematics of
// (q, qd), with the accelerations and loop multipliers of the point's positions and velocities,
//     [ H      Phi_q^T ] [ qdd    ]   [ b     ]
//     [ Phi_q  0       ] [ lambda ] = [ gamma ]                                        (1)
// (the tree with its loop constraints, Featherstone 2008 chapter 8; gamma of
// statespace/loop_constraints.h eq 3), and the rp multipliers of that motion. The tree's joints
// hold in it to rounding, the loop joints' to IDA's Newton tolerance at accepted points and to the
// interpolation error in between.
//
// The spherical and free joints' Bryant angles are re-based where an accepted point finds their
// middle angle past kRebaseAngle (joint/kinematic_tree.h eq 4; rebaseDue(), rebase()): the same
// state in new coordinates, from which IDA starts afresh (ida_integrator.h).

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "integrators/ida_dae.h"
#include "joint/tree_ode.h"
#include "statespace/loop_constraints.h"
#include "statespace/rp_state_map.h"

namespace mbw {

class JointGglSystem final : public IdaDae {
 public:
  // rp: the rp formulation of the model (the states' coordinates), which outlives this. Throws
  // JointTreeError for a model the tree cannot hold (naming the joint, body or element).
  explicit JointGglSystem(Formulation& rp);

  void initialize(const State& consistent) override;
  int size() const override { return 2 * n_ + 2 * m_; }
  int differentialSize() const override { return 2 * n_; }
  // the independent loop equations (after initialize)
  int constraintSize() const { return m_; }

  void pack(const State& consistent, double* y, double* yp) override;
  void unpack(double t, const double* y, const double* yp, State& state) override;
  void consistentState(double t, const double* y, const double* yp, State& state) override {
    unpack(t, y, yp, state);  // unpack's accelerations and multipliers are eq (1)'s already
  }

  // the spherical chains past kRebaseAngle (joint/kinematic_tree.h eq 4), named; re-based
  std::string rebaseDue(const double* y) const override;
  void rebase(double t, double* y, double* yp) override;
  std::string residual(double t, const double* y, const double* yp, double* F) override;
  std::string jacobian(double t, double cj, const double* y, const double* yp) override;
  const SparseMatrixXd* sparseMatrix() const override { return nullptr; }
  const MatrixXd& denseMatrix() const override { return J_; }
  long jacobianResiduals() const override { return jacobianResiduals_; }

 private:
  // y and y' of (t, q_, qd_), eq (1)'s qdd and lambda, mu = 0
  void packPoint(double t, double* y, double* yp);
  // q_, qd_ of y; H_, b_ and (with loops) Phi, Phi_q, nu there
  void load(double t, const double* y);
  // qdd_ and lambda_ of eq (1) at the loaded point; false when its matrix is singular
  bool solveAccelerations();

  TreeOde ode_;
  RpStateMap map_;
  LoopConstraints loops_;
  int n_ = 0, m_ = 0;

  // the loaded point (filled by load) and its accelerations (solveAccelerations)
  VectorXd q_, qd_, qdd_, lambda_, b_, gamma_;
  MatrixXd H_;
  // eq (1): H's factor on a tree; with loops its matrix (n + m square), factor, right-hand side
  // and solution
  Eigen::LLT<MatrixXd> hLlt_;
  MatrixXd kkt_;
  Eigen::PartialPivLU<MatrixXd> kktLu_;
  VectorXd kktRhs_, kktX_;
  // the Newton matrix and the differences' workspace
  MatrixXd J_, phiQ_;
  VectorXd yShifted_, F0_, F1_, b0_;  // b0_: b at the point
  VectorXd qJac_, qdJac_;             // the point's q and qd, qd shifted column by column
  long jacobianResiduals_ = 0;
  // the point of the last unpack(), whose state map_ holds
  bool unpacked_ = false;
  double unpackedT_ = 0.0;
  VectorXd unpackedY_;
};

}  // namespace mbw
