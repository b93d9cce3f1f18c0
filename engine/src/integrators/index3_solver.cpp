#include "integrators/index3_solver.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

// what may help when neither iteration converges
constexpr const char* kAdvice =
    "; what may help: a smaller step (--step), a larger penalty of the augmented Lagrangian form "
    "(--index3-form augmented-lagrangian --penalty), more iterations (--max-newton)";

// the mean mass of the model's bodies: the scale of the augmented Lagrangian's penalty
double meanBodyMass(const Model& m) {
  double sum = 0.0;
  for (const Body& b : m.bodies) sum += b.mass;
  return m.bodies.empty() ? 1.0 : sum / m.bodyCount();
}

}  // namespace

// --- set-up --------------------------------------------------------------------------------------

Index3Solver::Index3Solver(Formulation& formulation, Index3SolverOptions options)
    : f_(formulation), options_(options), massScale_(meanBodyMass(formulation.model())) {
  // the iteration matrix in the storage asked for, else the one the model's size calls for
  const LinearSolverKind kind =
      options.storage.value_or(automaticLinearSolver(formulation, options.update));
  // KKT: one matrix; augmented Lagrangian: its matrix with the default penalty, and the
  // projection's matrix
  if (options.form == Index3Form::Kkt) {
    kkt_.matrix = makeIterationMatrix(kind, formulation);
  } else {
    augmented_.matrix = makeIterationMatrix(kind, formulation, true);
    augmented_.delta = defaultDelta();
    projection_ = makeIterationMatrix(kind, formulation, true);
  }
  // the work vectors, sized once so that the iterations allocate nothing
  const int nv = f_.velocitySize();
  const int n = nv + f_.constraintSize();
  residual_.resize(n);
  delta_.resize(n);
  work_.resize(n);
  product_.resize(n);
  target_.resize(f_.constraintSize());
  gamma_.resize(f_.constraintSize());
  dq_.resize(nv);
  gKnown_.resize(nv);
  rate_.resize(nv);
  inertial_.resize(nv);
}

// the augmented Lagrangian's matrix, made on first use by a KKT solver that falls back to it
Index3Solver::Linearization& Index3Solver::augmented() {
  if (!augmented_.matrix) {
    augmented_.matrix = makeIterationMatrix(kkt_.matrix->kind(), f_, true);
    augmented_.delta = defaultDelta();
  }
  return augmented_;
}

// --- one time point: positions, residual, Jacobian -----------------------------------------------

void Index3Solver::positionsAndVelocities(const TimePoint& p, const VectorXd& vdot, VectorXd& q,
                                          VectorXd& v) {
  // v and g affine in the accelerations (TimePoint)
  v = p.vHat + p.cv * vdot;
  dq_ = p.dqHat + p.cq * vdot;
  if (p.incrementRates) {
    // g = gKnown + c0 T(g)^-1 v by fixed-point passes (contraction factor about c0 |v| / 2)
    const double c0 = p.cq / p.cv;
    gKnown_ = p.dqHat - c0 * p.vHat;
    for (int pass = 0; pass < 20; ++pass) {
      f_.incrementRate(dq_, v, rate_);
      rate_ = gKnown_ + c0 * rate_;
      // done when a pass changes g by rounding only
      const double change = (rate_ - dq_).norm();
      dq_.swap(rate_);
      if (change <= 1e-15 * (1.0 + dq_.norm())) break;
    }
  }
  // q = anchor (+) g
  f_.retract(*p.anchor, dq_, q);
}

