#pragma once
// The core shared by every direct index-3 scheme (seed 002 section 3, eq 8; seed 001 eqs 32-35):
// at one time point t, positions and velocities are affine in the unknown accelerations,
//     v = vHat + cv vdot,      q = anchor (+) g,   g = dqHat + cq vdot,
// and Newton solves the discretized equations of motion and the scaled position constraints
//     r1 = M(q) (vdot + a_hist) + w (Phi_q^T lambda - Q(q, v, t)) = 0,      r2 = Phi(q, t) / cq = 0
// for (vdot, lambda), with the iteration matrix
//     [ M + cq d r1/dq + cv d r1/dv    w Phi_q^T ]
//     [ Phi_q                          0         ]
// (the 1/h^2 scaling of seed 001 eq 33a, 1/(b0 h)^2 in general; seed 002 section 2 scales by the
// inverse of b0 h at the first-order level). It stops when the correction satisfies
// |delta|_2 < Theta with Theta cq = newtonTolerance (seed 001 eq 46, Theta h^2 = 1e-11).
// w = 1 and a_hist = 0 except for HHT (w = 1 + alpha, a_hist = -alpha M^-1 (Phi_q^T lambda - Q)
// of the previous step; see hht.h).
//
// Schemes supply the TimePoint (anchor, dqHat, vHat, cq, cv) and the predictor of (vdot, lambda).
// Multi-point schemes (seed 002 section 3.1) combine past points through increments relative to
// the anchor and their rates gdot = T(g)^-1 v (Formulation::incrementRate). They set
// incrementRates, and the position increment solves
//     g = gKnown + c0 T(g)^-1 v,      c0 = cq / cv,   gKnown = dqHat - c0 vHat,
// which is g = dqHat + cq vdot where positions form a vector space (rp, rE) and keeps the
// rotation-matrix update on SO(3) with the exact rate map for rA. The Newton matrix uses
// dg/dvdot = cq (the small T(g) - I part is left out: a quasi-Newton iteration there).
//
// Without incrementRates the matrix is the exact derivative of (r1, r2) with respect to
// (vdot, lambda): where positions live on a manifold (rA), the position derivatives are taken with
// respect to g = dqHat + cq vdot through the tangent map T(g) (Formulation::applyIncrementTangent),
// i.e. seed 001 eq 36 without the approximation of eq 37; for rp and rE, T = I.
//
// The matrix is stored dense or sparse (iteration_matrix.h) and may be kept, factorized, across
// iterations, time points and steps (modified Newton; Hairer and Wanner, Solving ODEs II, section
// IV.8, and the strategy of RADAU5 and IDA). JacobianUpdate::Iteration evaluates and factorizes it
// at every iteration (full Newton); Step once per time point; Auto keeps it while the iteration
// contracts well: with the rate rho_k = |delta_k| / |delta_k-1|, it is evaluated again at the
// current iterate when rho_k > kSlowRate or after kKeptIterations iterations with a kept matrix, at
// the next time point after a failure, after a point whose kept matrix contracted at
// rho > kRefreshRate, or after kMaxAge points, and formed and factorized again without a new
// evaluation when cv (b0 h) has changed by more than a factor kCoefficientRatio since the
// factorization. maxIterations bounds the iterations with Jacobians of the time point itself. With a kept matrix the iteration converges
// linearly, and it stops when rho / (1 - rho) |delta| < Theta as well as |delta| < Theta, so the
// solution is as close to the exact one as with full Newton.
//
// In large models the multipliers cannot meet Theta: r2 = Phi / cq carries the rounding of the
// positions, eps |q| / cq, which the Schur complement Phi_q M^-1 Phi_q^T (its condition grows with
// the length of a chain) amplifies; the corrections then stop contracting at that floor. So a
// point has also converged when, with a Jacobian of the point, the corrections no longer contract
// (rho >= kSlowRate) and the position correction cq |delta_vdot| is within the tolerance.

#include <memory>
#include <optional>
#include <string>

