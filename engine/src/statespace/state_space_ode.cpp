#include "statespace/state_space_ode.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <sstream>

#include "solvers/constraint_rank.h"

namespace mbw {

// --- set-up and the partition --------------------------------------------------------------------

StateSpaceOde::StateSpaceOde(Formulation& formulation, StateSpaceSettings settings)
    : f_(formulation),
      settings_(settings),
      n_(formulation.velocitySize()),
      m_(formulation.constraintSize()) {
  assert(formulation.positionSize() == formulation.velocitySize());
  // the block structure of Phi_q and its derivatives (constraint rows by body) and of M, Kq, Kv
  // (bodies and their couplings)
  const Model& model = formulation.model();
  const int V = formulation.bodyVelocitySize();
  rowStructure_ = constraintRowBlocks(formulation);
  for (BodyBlockMatrix* a : {&phiQ_, &rateQ_, &nuQ_, &accQ_, &accV_})
    a->setStructure(m_, n_, rowStructure_);
  mass_.setStructure(n_, n_, blockDiagonalBlocks(model, V));
  kq_.setStructure(n_, n_, bodyCouplingBlocks(model, V));
  kv_.setStructure(n_, n_, bodyCouplingBlocks(model, V));
  // work vectors sized once: the evaluations allocate nothing
  Q_.resize(n_);
  gamma_.resize(m_);
  z_.resize(n_);
  work_n_.resize(n_);
  work_m_.resize(m_);
}

// the independent entries of a full vector, in partition order
void StateSpaceOde::gatherIndependent(const VectorXd& full, VectorXd& independent) const {
  independent.resize(size());
  for (int i = 0; i < size(); ++i) independent[i] = full[partition_.independent[i]];
}

// the three levels of the last evaluated point, and two of another state
void StateSpaceOde::independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) {
  const State& s = fullState();
  gatherIndependent(s.q, y);
  gatherIndependent(s.v, yd);
  gatherIndependent(s.vdot, ydd);
}

void StateSpaceOde::gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const {
  gatherIndependent(full.q, y);
  gatherIndependent(full.v, yd);
}

// the independent coordinates by body and name, for the events that report a repartition
std::string StateSpaceOde::independentNames() const {
  static const char* names[] = {"x", "y", "z", "e0", "e1", "e2", "e3"};  // rp: (r, p) per body
  const int V = f_.bodyVelocitySize();
  std::ostringstream os;
  // each coordinate's body from its block; its name from its place in the block (rp),
  // else q and the place
  for (size_t i = 0; i < partition_.independent.size(); ++i) {
    const int c = partition_.independent[i];
    os << (i ? " " : "") << f_.model().bodies[c / V].name << ".";
    if (V == 7)
      os << names[c % V];
    else
      os << "q" << c % V;
  }
  return os.str();
}

// Phi_q at the formulation's positions, and its dependent columns Phi_u factorized
bool StateSpaceOde::factorizeAt() {
  f_.constraintJacobian(phiQ_.sink());
  factorized_ = dependent_.factorize(phiQ_.dense());
  if (!factorized_)
    failure_ = "the dependent constraint Jacobian Phi_u is singular" + nearSingularity();
  return factorized_;
}

// the note on a singular position, when the last partition check found one
std::string StateSpaceOde::nearSingularity() const {
  return singularity_.empty()
             ? singularity_
             : "; near a singular position: " + singularity_ +
                   " (what may help: a smaller step or tolerance, or an index-3 integrator)";
}