std::string Index3Solver::evaluate(Linearization& l, const TimePoint& p, const VectorXd& vdot,
                                   const VectorXd& lambda, VectorXd& q, VectorXd& v,
                                   bool derivatives) {
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
  const double w = p.forceWeight;
  // stage evaluation at the current iterate
  positionsAndVelocities(p, vdot, q, v);
  f_.computePositions(p.t, q);
  std::string singular = f_.coordinateSingularity();
  if (!singular.empty()) return singular;
  f_.computeVelocities(v);
  f_.generalizedForces(Q_);

  // residual, from the mass and constraint blocks
  l.matrix->assemblePositionBlocks(f_);
  // the inertial term: the accelerations, plus a scheme's history (HHT's)
  inertial_ = vdot;
  if (p.accelerationHistory) inertial_ += *p.accelerationHistory;
  l.matrix->dynamicsResidual(inertial_, lambda, Q_, w, residual_.head(nv));
  residual_.tail(nc) = f_.constraints() / p.cq;

  // the Jacobian blocks, through the increment's tangent map T(g) unless the scheme works with
  // increment rates
  if (derivatives) {
    l.matrix->assembleDerivatives(f_, inertial_, lambda, w, p.incrementRates ? nullptr : &dq_);
    ++jacobianEvaluations_;
    l.age = 0;
  }
  return l.matrix->assemblyFault();
}

// the factorization remembers the coefficients it was formed with, for keptMatrixFits
bool Index3Solver::factorize(Linearization& l, const TimePoint& p) {
  ++factorizations_;
  l.cv = p.cv;
  l.w = p.forceWeight;
  l.factored = l.matrix->factorize(p.cq, p.cv, p.forceWeight, 1.0, l.delta);
  return l.factored;
}

// a kept factorization serves while cv stays within kCoefficientRatio of its own and w is unchanged
bool Index3Solver::keptMatrixFits(const Linearization& l, const TimePoint& p) const {
  const double ratio = p.cv / l.cv;
  return l.factored && p.forceWeight == l.w && ratio <= kCoefficientRatio &&
         ratio >= 1.0 / kCoefficientRatio;
}

std::string Index3Solver::linearize(const TimePoint& p, const VectorXd& vdot,
                                    const VectorXd& lambda, VectorXd& q, VectorXd& v) {
  // a fresh Jacobian at the predictor, factorized, for schemes that need the matrix itself
  Linearization& l = primary();
  std::string why = evaluate(l, p, vdot, lambda, q, v, true);
  if (why.empty()) factorize(l, p);
  return why;
}

// --- the solve: KKT Newton, with the augmented Lagrangian iteration as its fallback --------------

NewtonResult Index3Solver::solve(const TimePoint& p, VectorXd& vdot, VectorXd& lambda, VectorXd& q,
                                 VectorXd& v) {
  RankDrop drop;
  // the augmented Lagrangian form: its iteration, then the projection onto the velocity and
  // acceleration constraints at the end of the step, with the penalty back to its default
  if (options_.form == Index3Form::AugmentedLagrangian) {
    NewtonResult r = iterateAugmented(p, vdot, lambda, q, v, drop);
    if (r.converged && p.endOfStep) project(p, q, v, vdot);
    restorePenalty();
    // a failure says where Phi_q nears a rank drop, with what may help
    if (!r.converged)
      r.failure += rankDrop(drop).empty() ? approachingRankDrop(drop) : drop.text + kAdvice;
    return r;
  }
  // KKT Newton from the predictor (kept for a fallback)
  vdot0_ = vdot;
  lambda0_ = lambda;
  NewtonResult r = iterate(kkt_, false, p, vdot, lambda, q, v, drop);
  if (r.converged) return r;
  // a failure away from any rank drop is Newton's alone
  const std::string where = rankDrop(drop).empty() ? drop.approaching : drop.text;
  if (where.empty()) return r;
  // near a rank drop or approaching one, the same point by the augmented Lagrangian iteration,
  // whose matrix stays regular where Phi_q loses rank: from the predictor's accelerations and no
  // multipliers (the KKT ones are ill-determined along the null space of Phi_q^T there, and their
  // predictor may be far off; the penalty builds them up again)
  vdot = vdot0_;
  lambda.setZero();
  NewtonResult a = iterateAugmented(p, vdot, lambda, q, v, drop);
  restorePenalty();
  a.iterations += r.iterations;
  // solved by the fallback: the note says why the KKT iteration did not do
  if (a.converged) {
    a.note = "solved by the augmented Lagrangian iteration" +
             (a.note.empty() ? "" : " (" + a.note + ")") + ": KKT Newton failed (" + r.failure +
             ")" + where;
    return a;
  }
  // both failed: both reasons, where, and what may help
  a.failure = r.failure + where + "; the augmented Lagrangian iteration did not converge either (" +
              a.failure + ")" + kAdvice;
  return a;
}

