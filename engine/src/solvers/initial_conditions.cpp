#include "solvers/initial_conditions.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <Eigen/SparseCholesky>
#include <cmath>
#include <sstream>

#include "solvers/augmented_system.h"
#include "solvers/constraint_rank.h"
#include "statespace/body_block_matrix.h"

namespace mbw {
namespace {

// the initial positions are corrected until |Phi|_inf is below this, in at most this many
// iterations
constexpr double kPositionTolerance = 1e-12;
constexpr int kMaxIterations = 50;

// Phi_q at the formulation's current positions: dense for small models, in compressed columns
// with the pattern of the model's topology above kDenseRankEntries entries (the N four-bar of 40
// loops: 567 x 450), where dense products and factorizations grow with the cube of the size.
class ConstraintJacobian {
 public:
  explicit ConstraintJacobian(const Formulation& f)
      : sparse_(long(f.constraintSize()) * f.velocitySize() > kDenseRankEntries) {
    // small: the dense matrix
    if (!sparse_) {
      dense_ = denseConstraintJacobian(f);
      return;
    }
    // large: the topology's block pattern, filled in place
    compressed_ = blockPattern(f.constraintSize(), f.velocitySize(), constraintRowBlocks(f));
    SparseTarget target{&compressed_};
    f.constraintJacobian(MatrixSink(target));
    // an entry the topology's pattern misses: the dense matrix, whole
    if (target.missed > 0) {
      sparse_ = false;
      dense_ = denseConstraintJacobian(f);
    }
  }

  // J v
  VectorXd times(const VectorXd& v) const {
    return sparse_ ? VectorXd(compressed_ * v) : VectorXd(dense_ * v);
  }

  // the minimum-norm solution of J x = r for J of full row rank (false: J J^T singular)
  bool minimumNorm(const VectorXd& r, VectorXd& x) const {
    // dense: x = J^T (J J^T)^-1 r by LDL^T, refused when J J^T is near singular
    if (!sparse_) {
      const Eigen::LDLT<MatrixXd> normal(dense_ * dense_.transpose());
      if (normal.info() != Eigen::Success || normal.rcond() < 1e-14) return false;
      x = dense_.transpose() * normal.solve(r);
      return x.allFinite();
    }
    // the sparse factorization's pivots bound the condition number from below: their ratio
    // stands in for the dense reciprocal condition estimate
    // large: the same on the sparse normal matrix J J^T, by simplicial LDL^T
    const SparseMatrixXd normalMatrix = compressed_ * SparseMatrixXd(compressed_.transpose());
    const Eigen::SimplicialLDLT<SparseMatrixXd> normal(normalMatrix);
    if (normal.info() != Eigen::Success) return false;
    const VectorXd pivots = normal.vectorD().cwiseAbs();
    if (pivots.size() > 0 && !(pivots.minCoeff() >= 1e-14 * pivots.maxCoeff())) return false;
    x = compressed_.transpose() * normal.solve(r);
    return x.allFinite();
  }