// Phi_q at q, and its partition by full pivoting (eqs 4-6): the pivot columns dependent
bool StateSpaceOde::choosePartition(const VectorXd& q, double t) {
  f_.computePositions(t, q);
  f_.constraintJacobian(phiQ_.sink());
  CoordinatePartition p;
  if (!partitionCoordinates(phiQ_.dense(), p)) {
    failure_ = "the constraint Jacobian is rank deficient: no coordinate partition";
    return false;
  }
  // from here on the partition changes
  partition_ = std::move(p);
  dependent_.setPartition(m_, n_, rowStructure_, partition_.dependent);
  // the tangent basis starts as the identity on the independent coordinates; its dependent rows
  // come with the velocities
  const int d = size();
  T_.setZero(n_, d);
  for (int i = 0; i < d; ++i) T_(partition_.independent[i], i) = 1.0;
  // the reduced system's matrices sized for the d independent coordinates
  phiV_.resize(m_, d);
  H_.resize(m_, d);
  mT_.resize(n_, d);
  mHat_.resize(d, d);
  mHatLLT_ = Eigen::LLT<MatrixXd>(d);
  work_d_.resize(d);
  factorized_ = false;
  // Phi_u at q, and its condition as the reference of the repartition check
  if (!factorizeAt()) return false;
  referenceCondition_ = dependent_.conditionEstimate();
  return true;
}

bool StateSpaceOde::initialize(const State& consistent) {
  full_ = consistent;
  // the prediction of the first evaluation uses the accelerations: none given, none assumed
  if (full_.vdot.size() != n_) full_.vdot.setZero(n_);
  // the partition at the consistent state, then a first evaluation there, the first accepted point
  if (!choosePartition(consistent.q, consistent.t)) return false;
  VectorXd v, vdot, vddot;
  gatherIndependent(consistent.q, v);
  gatherIndependent(consistent.v, vdot);
  anchors_ = 0;
  if (!evaluate(consistent.t, v, vdot, vddot)) return false;
  acceptPoint();
  return true;
}

// --- the acceleration map: positions, velocities, accelerations, multipliers ---------------------

// x = 0 but for the dependent entries, u
void StateSpaceOde::scatterDependent(const VectorXd& u, VectorXd& x) const {
  x.setZero(n_);
  for (int j = 0; j < m_; ++j) x[partition_.dependent[j]] = u[j];
}

// x = [0; Phi_u^-1 w], the operator Z of the Jacobians
void StateSpaceOde::dependentSolution(const VectorXd& w, VectorXd& x) {
  work_m_ = w;
  dependent_.solveInPlace(work_m_);
  scatterDependent(work_m_, x);
}

// the last two accepted points, the anchors of the prediction
void StateSpaceOde::acceptPoint() {
  // a new time: the newest point becomes the older one; the same time: it is replaced
  if (anchors_ == 0 || full_.t != anchor_[1].t) {
    std::swap(anchor_[0], anchor_[1]);
    anchors_ = std::min(anchors_ + 1, 2);
  }
  Anchor& a = anchor_[1];
  a.t = full_.t;
  a.q = full_.q;
  a.qdot = full_.v;
  a.qddot = full_.vdot;
}

// the quintic Hermite interpolant through the last two accepted points, up to kAnchorReach of their
// interval
bool StateSpaceOde::predictFromAnchors(double t, VectorXd& q) const {
  if (anchors_ < 2) return false;
  const Anchor &a = anchor_[0], &b = anchor_[1];
  const double h = b.t - a.t;
  const double s = (t - a.t) / h;
  if (!(h > 0.0) || s < -1.0 || s > kAnchorReach) return false;
  // quintic Hermite basis on [a, b]: value, h x first and h^2 x second derivative at each end
  const double s2 = s * s, s3 = s2 * s, s4 = s3 * s, s5 = s4 * s;
  const double value1 = 10 * s3 - 15 * s4 + 6 * s5, value0 = 1.0 - value1;
  const double rate0 = h * (s - 6 * s3 + 8 * s4 - 3 * s5), rate1 = h * (-4 * s3 + 7 * s4 - 3 * s5);
  const double acc0 = h * h * 0.5 * (s2 - 3 * s3 + 3 * s4 - s5),
               acc1 = h * h * 0.5 * (s3 - 2 * s4 + s5);
  q = value0 * a.q + value1 * b.q + rate0 * a.qdot + rate1 * b.qdot + acc0 * a.qddot +
      acc1 * b.qddot;
  return true;
}

