#include "solvers/static_equilibrium.h"

#include <cmath>
#include <sstream>

#include "solvers/static_equilibrium_error.h"

namespace mbw {
namespace {

// Newton's method at one load scale from (q, lambda); on failure q and lambda are left anywhere
class StaticNewton {
 public:
  StaticNewton(Formulation& f, const StaticSettings& s)
      : f_(f),
        s_(s),
        // the matrix in the storage asked for, else the one the model's size calls for
        matrix_(makeIterationMatrix(
            s.storage.value_or(automaticLinearSolver(f, JacobianUpdate::Iteration)), f)),
        zero_(VectorXd::Zero(f.velocitySize())) {
    // the residual and the correction sized once
    const int n = f.velocitySize() + f.constraintSize();
    residual_.resize(n);
    delta_.resize(n);
  }

  bool solve(double t, VectorXd& q, VectorXd& lambda, StaticResult& r) {
    const int nv = f_.velocitySize(), nc = f_.constraintSize();
    for (int it = 0; it < s_.maxIterations; ++it) {
      // residual and matrix at the current iterate
      f_.computePositions(t, q);
      // a pose the coordinates cannot represent ends the solve
      const std::string singular = f_.coordinateSingularity();
      if (!singular.empty()) return fail(r, singular);
      // the forces at rest: every velocity zero
      f_.computeVelocities(zero_);
      f_.generalizedForces(Q_);
      // r1 = Phi_q^T lambda - Q at zero velocities and accelerations, r2 = Phi
      matrix_->assemblePositionBlocks(f_);
      matrix_->dynamicsResidual(zero_, lambda, Q_, 1.0, residual_.head(nv));
      residual_.tail(nc) = f_.constraints();
      // the largest force residual, reported
      r.residual = residual_.head(nv).cwiseAbs().maxCoeff();
      // K = dr1/dq, the stiffness and reaction-force blocks
      matrix_->assembleDerivatives(f_, zero_, lambda, 1.0, nullptr);
      const std::string fault = matrix_->assemblyFault();
      if (!fault.empty()) return fail(r, fault);
      // [K, Phi_q^T; Phi_q, 0]: the index-3 Newton matrix with the mass scaled by 0
      ++r.factorizations;
      if (!matrix_->factorize(1.0, 0.0, 1.0, 0.0))
        return fail(
            r,
            "singular equilibrium equations: the model can move without straining "
            "(a free degree of freedom has no static equilibrium; add a driver or a support)");

      // the correction
      delta_ = -residual_;
      matrix_->solveInPlace(delta_);
      ++r.iterations;
      if (!delta_.allFinite()) return fail(r, "singular equilibrium equations");
      // positions by the formulation's retraction, multipliers added
      f_.retract(q, delta_.head(nv), next_);
      q.swap(next_);
      lambda += delta_.tail(nc);
      // converged when the position correction is within the tolerance
      if (delta_.head(nv).cwiseAbs().maxCoeff() < s_.tolerance) {
        // the formulation's stages left at the solution
        f_.computePositions(t, q);
        f_.computeVelocities(zero_);
        return true;
      }
    }
    // out of iterations: the last correction says how far Newton was
    std::ostringstream os;
    os << "Newton did not converge in " << s_.maxIterations << " iterations (last correction "
       << delta_.head(nv).cwiseAbs().maxCoeff() << ")";
    return fail(r, os.str());
  }

 private:
  static bool fail(StaticResult& r, std::string why) {
    r.failure = std::move(why);
    return false;
  }

  Formulation& f_;
  const StaticSettings& s_;
  std::unique_ptr<IterationMatrix> matrix_;
  VectorXd zero_, Q_, residual_, delta_, next_;
};

}  // namespace

StaticResult solveStaticEquilibrium(Formulation& f, double t, VectorXd& q, VectorXd& lambda,
                                    const StaticSettings& settings) {
  StaticResult r;
  StaticNewton newton(f, settings);
  // multipliers from zero; the starting positions kept for the load stepping
  lambda = VectorXd::Zero(f.constraintSize());
  const VectorXd q0 = q;

  // the full loads at once
  f.setLoadScale(1.0);
  if (newton.solve(t, q, lambda, r)) {
    r.converged = true;
    r.increments = 1;
    return r;
  }

  // load stepping from zero load: each increment from the last equilibrium
  q = q0;
  lambda.setZero();
  VectorXd qDone, lambdaDone;
  double scale = 0.0, increment = 0.25;
  // the equilibrium without loads first, from the scene's positions
  f.setLoadScale(0.0);
  if (!newton.solve(t, q, lambda, r)) {
    // the formulation back at full loads before reporting
    f.setLoadScale(1.0);
    r.failure = "no equilibrium even without loads: " + r.failure;
    return r;
  }
  // each increment from the last equilibrium; a success lets the next grow by half
  while (scale < 1.0) {
    qDone = q;
    lambdaDone = lambda;
    // the next scale, at most the full loads
    const double next = std::min(1.0, scale + increment);
    f.setLoadScale(next);
    if (newton.solve(t, q, lambda, r)) {
      scale = next;
      ++r.increments;
      increment *= 1.5;
      continue;
    }
    // a failure: back to the last equilibrium, with half the increment, down to the smallest
    // allowed
    q = qDone;
    lambda = lambdaDone;
    increment *= 0.5;
    if (increment < settings.smallestIncrement) {
      f.setLoadScale(1.0);
      std::ostringstream os;
      os << "load stepping stalled at " << 100.0 * scale << " % of the loads (" << r.failure << ")";
      r.failure = os.str();
      return r;
    }
  }
  // all the loads: the positions current in the formulation
  f.setLoadScale(1.0);
  f.computePositions(t, q);
  r.converged = true;
  r.failure.clear();
  return r;
}

State equilibriumInitialState(Formulation& f, double t0, StaticResult* report,
                              const StaticSettings& settings) {
  State s;
  s.t = t0;
  // the scene's initial positions and velocities, then the equilibrium from them
  f.initialState(s.q, s.v);
  const StaticResult r = solveStaticEquilibrium(f, t0, s.q, s.lambda, settings);
  if (report) *report = r;
  if (!r.converged)
    throw StaticEquilibriumError("no static equilibrium at t = " + std::to_string(t0) +
                                 " s: " + r.failure);
  // the positions satisfy the constraints: the projection only makes the velocities consistent
  projectOntoConstraints(f, t0, s.q, s.v);
  solveAccelerations(f, s);
  return s;
}

}  // namespace mbw
