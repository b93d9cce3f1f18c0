#pragma once
// The index-3 Newton matrix (index3_solver.h) kept as its blocks, so that it can be formed again
// for new scheme coefficients without evaluating the Jacobians again, and factorized in dense or
// sparse storage:
//     A(cq, cv) = [ M + cq K + cv C    w Phi_q^T ]
//                 [ Phi_q T            -delta I  ]
// with delta = 0 (the KKT matrix) or, for a regularized matrix, delta > 0: the saddle-point form of
// the augmented Lagrangian iteration, whose elimination of the second block row leaves
// M + cq K + cv C + (w / delta) Phi_q^T Phi_q T (index3_solver.h).
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
  // solvers/static_equilibrium.h); delta > 0 only for a regularized matrix
  virtual bool factorize(double cq, double cv, double w, double massScale = 1.0,
                         double delta = 0.0) = 0;
  // forms the projection matrix [M, Phi_q^T; Phi_q, -delta I] from the position blocks alone and
  // factorizes it (index3_solver.h: the mass-orthogonal projections); false when it is singular
  virtual bool factorizeProjection(double delta) = 0;
  // x := A^-1 x with the last factorization
  virtual void solveInPlace(VectorXd& x) = 0;
  // out := A x with the last formed matrix (nv + nc)
  virtual void multiply(const VectorXd& x, VectorXd& out) const = 0;
  // out := Phi_q x with the position blocks assembled last (nc)
  virtual void constraintProduct(const VectorXd& x, VectorXd& out) const = 0;

  // the last formed matrix, densely (tests and diagnostics)
  virtual MatrixXd formed() const = 0;
  virtual LinearSolverKind kind() const = 0;
  // why the last assembly is not to be trusted (a sparse pattern that missed entries), or empty
  virtual std::string assemblyFault() const { return {}; }
};

// regularized: a matrix that may take delta > 0 (in sparse storage its pattern then holds the
// diagonal of the second block)
std::unique_ptr<IterationMatrix> makeIterationMatrix(LinearSolverKind kind, const Formulation& f,
                                                     bool regularized = false);

// The storage the "auto" choice takes for a model: dense up to a size nv + nc measured on this
// machine kind (docs/performance.md, "Dense or sparse"), sparse above. The size is larger when the
// matrix is kept (JacobianUpdate::Auto): then the residuals, whose dense assembly is cheaper at
// small sizes, dominate rather than the factorizations.
LinearSolverKind automaticLinearSolver(const Formulation& f, JacobianUpdate update);

}  // namespace mbw