 private:
  bool sparse_;
  MatrixXd dense_;
  SparseMatrixXd compressed_;
};

}  // namespace

// --- how far a correction moves the bodies -------------------------------------------------------

BodyMove measureMove(Formulation& f, double t, const VectorXd& before, const VectorXd& after,
                     MoveMeasure measure) {
  // the bodies' frames at rest in each configuration
  const VectorXd zero = VectorXd::Zero(f.velocitySize());
  std::vector<BodyOutput> a, b;
  // the frames before the correction, then after it
  f.computePositions(t, before);
  f.computeVelocities(zero);
  for (int i = 0; i < f.model().bodyCount(); ++i) a.push_back(f.bodyOutput(i, zero));
  f.computePositions(t, after);
  f.computeVelocities(zero);
  for (int i = 0; i < f.model().bodyCount(); ++i) b.push_back(f.bodyOutput(i, zero));
  // the distance each frame origin travelled, and the angle each frame turned
  BodyMove largest;
  // the largest of them over the bodies (the turn by the Euler parameters' cosine of the half
  // angle)
  for (int i = 0; i < f.model().bodyCount(); ++i) {
    double move = (a[i].position_W - b[i].position_W).norm();
    // with DistanceOrAngle the turn counts too, as an angle (rad)
    if (measure == MoveMeasure::DistanceOrAngle) {
      const double cosHalf =
          std::min(1.0, std::abs(a[i].eulerParameters.dot(b[i].eulerParameters)));
      move = std::max(move, 2.0 * std::acos(cosHalf));
    }
    if (move > largest.largest) largest = {move, f.model().bodies[i].name};
  }
  return largest;
}

// --- positions, velocities, accelerations --------------------------------------------------------

ProjectionReport projectOntoConstraints(Formulation& f, double t, VectorXd& q, VectorXd& v) {
  ProjectionReport report;
  // positions: Newton with minimum-norm corrections until |Phi|_inf < 1e-12
  const VectorXd q0 = q;
  VectorXd dq, qNew;
  bool converged = false;
  for (int it = 0; it < kMaxIterations; ++it) {
    // a pose at a singularity of the coordinates cannot be corrected
    f.computePositions(t, q);
    const std::string singular = f.coordinateSingularity();
    if (!singular.empty())
      throw ModelError("the initial pose cannot be used with the " + f.name() +
                       " formulation: " + singular);
    // converged when every equation holds to the tolerance (or there are none)
    const VectorXd& phi = f.constraints();
    if (phi.size() == 0 || phi.cwiseAbs().maxCoeff() < kPositionTolerance) {
      converged = true;
      break;
    }
    // dq = -Phi_q^T (Phi_q Phi_q^T)^-1 Phi, applied through the formulation's retraction
    if (!ConstraintJacobian(f).minimumNorm(-phi, dq))
      throw ModelError(
          "the constraint Jacobian is singular at the initial configuration "
          "(redundant constraints, or a singular pose)");
    f.retract(q, dq, qNew);
    q = qNew;
    report.iterations = it + 1;
  }
  // out of iterations: the joints contradict each other
  if (!converged) {
    std::ostringstream os;
    os << "the initial positions cannot be made to satisfy the constraints (Newton projection did "
          "not converge in "
       << kMaxIterations << " iterations; largest residual "
       << f.constraints().cwiseAbs().maxCoeff() << "): the joints are inconsistent with each other";
    throw ModelError(os.str());
  }
  // a correction that moves a body more than the model allows is refused: the scene is likely wrong
  const BodyMove move = measureMove(f, t, q0, q);
  report.largestMove = move.largest;
  report.largestMoveBody = move.body;
  if (report.largestMove > f.model().maxInitialCorrection) {
    std::ostringstream os;
    os << "making the initial positions satisfy the constraints moves body '"
       << report.largestMoveBody << "' by " << report.largestMove
       << " (m or rad), more than the allowed " << f.model().maxInitialCorrection
       << " (settings.max_initial_correction): check its initial pose and its joints";
    throw ModelError(os.str());
  }

  // least-change velocities
  if (f.constraintSize() == 0) return report;
  // velocities: the least change that satisfies Phi_q v = nu
  f.computePositions(t, q);
  const ConstraintJacobian J(f);
  VectorXd dv;
  if (!J.minimumNorm(f.velocityRhs() - J.times(v), dv))
    throw ModelError("the constraint Jacobian is singular at the initial configuration");
  v += dv;
  report.largestVelocityChange = dv.cwiseAbs().maxCoeff();
  return report;
}

void solveAccelerations(Formulation& f, State& s) {
  const int nv = f.velocitySize(), nc = f.constraintSize();
  // the message of every refusal below
  const char* singular =
      "the equations of motion are singular at the initial state (a body with no "
      "inertia in an unconstrained direction, or redundant constraints)";
  // large models (Phi_q of more than kDenseRankEntries entries, as above): the sparse augmented
  // matrix, factorized by KLU
  if (long(nc) * nv > kDenseRankEntries) {
    AugmentedSystem system(f);
    if (!system.accelerations(s) || !(1.0 / system.conditionEstimate() >= 1e-15) ||
        !s.vdot.allFinite() || !s.lambda.allFinite())
      throw ModelError(singular);
    return;
  }
  // small ones: dense LU with partial pivoting
  f.computePositions(s.t, s.q);
  f.computeVelocities(s.v);
  // [M Phi_q^T; Phi_q 0] [vdot; lambda] = [Q; gamma]
  MatrixXd A = MatrixXd::Zero(nv + nc, nv + nc);
  // M in the upper-left, Phi_q below it and Phi_q^T right of it
  f.massMatrix(MatrixSink(A));
  f.constraintJacobian(MatrixSink(A, nv, 0));
  f.constraintJacobian(MatrixSink(A, nv, 0).transposed());
  // the right-hand side: the forces and gamma
  VectorXd rhs(nv + nc), Q, gamma;
  f.generalizedForces(Q);
  f.accelerationRhs(gamma);
  rhs << Q, gamma;
  // refused when singular or nearly so
  const Eigen::PartialPivLU<MatrixXd> lu(A);
  const VectorXd x = lu.solve(rhs);
  if (!x.allFinite() || lu.rcond() < 1e-15) throw ModelError(singular);
  s.vdot = x.head(nv);
  s.lambda = x.tail(nc);
}

State consistentInitialState(Formulation& f, double t0, ProjectionReport* report) {
  // the scene's positions and velocities, projected onto the constraints, then the accelerations
  State s;
  s.t = t0;
  f.initialState(s.q, s.v);
  const ProjectionReport r = projectOntoConstraints(f, t0, s.q, s.v);
  if (report) *report = r;
  solveAccelerations(f, s);
  return s;
}

}  // namespace mbw