NewtonResult Index3Solver::iterateAugmented(const TimePoint& p, VectorXd& vdot, VectorXd& lambda,
                                            VectorXd& q, VectorXd& v, RankDrop& drop) {
  // from the predictor, with the penalty in force
  Linearization& l = augmented();
  vdot0_ = vdot;
  lambda0_ = lambda;
  NewtonResult r = iterate(l, true, p, vdot, lambda, q, v, drop);
  int iterations = r.iterations;
  // while it fails, again from the predictor with the penalty ten times larger
  for (int raise = 0; !r.converged && raise < kPenaltyRaises; ++raise) {
    l.delta /= 10.0;
    l.factored = false;
    vdot = vdot0_;
    lambda = lambda0_;
    r = iterate(l, true, p, vdot, lambda, q, v, drop);
    iterations += r.iterations;
  }
  // a raised penalty is noted on the result
  r.iterations = iterations;
  if (r.converged && l.delta != defaultDelta()) {
    std::ostringstream os;
    os.precision(3);
    os << "the augmented Lagrangian penalty raised to " << 1.0 / (l.delta * massScale_)
       << " at this point";
    r.note = os.str();
  }
  return r;
}

// the next point starts from the default penalty again
void Index3Solver::restorePenalty() {
  if (!augmented_.matrix || augmented_.delta == defaultDelta()) return;
  augmented_.delta = defaultDelta();
  augmented_.factored = false;
}

// --- the Newton iteration ------------------------------------------------------------------------

