#pragma once
// The equations of motion in the stabilized index-2 form of Gear, Gupta and Leimkuhler (1985), the
// form IDA integrates (ida_integrator.h). Unknowns y = (q, v, lambda, mu), residual F(t, y, y'):
//     F_q = q' - v + Phi_q^T mu                    (nv)   kinematics, stabilized
//     F_v = M(q) v' + Phi_q^T lambda - Q(q, v, t)  (nv)   Kissel et al. 2021 eq (31)
//     F_l = Phi_q v - nu                           (nc)   velocity constraints
//     F_m = Phi(q, t)                              (nc)   position constraints
// Both constraint levels hold on the solution, so mu = 0 there: the stabilization only projects
// the numerical positions back onto Phi = 0 (Gear et al.; Hairer and Wanner, Solving ODEs II,
// section VII.1). The form needs q' = v, i.e. positions and velocities in one vector space with
// the same layout (rp, rE; not rA, whose rotation matrices live on SO(3)).
//
// The Newton matrix of a BDF method, J = dF/dy + cj dF/dy', is assembled exactly from the
// formulation's derivatives, in the unknowns' order (q, v, lambda, mu):
//     [ cj I + H(mu)      -I            0          Phi_q^T ]
//     [ Kq                cj M + Kv     Phi_q^T    0       ]
//     [ R                 Phi_q         0          0       ]
//     [ Phi_q             0             0          0       ]
// Kq, Kv: d/dq and d/dv of M v' + Phi_q^T lambda - Q (Formulation::dynamicsJacobian, the blocks
// of the index-3 Newton matrix); H(mu) = d/dq (Phi_q^T mu); R = d/dq (Phi_q v) - nu_q
// (constraintHessianProduct, constraintRhsDerivatives). It is stored in compressed columns whose
// pattern comes once from the model's topology (statespace/body_block_matrix.h, shared with the
// sparse index-3 core) and filled in place, without sorting or allocating.

#include <string>
#include <vector>

#include "formulation/formulation.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class GglSystem {
 public:
  explicit GglSystem(Formulation& formulation);

  int size() const { return 2 * nv_ + 2 * nc_; }
  int velocitySize() const { return nv_; }
  int constraintSize() const { return nc_; }

  // y and y' of a state (t, q, v, vdot, lambda), mu = 0 (size())
  void pack(const State& state, double* y, double* yp) const;
  // q, v, lambda of y and vdot of y' into a state
  void unpack(double t, const double* y, const double* yp, State& state) const;

  // F(t, y, y') into F (size()). Returns why the point cannot be evaluated (a coordinate
  // singularity, a coupling outside the pattern), empty when it can.
  std::string residual(double t, const double* y, const double* yp, double* F);
  // J = dF/dy + cj dF/dy' at (t, y, y') into matrix(); returns as residual()
  std::string jacobian(double t, double cj, const double* y, const double* yp);
  const SparseMatrixXd& matrix() const { return matrix_; }

 private:
  // q, v, lambda, mu of y into the workspace; positions and velocities into the formulation
  std::string load(double t, const double* y);
  MatrixSink sink(SparseMatrixXd& matrix, int row, int col);
  std::string fault() const;

  Formulation& f_;
  int nv_, nc_;
  SparseMatrixXd mass_, jacobian_;             // M (nv x nv), Phi_q (nc x nv): residual blocks
  SparseMatrixXd matrix_;                      // J (size() square)
  std::vector<int> diagonal_, minusIdentity_;  // where cj I and -I of the first block row sit
  SparseTarget target_;
  long missed_ = 0;  // entries of the last assembly outside the pattern
  // workspace, filled by load() (q, v, lambda, mu) and the evaluations
  VectorXd q_, v_, vdot_, lambda_, mu_, lambdaMu_, Q_, nuT_, gammaT_;
};

}  // namespace mbw
