#pragma once
// The core shared by every direct index-3 scheme (Zhang et al. 2022 section 3, eq 8; Kissel et al.
// 2021 eqs 32-35): at one time point t, positions and velocities are affine in the unknown
// accelerations,
//     v = vHat + cv vdot,      q = anchor (+) g,   g = dqHat + cq vdot,
// and Newton solves the discretized equations of motion and the scaled position constraints
//     r1 = M(q) (vdot + a_hist) + w (Phi_q^T lambda - Q(q, v, t)) = 0,      r2 = Phi(q, t) / cq = 0
// for (vdot, lambda), with the iteration matrix
//     [ M + cq d r1/dq + cv d r1/dv    w Phi_q^T ]
//     [ Phi_q                          0         ]
// (the 1/h^2 scaling of Kissel et al. 2021 eq 33a, 1/(b0 h)^2 in general; Zhang et al. 2022 section
// 2 scales by the inverse of b0 h at the first-order level). It stops when the correction satisfies
// |delta|_2 < Theta with Theta cq = newtonTolerance (Kissel et al. 2021 eq 46, Theta h^2 = 1e-11;
// the schemes give each point its own, following the step: step_control.h). w = 1 and a_hist = 0
// except for HHT (w = 1 + alpha, a_hist = -alpha M^-1 (Phi_q^T lambda - Q) of the previous step;
// see hht.h).
//
// Schemes supply the TimePoint (anchor, dqHat, vHat, cq, cv) and the predictor of (vdot, lambda).
// Multi-point schemes (Zhang et al. 2022 section 3.1) combine past points through increments
// relative to the anchor and their rates gdot = T(g)^-1 v (Formulation::incrementRate). They set
// incrementRates, and the position increment solves
//     g = gKnown + c0 T(g)^-1 v,      c0 = cq / cv,   gKnown = dqHat - c0 vHat,
// which is g = dqHat + cq vdot where positions form a vector space (rp, rE) and keeps the
// rotation-matrix update on SO(3) with the exact rate map for rA. The Newton matrix uses
// dg/dvdot = cq (the small T(g) - I part is left out: a quasi-Newton iteration there).
//
// Without incrementRates the matrix is the exact derivative of (r1, r2) with respect to
// (vdot, lambda): where positions live on a manifold (rA), the position derivatives are taken with
// respect to g = dqHat + cq vdot through the tangent map T(g) (Formulation::applyIncrementTangent),
// i.e. Kissel et al. 2021 eq 36 without the approximation of eq 37; for rp and rE, T = I.
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
// factorization. maxIterations bounds the iterations with Jacobians of the time point itself. With
// a kept matrix the iteration converges linearly, and it stops when rho / (1 - rho) |delta| < Theta
// as well as |delta| < Theta, so the solution is as close to the exact one as with full Newton.
//
// In large models the multipliers cannot meet Theta: r2 = Phi / cq carries the rounding of the
// positions, eps |q| / cq, which the Schur complement Phi_q M^-1 Phi_q^T (its condition grows with
// the length of a chain) amplifies; the corrections then stop contracting at that floor. So a
// point has also converged when, with a Jacobian of the point, the corrections no longer contract
// (rho >= kSlowRate) and the position correction cq |delta_vdot| is within the tolerance, or within
// the point's roundingFloor where the tolerance is tighter than the positions' rounding.
//
// The augmented Lagrangian iteration (Bayo and Ledesma 1996; with the projections of Cuadrado,
// Cardenal and Bayo 1997 and Cuadrado, Gutierrez, Naya and Morer 2001: the index-3 augmented
// Lagrangian formulation with velocity and acceleration projections). The constraints enter as a
// penalty alpha Phi on top of the multipliers lambda*, which take the constraints of the new
// positions at every iteration:
//     r1 = M (vdot + a_hist) + w (Phi_q^T (lambda* + alpha Phi) - Q) = 0,
//     lambda* := lambda* + alpha Phi(q)   (before each correction but the first; lambda = lambda*)
// with the leading matrix M + cq K + cv C + w cq alpha Phi_q^T Phi_q, positive definite whatever
// the rank of Phi_q (redundant equations, singular positions where a mechanism's loops lose rank).
// The penalty alpha = kappa m / cq, with m the mean mass of the model's bodies and kappa the
// dimensionless penalty factor (Index3SolverOptions::penalty): the penalty term kappa m
// Phi_q^T Phi_q then weighs against M alike at every step size (the papers' alpha = 1e7..1e9 at
// h = 1e-3..1e-2 s with masses of 1 kg are kappa = 1e2..1e4; near the singular positions of the
// N four-bar the multipliers converge at rho = 1 / (1 + kappa s) for the small eigenvalues s of
// Phi_q M^-1 Phi_q^T / m: with ten windows kappa = 1e4 stalled where 1e6 passes, with forty
// 1e6 stalled at the second singular position where 1e7 and 1e8 pass; but 1e7 fails the first
// step of the stiff double pendulum, which 1e6 passes: the default stays 1e6). Each correction is
// solved in the equivalent saddle-point form
//     [ M + cq K + cv C    w Phi_q^T ] [ delta_vdot ]     [ r1(lambda*) ]
//     [ Phi_q T            -delta I  ] [ mu         ] = - [ Phi / cq    ],   delta = 1 / (kappa m),
// whose second row eliminated gives the leading matrix above (mu is not used): the same stored
// blocks, a regularized matrix (iteration_matrix.h). The test is the papers': on the position
// correction (its largest component) alone, cq |delta_vdot|_inf < tolerance with a Jacobian of the
// point (with a kept one, the rate condition above), not on the multipliers, which a Phi_q near
// rank loss leaves undetermined along its null space: there they converge at a rate near 1 while
// the positions hardly move, and a point whose corrections stall (rho >= kSlowRate with a Jacobian
// of the point) is accepted when Phi_q is near a rank drop there or approaches one
// (kRankLossWarning of solvers/constraint_rank.h) and its constraint violation and its position
// correction are within kIllDetermined of the point's position increment. After the point a step
// ends with, the mass-orthogonal projections (Bayo and Ledesma 1996) with the same penalty:
//     velocities     minimize |v - v*|_M^2 + (1 / delta) |Phi_q v - nu|^2
//     accelerations  minimize |vdot - vdot*|_M^2 + (1 / delta) |Phi_q vdot - gamma(q, v)|^2
// each one solve of [M, Phi_q^T; Phi_q, -delta I] at the solution's positions, factorized once
// per step (right-hand side [0; nu - Phi_q v*], and the same for the accelerations). (The papers
// weigh them with the Newton matrix M + cq K + cv C instead, to reuse its factorization; on the
// ten-window N four-bar, HHT at h = 1e-3 s, that metric gave a B0 error of 1.2e-2 m over 20 s,
// the mass matrix 1.9e-4 m.)
//
// Index3Form::Kkt solves the KKT system and, when Newton fails at a time point where Phi_q is near
// a rank drop or approaches one (kRankLossWarning), solves the point again by the augmented
// Lagrangian iteration from the predictor's accelerations and zero multipliers (the KKT ones are
// ill-determined there), without projections: the same discretized equations, whose Newton matrix
// stays regular where Phi_q loses rank (a singular position passed), and its test on the
// positions. NewtonResult::note says so, with the rank of Phi_q there. Index3Form::
// AugmentedLagrangian uses the augmented Lagrangian iteration and its projections at every step.
// In either form a point the augmented Lagrangian iteration fails is solved again from its
// predictor with the penalty ten times larger, twice at most, and the penalty is back to kappa at
// the next point (a larger kappa contracts faster where Phi_q loses rank, but the stiff double
// pendulum's first step fails at 1e7). On A02 (N = 40, HHT) the steps of 5e-4 and 2.5e-4 s, whose
// Newton tolerance falls to 6e-13 and 1e-12 m, failed at the first singular position with the
// fallback taken only near the rank drop and from the KKT multipliers; they pass with both changes.
// A point that fails in either form says where Phi_q is near a rank drop, or approaches one, and
// what may help.