bool StateSpaceOde::solveDependentPositions(double t, const VectorXd& v) {
  // prediction: at the last point's time, that point; elsewhere the motion through the last two
  // accepted points, or the last point's to second order in time; then moved along the tangent
  // basis to the requested independent coordinates
  VectorXd& q = full_.q;
  const double dt = t - full_.t;
  if (dt == 0.0 || !predictFromAnchors(t, q)) q += dt * full_.v + (0.5 * dt * dt) * full_.vdot;
  for (int i = 0; i < size(); ++i) work_d_[i] = v[i] - q[partition_.independent[i]];
  q.noalias() += T_ * work_d_;
  for (int i = 0; i < size(); ++i) q[partition_.independent[i]] = v[i];
  // Newton on Phi(u, v) = 0 in the dependent coordinates (eq 7c)
  double previous = INFINITY;
  for (int it = 0; it <= settings_.maxNewtonIterations; ++it) {
    // the constraint values alone; Phi_q and the rest at the solution
    f_.computeConstraints(t, q);
    const double residual = f_.constraints().cwiseAbs().maxCoeff();
    if (!std::isfinite(residual)) break;
    if (residual <= settings_.constraintTolerance) {
      f_.computePositions(t, q);
      if (!factorizeAt()) return false;
      // near a singular position Phi_u leaves the positions within cond(Phi_u) times the tolerance:
      // one more correction with the factorization at the solution brings them to the rounding
      if (!singularity_.empty()) {
        work_m_ = -f_.constraints();
        dependent_.solveInPlace(work_m_);
        for (int j = 0; j < m_; ++j) q[partition_.dependent[j]] += work_m_[j];
        f_.computePositions(t, q);
      }
      return true;
    }
    // modified Newton: a fresh Phi_u when the reused one converges slowly, or at every iteration
    // near a singular position (Phi_u changes fast against its smallest singular value there)
    if (!factorized_ || residual > 0.25 * previous || !singularity_.empty()) {
      f_.computePositions(t, q);
      if (!factorizeAt()) return false;
    }
    // u += -Phi_u^-1 Phi
    previous = residual;
    work_m_ = -f_.constraints();
    dependent_.solveInPlace(work_m_);
    for (int j = 0; j < m_; ++j) q[partition_.dependent[j]] += work_m_[j];
    ++newtonIterations_;
  }
  // out of iterations: the residual left, and where
  std::ostringstream os;
  os << "the dependent coordinates did not converge onto the constraints (|Phi| = "
     << f_.constraints().cwiseAbs().maxCoeff() << " after " << settings_.maxNewtonIterations
     << " Newton iterations)" << nearSingularity();
  failure_ = os.str();
  return false;
}

void StateSpaceOde::solveVelocities(const VectorXd& vdot) {
  // Phi_v, the independent columns of Phi_q
  const int d = size();
  const MatrixXd& phiQ = phiQ_.dense();
  for (int i = 0; i < d; ++i) phiV_.col(i) = phiQ.col(partition_.independent[i]);
  // Phi_u udot = nu - Phi_v vdot
  VectorXd& qdot = full_.v;
  work_m_ = f_.velocityRhs();
  work_m_.noalias() -= phiV_ * vdot;
  dependent_.solveInPlace(work_m_);
  for (int j = 0; j < m_; ++j) qdot[partition_.dependent[j]] = work_m_[j];
  for (int i = 0; i < d; ++i) qdot[partition_.independent[i]] = vdot[i];
  f_.computeVelocities(qdot);
  // tangent basis: the dependent rows of T are H = -Phi_u^-1 Phi_v (none without independent
  // coordinates: T has no columns, and no row of it may be addressed)
  if (d == 0) return;
  H_ = -phiV_;
  dependent_.solveInPlace(H_);
  for (int j = 0; j < m_; ++j) T_.row(partition_.dependent[j]) = H_.row(j);
}

