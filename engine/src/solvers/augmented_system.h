#pragma once
// The augmented matrix of the equations of motion at the formulation's current positions,
//     A(q) = [ M(q)     Phi_q(q)^T ]
//            [ Phi_q(q) 0          ]
// stored in compressed columns whose pattern comes from the model's topology (statespace/
// body_block_matrix.h) and factorized by KLU; nothing is allocated once warm. It gives the
// accelerations and multipliers consistent with a state's positions and velocities,
//     A [vdot; lambda] = [Q; gamma]          (Kissel, Taves and Negrut 2021, eq 39),
// and the mass-weighted projections of simulation/state_projection.h.

#include "formulation/formulation.h"
#include "math/sparse_lu.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class AugmentedSystem {
 public:
  explicit AugmentedSystem(Formulation& formulation);

  // A at the formulation's current positions, factorized; false when it is singular
  bool factorize();
  // x <- A^-1 x (nv + nc), with the last factorization
  void solveInPlace(VectorXd& x) { lu_.solveInPlace(x.data()); }
  const SparseMatrixXd& matrix() const { return matrix_; }
  // estimate of cond_1(A) at the last factorization
  double conditionEstimate() { return lu_.conditionEstimate(); }

  // the accelerations and multipliers of the state's (t, q, v) into vdot and lambda; false (the
  // state unchanged) when A is singular there
  bool accelerations(State& state);

 private:
  Formulation& f_;
  int nv_, nc_;
  SparseMatrixXd matrix_;  // A, assembled in place
  SparseTarget target_;
  SparseLu lu_;
  VectorXd x_, Q_, gamma_;
};

}  // namespace mbw