#include <memory>
#include <optional>
#include <string>

#include "integrators/integrator.h"
#include "integrators/iteration_matrix.h"

namespace mbw {

struct TimePoint {
  double t = 0.0;
  const VectorXd* anchor = nullptr;
  VectorXd dqHat;               // (nv)
  VectorXd vHat;                // (nv)
  double cq = 0.0;              // (b0 h)^2 for the schemes of Zhang et al. 2022; beta h^2 for HHT
  double cv = 0.0;              // b0 h; gamma h for HHT
  bool incrementRates = false;  // see above
  double forceWeight = 1.0;     // w
  const VectorXd* accelerationHistory = nullptr;  // a_hist (nv), or none
  double newtonTolerance = 0.0;                   // Theta cq for this point; 0: the solver's
  // stalled position corrections below this also count as converged (m; variable steps: the
  // rounding of the positions, step_control.h newtonRoundingFloor; 0: none)
  double roundingFloor = 0.0;
  bool endOfStep = true;  // the point a step ends with (not an inner stage)
};

struct NewtonResult {
  bool converged = false;
  int iterations = 0;
  std::string failure;  // why it did not converge
  std::string note;     // what the run should know (a point solved by the augmented Lagrangian
                        // iteration after the KKT Newton failed near a rank drop)
};

enum class Index3Form { Kkt, AugmentedLagrangian };

struct Index3SolverOptions {
  double tolerance = 1e-11;                 // Theta cq
  int maxIterations = 25;                   // with one matrix, before the point fails
  std::optional<LinearSolverKind> storage;  // none: automaticLinearSolver
  JacobianUpdate update = JacobianUpdate::Auto;
  Index3Form form = Index3Form::Kkt;
  double penalty = kDefaultPenalty;  // kappa
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
  LinearSolverKind storage() const { return primary().matrix->kind(); }