bool StateSpaceOde::solveAccelerations() {
  // M, Q, gamma at the current positions and velocities, and z = [0; Phi_u^-1 gamma]
  f_.massMatrix(mass_.sink());
  f_.generalizedForces(Q_);
  f_.accelerationRhs(gamma_);
  dependentSolution(gamma_, z_);
  // the reduced mass matrix T^T M T, by Cholesky
  mass_.multiply(T_, mT_);
  mHat_.noalias() = T_.transpose() * mT_;
  mHatLLT_.compute(mHat_);
  if (mHatLLT_.info() != Eigen::Success) {
    failure_ = "the reduced mass matrix T^T M T is not positive definite";
    return false;
  }
  // (T^T M T) vddot = T^T (Q - M z), qddot = T vddot + z (eqs 9-10)
  mass_.multiply(z_, work_n_);
  work_n_ = Q_ - work_n_;
  work_d_.noalias() = T_.transpose() * work_n_;
  mHatLLT_.solveInPlace(work_d_);
  VectorXd& qddot = full_.vdot;
  qddot = z_;
  qddot.noalias() += T_ * work_d_;
  // the multipliers wait until the full state is asked for
  multipliersSolved_ = false;
  return true;
}

void StateSpaceOde::solveMultipliers() {
  if (multipliersSolved_) return;
  // the dependent rows of the equations of motion: Phi_u^T lambda = (Q - M qddot)_u
  mass_.multiply(full_.vdot, work_n_);
  work_n_ = Q_ - work_n_;
  VectorXd& lambda = full_.lambda;
  lambda.resize(m_);
  for (int j = 0; j < m_; ++j) lambda[j] = work_n_[partition_.dependent[j]];
  dependent_.solveTransposedInPlace(lambda);
  multipliersSolved_ = true;
}

// the full state, with its multipliers
const State& StateSpaceOde::fullState() {
  solveMultipliers();
  return full_;
}

bool StateSpaceOde::evaluate(double t, const VectorXd& v, const VectorXd& vdot, VectorXd& vddot) {
  // positions (restored when Newton fails), velocities, accelerations (steps 1-3 of the header)
  ++evaluations_;
  qSaved_ = full_.q;
  if (!solveDependentPositions(t, v)) {
    full_.q = qSaved_;
    return false;
  }
  full_.t = t;
  solveVelocities(vdot);
  if (!solveAccelerations()) return false;
  // the independent accelerations, the ODE's right-hand side
  vddot.resize(size());
  for (int i = 0; i < size(); ++i) vddot[i] = full_.vdot[partition_.independent[i]];
  return true;
}

// --- the partition check (Algorithm 1 step 14) ---------------------------------------------------

PartitionCheck StateSpaceOde::checkPartition() {
  // the condition of Phi_u against the partition's own reference; within repartitionGrowth, nothing
  // to do
  PartitionCheck check;
  check.reference = referenceCondition_;
  check.condition = dependent_.conditionEstimate();
  // near a singular position the growth is measured from the smallest condition since: there
  // every partition's condition peaks and falls back, and the next singularity of the partition
  // itself must be seen growing from where it fell
  if (!singularity_.empty()) referenceCondition_ = std::min(referenceCondition_, check.condition);
  if (check.condition <= settings_.repartitionGrowth * referenceCondition_) return check;
  check.triggered = true;
  // a growth no partition may avoid: Phi_q itself near a rank drop (one analysis: the words and
  // the weakest equation's independent part)
  singularity_.clear();
  if (f_.primitiveRows() > 0) {
    const ConstraintRank rank = analyzeConstraintRank(f_);
    singularity_ = rankDropDescription(f_, rank, kNearRankLoss);
    check.weakestPivot = rank.smallestPivot;
  }
  check.singularity = singularity_;
  const CoordinatePartition before = partition_;
  if (!choosePartition(full_.q, full_.t)) {
    // rank deficient here: keep the old partition (nothing was changed)
    referenceCondition_ = check.condition;
    return check;
  }
  // another order of the dependent coordinates alone leaves the integrators' state (v, vdot) as
  // it is: no change for them
  check.changed = partition_.independent != before.independent;
  if (check.changed) check.description = independentNames();
  // the tangent basis of the new partition at this point
  VectorXd v, vdot, vddot;
  gatherIndependent(full_.q, v);
  gatherIndependent(full_.v, vdot);
  evaluate(full_.t, v, vdot, vddot);
  return check;
}

}  // namespace mbw