NewtonResult Index3Solver::iterate(Linearization& l, bool augmentedLagrangian, const TimePoint& p,
                                   VectorXd& vdot, VectorXd& lambda, VectorXd& q, VectorXd& v,
                                   RankDrop& drop) {
  // the tolerance on the correction, Theta = tolerance / cq, and the augmented Lagrangian's penalty
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
  const double tolerance = p.newtonTolerance > 0.0 ? p.newtonTolerance : options_.tolerance;
  const double theta = tolerance / p.cq;
  const double alpha = augmentedLagrangian ? 1.0 / (l.delta * p.cq) : 0.0;  // the penalty
  const bool fullNewton = options_.update == JacobianUpdate::Iteration;
  NewtonResult result;
  // a new Jacobian at the first iterate, or the kept factorization (formed again for new
  // coefficients)
  ++l.age;
  bool evaluateNow = fullNewton || options_.update == JacobianUpdate::Step || l.refresh ||
                     !l.factored || l.age > kMaxAge;
  bool fresh = false;       // the factorization is of this time point's Jacobian
  int withMatrix = 0;       // iterations with the current factorization
  int freshIterations = 0;  // iterations with a Jacobian of this time point
  double previous = 0.0;
  // a failure asks for a new Jacobian at the next point
  auto fail = [&](std::string why) {
    l.refresh = true;
    result.failure = std::move(why);
    return result;
  };
  for (;;) {
    // the residual at the iterate, and the Jacobian when a new one is due
    std::string singular = evaluate(l, p, vdot, lambda, q, v, evaluateNow);
    if (!singular.empty()) return fail(singular);
    // augmented Lagrangian: the multipliers take the constraints of the new positions
    if (augmentedLagrangian && result.iterations > 0) {
      lambda += alpha * f_.constraints();
      l.matrix->dynamicsResidual(inertial_, lambda, Q_, p.forceWeight, residual_.head(nv));
    }
    // factorized again for a new Jacobian or new coefficients; a singular fresh matrix fails
    if (evaluateNow || !keptMatrixFits(l, p)) {
      if (!factorize(l, p) && evaluateNow) return fail("singular Newton matrix");
      fresh = fresh || evaluateNow;
      withMatrix = 0;
    }
    // full Newton evaluates at every iteration, the others when the rate asks
    evaluateNow = fullNewton;

    // the correction, its size and the observed contraction rate
    delta_ = -residual_;
    l.matrix->solveInPlace(delta_);
    ++result.iterations;
    ++withMatrix;
    if (fresh) ++freshIterations;
    // a non-finite correction: a fresh matrix is singular; a kept one is evaluated again
    if (!delta_.allFinite()) {
      if (fresh) return fail("singular Newton matrix");
      evaluateNow = true;
      continue;
    }
    // the size: of the whole correction (KKT), of the accelerations alone (augmented Lagrangian:
    // the multipliers follow the positions)
    const double size = augmentedLagrangian ? delta_.head(nv).cwiseAbs().maxCoeff() : delta_.norm();
    // rho: the contraction rate, the ratio of successive sizes
    const double rho = previous > 0.0 ? size / previous : 0.0;
    previous = size;
    const bool converged =
        hasConverged(p, augmentedLagrangian, fresh, {size, rho, theta, tolerance}, drop);
    // the correction taken when it contracts, always with a Jacobian of this point
    if (rho < 1.0 || fresh) {
      vdot += delta_.head(nv);
      if (!augmentedLagrangian) lambda += delta_.tail(nc);
    }
    if (converged) {
      // positions and velocities at the solution; a kept matrix that contracted slowly is evaluated
      // anew at the next point
      positionsAndVelocities(p, vdot, q, v);
      l.refresh = !fresh && rho > kRefreshRate;
      result.converged = true;
      return result;
    }
    // out of iterations with a Jacobian of this point
    if (freshIterations >= options_.maxIterations) break;
    // a matrix that contracts too slowly, or a kept one used long, is evaluated again at the
    // current iterate
    if (!fullNewton && (rho > kSlowRate || (!fresh && withMatrix >= kKeptIterations)))
      evaluateNow = true;
  }
  // not converged: the last correction against the tolerance
  std::ostringstream os;
  os << (augmentedLagrangian ? "the augmented Lagrangian iteration" : "Newton")
     << " did not converge in " << options_.maxIterations << " iterations (last correction "
     << previous << ", tolerance " << theta << ")";
  return fail(os.str());
}

bool Index3Solver::hasConverged(const TimePoint& p, bool augmentedLagrangian, bool fresh,
                                const Correction& c, RankDrop& drop) const {
  // within the tolerance, as close to the solution as full Newton (a kept matrix's rate), or, with
  // a Jacobian of the point, at the floor where the corrections stop contracting: KKT, the
  // multipliers of a long chain at their rounding with the positions within the tolerance (or, at
  // variable steps, their own rounding); augmented Lagrangian (the papers' test on the size
  // alone), and near a rank drop the multipliers ill-determined with the constraints and the
  // position correction within a fraction of the point's motion
  const int nv = f_.velocitySize();
  const bool fullNewton = options_.update == JacobianUpdate::Iteration;
  const bool stalled = fresh && c.rho >= kSlowRate;
  const bool within =
      c.size < c.theta && (fullNewton || c.rho == 0.0 || (augmentedLagrangian && fresh) ||
                           (c.rho < 1.0 && c.rho / (1.0 - c.rho) * c.size < c.theta));
  const bool kktFloor = !augmentedLagrangian && stalled &&
                        p.cq * delta_.head(nv).norm() < std::max(c.tolerance, p.roundingFloor);
  const bool illDetermined = augmentedLagrangian && stalled &&
                             std::max(f_.constraints().cwiseAbs().maxCoeff(), p.cq * c.size) <=
                                 kIllDetermined * dq_.cwiseAbs().maxCoeff() &&
                             approachesRankDrop(drop);
  return within || kktFloor || illDetermined;
}