  // One linearization of the form's own iteration: positions and velocities of (vdot, lambda)
  // into q and v, then the residual (r1, r2) and the iteration matrix at them, factorized. Returns
  // why the point cannot be evaluated (a coordinate singularity of the formulation), empty when it
  // can.
  std::string linearize(const TimePoint& point, const VectorXd& vdot, const VectorXd& lambda,
                        VectorXd& q, VectorXd& v);
  const VectorXd& residual() const { return residual_; }                   // (nv + nc)
  MatrixXd iterationMatrix() const { return primary().matrix->formed(); }  // (nv + nc) square

 private:
  // the rates that decide when the matrix is evaluated again (Auto)
  static constexpr double kSlowRate = 0.5;
  static constexpr double kRefreshRate = 0.2;
  static constexpr double kCoefficientRatio = 1.5;
  static constexpr int kKeptIterations = 6;  // iterations with a kept matrix before a new one
  static constexpr int kMaxAge = 20;         // time points one evaluation serves at most
  // a point the augmented Lagrangian iteration fails is solved again from its predictor with the
  // penalty ten times larger, this many times at most (index3_solver.h's head)
  static constexpr int kPenaltyRaises = 2;
  // the augmented Lagrangian's slowly contracting position corrections accepted, with the
  // constraints within the tolerance, up to this fraction of the point's position increment,
  // where Phi_q is near a rank drop or approaches one
  static constexpr double kIllDetermined = 1e-6;

  // one Newton matrix and what decides whether it is kept
  struct Linearization {
    std::unique_ptr<IterationMatrix> matrix;
    double delta = 0.0;        // the regularization of its second block
    bool factored = false;     // a factorization exists
    bool refresh = true;       // evaluate the Jacobian at the next time point
    int age = 0;               // time points solved since the last evaluation
    double cv = 0.0, w = 1.0;  // of the factorization
  };