#include "integrators/integrator.h"
#include "integrators/iteration_matrix.h"

namespace mbw {

struct TimePoint {
  double t = 0.0;
  const VectorXd* anchor = nullptr;
  VectorXd dqHat;   // (nv)
  VectorXd vHat;    // (nv)
  double cq = 0.0;  // (b0 h)^2 for the schemes of seed 002; beta h^2 for HHT
  double cv = 0.0;  // b0 h; gamma h for HHT
  bool incrementRates = false;         // see above
  double forceWeight = 1.0;                       // w
  const VectorXd* accelerationHistory = nullptr;  // a_hist (nv), or none
  double newtonTolerance = 0.0;  // Theta cq for this point; 0: the solver's
};

struct NewtonResult {
  bool converged = false;
  int iterations = 0;
  std::string failure;  // why it did not converge
};

struct Index3SolverOptions {
  double tolerance = 1e-11;   // Theta cq
  int maxIterations = 25;     // with one matrix, before the point fails
  std::optional<LinearSolverKind> storage;  // none: automaticLinearSolver
  JacobianUpdate update = JacobianUpdate::Auto;
};

class Index3Solver {
 public:
  Index3Solver(Formulation& formulation, Index3SolverOptions options);

  // vdot and lambda hold the predictor on entry and the solution on exit; q and v receive the
  // positions and velocities of the solution.
  NewtonResult solve(const TimePoint& point, VectorXd& vdot, VectorXd& lambda, VectorXd& q,
                     VectorXd& v);

  // the position increment g of the last solution, q = anchor (+) g (nv)
  const VectorXd& increment() const { return dq_; }
  long jacobianEvaluations() const { return jacobianEvaluations_; }
  long factorizations() const { return factorizations_; }
  LinearSolverKind storage() const { return matrix_->kind(); }

  // One linearization: positions and velocities of (vdot, lambda) into q and v, then the residual
  // (r1, r2) and the iteration matrix at them, factorized. Returns why the point cannot be
  // evaluated (a coordinate singularity of the formulation), empty when it can.
  std::string linearize(const TimePoint& point, const VectorXd& vdot, const VectorXd& lambda,
                        VectorXd& q, VectorXd& v);
  const VectorXd& residual() const { return residual_; }          // (nv + nc)
  MatrixXd iterationMatrix() const { return matrix_->formed(); }  // (nv + nc) square

 private:
  // the rates that decide when the matrix is evaluated again (Auto)
  static constexpr double kSlowRate = 0.5;
  static constexpr double kRefreshRate = 0.2;
  static constexpr double kCoefficientRatio = 1.5;
  static constexpr int kKeptIterations = 6;  // iterations with a kept matrix before a new one
  static constexpr int kMaxAge = 20;         // time points one evaluation serves at most

  void positionsAndVelocities(const TimePoint& point, const VectorXd& vdot, VectorXd& q,
                              VectorXd& v);
  // the residual at (vdot, lambda), and with `derivatives` the Jacobian blocks too
  std::string evaluate(const TimePoint& point, const VectorXd& vdot, const VectorXd& lambda,
                       VectorXd& q, VectorXd& v, bool derivatives);
  bool factorize(const TimePoint& point);
  bool keptMatrixFits(const TimePoint& point) const;

  Formulation& f_;
  Index3SolverOptions options_;
  std::unique_ptr<IterationMatrix> matrix_;
  VectorXd residual_, delta_, Q_, dq_, gKnown_, rate_, inertial_;
  bool factored_ = false;      // a factorization exists
  bool refresh_ = true;        // evaluate the Jacobian at the next time point
  int age_ = 0;                // time points solved since the last evaluation
  double factoredCv_ = 0.0, factoredW_ = 1.0;
  long jacobianEvaluations_ = 0, factorizations_ = 0;
};

// The solver options of an integrator's settings (linearSolver, jacobianUpdate: validated by the
// registry).
Index3SolverOptions index3SolverOptions(const IntegratorSettings& settings);

}  // namespace mbw