// --- the projection at the end of a step and the rank checks -------------------------------------

void Index3Solver::projectOnto(VectorXd& x, const VectorXd& target) {
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
  // one solve with the projection matrix: right-hand side [0; target - Phi_q x]
  projection_->constraintProduct(x, target_);
  work_.head(nv).setZero();
  work_.tail(nc) = target - target_;
  projection_->solveInPlace(work_);
  x += work_.head(nv);
}

void Index3Solver::project(const TimePoint& p, const VectorXd& q, VectorXd& v, VectorXd& vdot) {
  // [M, Phi_q^T; Phi_q, -delta I] at the solution's positions, then velocities onto Phi_q v = nu
  // and accelerations onto Phi_q vdot = gamma(q, v)
  if (f_.constraintSize() == 0) return;
  f_.computePositions(p.t, q);
  projection_->assemblePositionBlocks(f_);
  ++factorizations_;
  // a singular projection matrix leaves v and vdot as they are
  if (!projection_->factorizeProjection(augmented_.delta)) return;
  // the velocities first, then the accelerations at the projected velocities
  projectOnto(v, f_.velocityRhs());
  f_.computeVelocities(v);
  f_.accelerationRhs(gamma_);
  projectOnto(vdot, gamma_);
}

void Index3Solver::checkRank(RankDrop& drop) const {
  // the analysis runs once per point's RankDrop
  if (drop.checked) return;
  drop.checked = true;
  if (f_.primitiveRows() == 0) return;
  // one analysis of Phi_q: near a rank drop, else approaching one, in words
  const ConstraintRank rank = analyzeConstraintRank(f_);
  const std::string near = rankDropDescription(f_, rank, kNearRankLoss);
  if (!near.empty()) {
    drop.text = "; near a singular position: " + near;
    return;
  }
  const std::string approaching = rankDropDescription(f_, rank, kRankLossWarning);
  if (!approaching.empty()) drop.approaching = "; approaching a singular position: " + approaching;
}

// the rank check's text when Phi_q is near a rank drop, else empty
const std::string& Index3Solver::rankDrop(RankDrop& drop) const {
  checkRank(drop);
  return drop.text;
}

// near a rank drop or approaching one
bool Index3Solver::approachesRankDrop(RankDrop& drop) const {
  checkRank(drop);
  return !drop.text.empty() || !drop.approaching.empty();
}

// approaching a rank drop, with what may help, else empty
std::string Index3Solver::approachingRankDrop(RankDrop& drop) const {
  checkRank(drop);
  return drop.approaching.empty() ? drop.approaching : drop.approaching + kAdvice;
}

// --- options from the integrator settings --------------------------------------------------------

Index3SolverOptions index3SolverOptions(const IntegratorSettings& s) {
  Index3SolverOptions o;
  // the settings' names mapped onto the solver's options; "auto" leaves the solver's defaults
  o.tolerance = s.newtonTolerance;
  o.maxIterations = s.maxNewtonIterations;
  if (s.linearSolver == "dense") o.storage = LinearSolverKind::Dense;
  if (s.linearSolver == "sparse") o.storage = LinearSolverKind::Sparse;
  if (s.jacobianUpdate == "iteration") o.update = JacobianUpdate::Iteration;
  if (s.jacobianUpdate == "step") o.update = JacobianUpdate::Step;
  if (s.index3Form == "augmented-lagrangian") o.form = Index3Form::AugmentedLagrangian;
  o.penalty = s.penalty;
  return o;
}

}  // namespace mbw
