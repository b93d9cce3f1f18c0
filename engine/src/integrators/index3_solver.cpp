#include "integrators/index3_solver.h"

#include <cmath>
#include <sstream>

namespace mbw {

Index3Solver::Index3Solver(Formulation& formulation, Index3SolverOptions options)
    : f_(formulation),
      options_(options),
      matrix_(makeIterationMatrix(options.storage.value_or(automaticLinearSolver(formulation, options.update)),
                                  formulation)) {
  const int nv = f_.velocitySize();
  const int n = nv + f_.constraintSize();
  residual_.resize(n);
  delta_.resize(n);
  dq_.resize(nv);
  gKnown_.resize(nv);
  rate_.resize(nv);
  inertial_.resize(nv);
}

void Index3Solver::positionsAndVelocities(const TimePoint& p, const VectorXd& vdot, VectorXd& q,
                                          VectorXd& v) {
  v = p.vHat + p.cv * vdot;
  dq_ = p.dqHat + p.cq * vdot;
  if (p.incrementRates) {
    // g = gKnown + c0 T(g)^-1 v by fixed-point passes (contraction factor about c0 |v| / 2)
    const double c0 = p.cq / p.cv;
    gKnown_ = p.dqHat - c0 * p.vHat;
    for (int pass = 0; pass < 20; ++pass) {
      f_.incrementRate(dq_, v, rate_);
      rate_ = gKnown_ + c0 * rate_;
      const double change = (rate_ - dq_).norm();
      dq_.swap(rate_);
      if (change <= 1e-15 * (1.0 + dq_.norm())) break;
    }
  }
  f_.retract(*p.anchor, dq_, q);
}

std::string Index3Solver::evaluate(const TimePoint& p, const VectorXd& vdot, const VectorXd& lambda,
                                   VectorXd& q, VectorXd& v, bool derivatives) {
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
  matrix_->assemblePositionBlocks(f_);
  inertial_ = vdot;
  if (p.accelerationHistory) inertial_ += *p.accelerationHistory;
  matrix_->dynamicsResidual(inertial_, lambda, Q_, w, residual_.head(nv));
  residual_.tail(nc) = f_.constraints() / p.cq;

  // the Jacobian blocks, through the increment's tangent map T(g) unless the scheme works with
  // increment rates
  if (derivatives) {
    matrix_->assembleDerivatives(f_, inertial_, lambda, w, p.incrementRates ? nullptr : &dq_);
    ++jacobianEvaluations_;
    age_ = 0;
  }
  return matrix_->assemblyFault();
}

bool Index3Solver::factorize(const TimePoint& p) {
  ++factorizations_;
  factoredCv_ = p.cv;
  factoredW_ = p.forceWeight;
  factored_ = matrix_->factorize(p.cq, p.cv, p.forceWeight);
  return factored_;
}

bool Index3Solver::keptMatrixFits(const TimePoint& p) const {
  const double ratio = p.cv / factoredCv_;
  return factored_ && p.forceWeight == factoredW_ && ratio <= kCoefficientRatio &&
         ratio >= 1.0 / kCoefficientRatio;
}

std::string Index3Solver::linearize(const TimePoint& p, const VectorXd& vdot,
                                    const VectorXd& lambda, VectorXd& q, VectorXd& v) {
  std::string why = evaluate(p, vdot, lambda, q, v, true);
  if (why.empty()) factorize(p);
  return why;
}

NewtonResult Index3Solver::solve(const TimePoint& p, VectorXd& vdot, VectorXd& lambda, VectorXd& q,
                                 VectorXd& v) {
  const int nv = f_.velocitySize(), nc = f_.constraintSize();
  const double tolerance = p.newtonTolerance > 0.0 ? p.newtonTolerance : options_.tolerance;
  const double theta = tolerance / p.cq;
  const bool fullNewton = options_.update == JacobianUpdate::Iteration;
  NewtonResult result;
  // a new Jacobian at the first iterate, or the kept factorization (formed again for new
  // coefficients)
  ++age_;
  bool evaluateNow = fullNewton || options_.update == JacobianUpdate::Step || refresh_ ||
                     !factored_ || age_ > kMaxAge;
  bool fresh = false;      // the factorization is of this time point's Jacobian
  int withMatrix = 0;      // iterations with the current factorization
  int freshIterations = 0;  // iterations with a Jacobian of this time point
  double previous = 0.0;
  auto fail = [&](std::string why) {
    refresh_ = true;
    result.failure = std::move(why);
    return result;
  };
  for (;;) {
    std::string singular = evaluate(p, vdot, lambda, q, v, evaluateNow);
    if (!singular.empty()) return fail(singular);
    if (evaluateNow || !keptMatrixFits(p)) {
      if (!factorize(p) && evaluateNow) return fail("singular Newton matrix");
      fresh = fresh || evaluateNow;
      withMatrix = 0;
    }
    evaluateNow = fullNewton;

    // the correction, its size and the observed contraction rate
    delta_ = -residual_;
    matrix_->solveInPlace(delta_);
    ++result.iterations;
    ++withMatrix;
    if (fresh) ++freshIterations;
    if (!delta_.allFinite()) {
      if (fresh) return fail("singular Newton matrix");
      evaluateNow = true;
      continue;
    }
    const double size = delta_.norm();
    const double rho = previous > 0.0 ? size / previous : 0.0;
    previous = size;
    const bool converged =
        (size < theta && (fullNewton || rho == 0.0 || (rho < 1.0 && rho / (1.0 - rho) * size < theta))) ||
        (fresh && rho >= kSlowRate && p.cq * delta_.head(nv).norm() < tolerance);
    if (rho < 1.0 || fresh) {
      vdot += delta_.head(nv);
      lambda += delta_.tail(nc);
    }
    if (converged) {
      positionsAndVelocities(p, vdot, q, v);
      refresh_ = !fresh && rho > kRefreshRate;
      result.converged = true;
      return result;
    }
    if (freshIterations >= options_.maxIterations) break;
    // a matrix that contracts too slowly, or a kept one used long, is evaluated again at the
    // current iterate
    if (!fullNewton && (rho > kSlowRate || (!fresh && withMatrix >= kKeptIterations)))
      evaluateNow = true;
  }
  std::ostringstream os;
  os << "Newton did not converge in " << options_.maxIterations << " iterations (last correction "
     << delta_.norm() << ", tolerance " << theta << ")";
  return fail(os.str());
}

Index3SolverOptions index3SolverOptions(const IntegratorSettings& s) {
  Index3SolverOptions o;
  o.tolerance = s.newtonTolerance;
  o.maxIterations = s.maxNewtonIterations;
  if (s.linearSolver == "dense") o.storage = LinearSolverKind::Dense;
  if (s.linearSolver == "sparse") o.storage = LinearSolverKind::Sparse;
  if (s.jacobianUpdate == "iteration") o.update = JacobianUpdate::Iteration;
  if (s.jacobianUpdate == "step") o.update = JacobianUpdate::Step;
  return o;
}

}  // namespace mbw
