#pragma once
// The index-3 Newton matrix (index3_solver.h) kept as its blocks, so that it can be formed again
// for new scheme coefficients without evaluating the Jacobians again, and factorized in dense or
// sparse storage:
//     A(cq, cv) = [ M + cq K + cv C    w Phi_q^T ]
//                 [ Phi_q T            0         ]
// M the mass matrix and Phi_q the constraint Jacobian at the current positions; K = w d/dq and
// C = w d/dv of r1 / w with the inertial term a / w (the Jacobian of the dynamics, unit
// coefficients), K through the increment's tangent map T where positions live on a manifold
// (Formulation::applyIncrementTangent), Phi_q T the same. The residual of the dynamics
//     r1 = M a + w (Phi_q^T lambda - Q)
// uses M and Phi_q, so they are refreshed at every iterate while K, C and the factorization may be
// kept (modified Newton).
//
// Dense storage factorizes with partial pivoting (Eigen); sparse storage takes its pattern from
// the model's topology once (the coupled body blocks of statespace/body_block_matrix.h), assembles
// straight into compressed columns and factorizes with KLU (math/sparse_lu.h), which reuses its
// ordering for every matrix of the run.

#include <memory>
#include <string>

#include "formulation/formulation.h"

namespace mbw {

enum class LinearSolverKind { Dense, Sparse };
// when the matrix is evaluated (index3_solver.h)
enum class JacobianUpdate { Auto, Iteration, Step };

class IterationMatrix {
 public:
  virtual ~IterationMatrix() = default;

  // M and Phi_q at the formulation's current positions
  virtual void assemblePositionBlocks(const Formulation& f) = 0;
  // r1 = M a + w (Phi_q^T lambda - Q), from the position blocks (nv)
  virtual void dynamicsResidual(const VectorXd& a, const VectorXd& lambda, const VectorXd& Q,
                                double w, Eigen::Ref<VectorXd> r1) const = 0;
  // K and C at the current positions and velocities for the inertial term a and the multipliers;
  // tangent: the increment g whose map T applies (nullptr where the scheme leaves it out)
  virtual void assembleDerivatives(const Formulation& f, const VectorXd& a, const VectorXd& lambda,
                                   double w, const VectorXd* tangent) = 0;
  // forms A(cq, cv) from the blocks and factorizes it; false when it is singular. massScale
  // multiplies M (0: the static equilibrium matrix [K, Phi_q^T; Phi_q, 0] of
  // solvers/static_equilibrium.h)
  virtual bool factorize(double cq, double cv, double w, double massScale = 1.0) = 0;
  // x := A^-1 x with the last factorization
  virtual void solveInPlace(VectorXd& x) = 0;

  // the last formed matrix, densely (tests and diagnostics)
  virtual MatrixXd formed() const = 0;
  virtual LinearSolverKind kind() const = 0;
  // why the last assembly is not to be trusted (a sparse pattern that missed entries), or empty
  virtual std::string assemblyFault() const { return {}; }
};

std::unique_ptr<IterationMatrix> makeIterationMatrix(LinearSolverKind kind, const Formulation& f);

// The storage the "auto" choice takes for a model: dense up to a size nv + nc measured on this
// machine kind (docs/performance.md, "Dense or sparse"), sparse above. The size is larger when the
// matrix is kept (JacobianUpdate::Auto): then the residuals, whose dense assembly is cheaper at
// small sizes, dominate rather than the factorizations.
LinearSolverKind automaticLinearSolver(const Formulation& f, JacobianUpdate update);

}  // namespace mbw