  Linearization& primary() { return options_.form == Index3Form::Kkt ? kkt_ : augmented_; }
  const Linearization& primary() const {
    return options_.form == Index3Form::Kkt ? kkt_ : augmented_;
  }
  Linearization& augmented();  // created on first use in the KKT form

  void positionsAndVelocities(const TimePoint& point, const VectorXd& vdot, VectorXd& q,
                              VectorXd& v);
  // the residual at (vdot, lambda), and with `derivatives` the Jacobian blocks too
  std::string evaluate(Linearization& l, const TimePoint& point, const VectorXd& vdot,
                       const VectorXd& lambda, VectorXd& q, VectorXd& v, bool derivatives);
  bool factorize(Linearization& l, const TimePoint& point);
  bool keptMatrixFits(const Linearization& l, const TimePoint& point) const;
  // whether Phi_q is near a rank drop at the formulation's current positions, or approaches one
  // (kRankLossWarning), in words (solvers/constraint_rank.h, rankDropDescription): one analysis
  // per time point
  struct RankDrop {
    bool checked = false;
    std::string text;         // "; near a singular position: ...", empty when it is not
    std::string approaching;  // "; approaching a singular position: ..." when not near but within
                              // kRankLossWarning, else empty
  };
  void checkRank(RankDrop& drop) const;
  const std::string& rankDrop(RankDrop& drop) const;  // drop.text
  // near a rank drop or approaching one
  bool approachesRankDrop(RankDrop& drop) const;
  // for a failure where Phi_q is not near a rank drop: drop.approaching with what may help, or
  // empty
  std::string approachingRankDrop(RankDrop& drop) const;
  // the augmented Lagrangian iteration from the predictor in vdot, lambda, the penalty raised
  // tenfold while it fails (kPenaltyRaises); NewtonResult::note names a raised penalty
  NewtonResult iterateAugmented(const TimePoint& point, VectorXd& vdot, VectorXd& lambda,
                                VectorXd& q, VectorXd& v, RankDrop& drop);
  // the penalty back to the options' for the next point (refactorized when it was raised)
  void restorePenalty();
  double defaultDelta() const { return 1.0 / (options_.penalty * massScale_); }
  // Newton on the KKT system, or the augmented Lagrangian iteration (the multipliers' update
  // and the test on positions)
  NewtonResult iterate(Linearization& l, bool augmentedLagrangian, const TimePoint& point,
                       VectorXd& vdot, VectorXd& lambda, VectorXd& q, VectorXd& v, RankDrop& drop);
  // an iteration's correction: its size, the contraction rate rho (0 at the first), the test's
  // Theta = tolerance / cq and the tolerance
  struct Correction {
    double size, rho, theta, tolerance;
  };
  // the convergence test after the correction delta_ (see the top)
  bool hasConverged(const TimePoint& point, bool augmentedLagrangian, bool fresh,
                    const Correction& c, RankDrop& drop) const;
  // the mass-orthogonal projections of the augmented Lagrangian form at the converged point
  void project(const TimePoint& point, const VectorXd& q, VectorXd& v, VectorXd& vdot);
  // x := the projection of x toward Phi_q x = target (the projection matrix factorized)
  void projectOnto(VectorXd& x, const VectorXd& target);

  Formulation& f_;
  Index3SolverOptions options_;
  Linearization kkt_, augmented_;
  std::unique_ptr<IterationMatrix> projection_;  // the augmented Lagrangian form's projections
  double massScale_ = 1.0;                       // m, the mean body mass
  VectorXd residual_, delta_, Q_, dq_, gKnown_, rate_, inertial_;
  VectorXd vdot0_, lambda0_;                  // the predictor, for a second iteration from it
  VectorXd work_, product_, target_, gamma_;  // projections (nv + nc), (nv + nc), (nc), (nc)
  long jacobianEvaluations_ = 0, factorizations_ = 0;
};

// The solver options of an integrator's settings (linearSolver, jacobianUpdate, index3Form,
// penalty: validated by the registry).
Index3SolverOptions index3SolverOptions(const IntegratorSettings& settings);

}  // namespace mbw
