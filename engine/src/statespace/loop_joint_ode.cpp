#include "statespace/loop_joint_ode.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

constexpr double kDifferenceStep = 6e-6;  // relative step of the central differences (~ eps^1/3)
constexpr double kPolishFloor = 1e-15;    // |Phi| the differences' positions need not go below
constexpr int kPolishIterations = 2;      // Newton corrections beyond the tolerance, at most

}  // namespace

// --- set-up and the partition --------------------------------------------------------------------

LoopJointOde::LoopJointOde(Formulation& rp, StateSpaceSettings settings)
    : rp_(rp),
      settings_(settings),
      ode_(rp.model(), true),
      map_(rp),
      loops_(rp, ode_.dynamics(), map_),
      n_(ode_.size()) {
  // whether the map varies in time at fixed q, qd: gravity's factor, the equations' functions
  // (drivers), the force elements' actuators and loads (their activity windows switch, with no
  // derivative between the switches)
  const Model& model = rp.model();
  timeVarying_ = !model.gravityFactor.isConstant();
  for (const Primitive& p : model.primitives) timeVarying_ = timeVarying_ || !p.f.isConstant();
  for (const ForceElement& f : model.forces) {
    timeVarying_ = timeVarying_ || !f.actuator.isConstant();
    for (const TimeFunction& load : f.load) timeVarying_ = timeVarying_ || !load.isConstant();
  }
  // work vectors of the model's size; those of the partition's with it
  work_n_.resize(n_);
  H_.resize(n_, n_);
  b_.resize(n_);
}

bool LoopJointOde::factorizeAt(double t) {
  // Phi_q at q_ (and Phi, nu), its dependent columns factorized
  loops_.computePositions(t, q_);
  factorized_ = m_ == 0 || dependent_.factorize(loops_.jacobian());
  if (!factorized_) failure_ = "the dependent loop-constraint Jacobian Phi_u is singular";
  return factorized_;
}

bool LoopJointOde::choosePartition(double t) {
  // Phi_q at q_ and its partition by full pivoting: the pivot columns dependent (none without
  // equations)
  loops_.computePositions(t, q_);
  CoordinatePartition p;
  if (m_ == 0) {
    for (int k = 0; k < n_; ++k) p.independent.push_back(k);
  } else if (!partitionCoordinates(loops_.jacobian(), p)) {
    failure_ = "the loop constraints' Jacobian is rank deficient: no coordinate partition";
    return false;
  }
  partition_ = std::move(p);
  if (m_ > 0) dependent_.setPartition(m_, n_, {{0, 0, m_, n_}}, partition_.dependent);
  // the tangent basis: the identity on the independent coordinates, its dependent rows with the
  // velocities; the reduced system's matrices for d coordinates
  const int d = size();
  T_.setZero(n_, d);
  for (int i = 0; i < d; ++i) T_(partition_.independent[i], i) = 1.0;
  phiV_.resize(m_, d);
  Huv_.resize(m_, d);
  HT_.resize(n_, d);
  reduced_.resize(d, d);
  reducedLlt_ = Eigen::LLT<MatrixXd>(d);
  work_d_.resize(d);
  work_m_.resize(m_);
  // Phi_u at q_, and its condition as the reference of the repartition check
  if (!factorizeAt(t)) return false;
  referenceCondition_ = m_ == 0 ? 1.0 : dependent_.conditionEstimate();
  referenceTangent_ = 0.0;
  return true;
}

bool LoopJointOde::initialize(const State& consistent) {
  // the joint coordinates of the consistent state (p's signs from it), no acceleration assumed
  map_.followSigns(consistent.q);
  map_.jointState(ode_.tree(), consistent, q_, qd_);
  qdd_.setZero(n_);
  t_ = consistent.t;
  // the independent loop equations there, the partition, and a first evaluation
  m_ = loops_.selectIndependent(t_, q_);
  if (!choosePartition(t_)) return false;
  VectorXd v(size()), vd(size()), vdd;
  for (int i = 0; i < size(); ++i) {
    v[i] = q_[partition_.independent[i]];
    vd[i] = qd_[partition_.independent[i]];
  }
  return evaluate(t_, v, vd, vdd);
}

// --- the acceleration map: positions, velocities, accelerations ---------------------------------

bool LoopJointOde::solvePositions(double t, const VectorXd& v) {
  // prediction: the last point's motion to second order in time, moved along its tangent basis to
  // the requested independent coordinates
  const double dt = t - t_;
  q_ += dt * qd_ + (0.5 * dt * dt) * qdd_;
  for (int i = 0; i < size(); ++i) work_d_[i] = v[i] - q_[partition_.independent[i]];
  q_.noalias() += T_ * work_d_;
  for (int i = 0; i < size(); ++i) q_[partition_.independent[i]] = v[i];
  if (m_ == 0) return factorizeAt(t);
  // Newton on Phi(t, u, v) = 0 in the dependent coordinates (the modified iteration)
  double previous = INFINITY;
  int polished = 0;
  for (int it = 0; it <= settings_.maxNewtonIterations + kPolishIterations; ++it) {
    loops_.computeConstraints(t, q_);
    const double residual = loops_.constraints().cwiseAbs().maxCoeff();
    if (!std::isfinite(residual)) break;
    // converged: done, unless the differences ask for the rounding and the residual still halves
    if (residual <= settings_.constraintTolerance) {
      const bool polish = polish_ && residual > kPolishFloor && residual < 0.5 * previous &&
                          polished < kPolishIterations;
      if (!polish) return factorizeAt(t);
      ++polished;
      factorized_ = false;  // polished with Phi_u at the iterate
    }
    if (it >= settings_.maxNewtonIterations + polished) break;
    // a fresh Phi_u when the reused one converges slowly
    if (!factorized_ || residual > 0.25 * previous)
      if (!factorizeAt(t)) return false;
    // u += -Phi_u^-1 Phi
    previous = residual;
    work_m_ = -loops_.constraints();
    dependent_.solveInPlace(work_m_);
    for (int j = 0; j < m_; ++j) q_[partition_.dependent[j]] += work_m_[j];
    ++newtonIterations_;
  }
  // out of iterations: the residual left
  std::ostringstream os;
  os << "the dependent joint coordinates did not converge onto the loop constraints (|Phi| = "
     << loops_.constraints().cwiseAbs().maxCoeff() << " after " << settings_.maxNewtonIterations
     << " Newton iterations)";
  failure_ = os.str();
  return false;
}

void LoopJointOde::solveVelocities(const VectorXd& vd) {
  // Phi_u ud = nu - Phi_v vd, and the independent rates as given
  const int d = size();
  for (int i = 0; i < d; ++i) qd_[partition_.independent[i]] = vd[i];
  if (m_ == 0) return;
  const MatrixXd& phiQ = loops_.jacobian();
  for (int i = 0; i < d; ++i) phiV_.col(i) = phiQ.col(partition_.independent[i]);
  work_m_ = loops_.velocityRhs();
  work_m_.noalias() -= phiV_ * vd;
  dependent_.solveInPlace(work_m_);
  for (int j = 0; j < m_; ++j) qd_[partition_.dependent[j]] = work_m_[j];
  // the tangent basis's dependent rows, H_uv = -Phi_u^-1 Phi_v (none without independent
  // coordinates)
  if (d == 0) return;
  Huv_ = -phiV_;
  dependent_.solveInPlace(Huv_);
  for (int j = 0; j < m_; ++j) T_.row(partition_.dependent[j]) = Huv_.row(j);
}

bool LoopJointOde::solveAccelerations() {
  // H and b of the tree (eq 1), gamma and z = [0; Phi_u^-1 gamma]
  ode_.terms(t_, q_, qd_, H_, b_);
  z_.setZero(n_);
  if (m_ > 0) {
    loops_.accelerationRhs(q_, qd_, gamma_);
    work_m_ = gamma_;
    dependent_.solveInPlace(work_m_);
    for (int j = 0; j < m_; ++j) z_[partition_.dependent[j]] = work_m_[j];
  }
  // (T^T H T) vdd = T^T (b - H z), by Cholesky; qdd = T vdd + z (eq 3)
  HT_.noalias() = H_ * T_;
  reduced_.noalias() = T_.transpose() * HT_;
  reducedLlt_.compute(reduced_);
  if (reducedLlt_.info() != Eigen::Success) {
    failure_ = "the reduced mass matrix T^T H T is not positive definite";
    return false;
  }
  work_n_ = b_;
  work_n_.noalias() -= H_ * z_;
  work_d_.noalias() = T_.transpose() * work_n_;
  reducedLlt_.solveInPlace(work_d_);
  qdd_ = z_;
  qdd_.noalias() += T_ * work_d_;
  return true;
}

bool LoopJointOde::evaluate(double t, const VectorXd& v, const VectorXd& vd, VectorXd& vdd) {
  // positions (restored when Newton fails), velocities, accelerations (steps 1-3 of the header)
  ++evaluations_;
  qSaved_ = q_;
  if (!solvePositions(t, v)) {
    q_ = qSaved_;
    return false;
  }
  t_ = t;
  fullCurrent_ = false;
  solveVelocities(vd);
  if (!solveAccelerations()) return false;
  // the independent accelerations, the ODE's right-hand side
  vdd.resize(size());
  for (int i = 0; i < size(); ++i) vdd[i] = qdd_[partition_.independent[i]];
  return true;
}

// --- the states in and out -----------------------------------------------------------------------

void LoopJointOde::independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) {
  y.resize(size());
  yd.resize(size());
  ydd.resize(size());
  for (int i = 0; i < size(); ++i) {
    y[i] = q_[partition_.independent[i]];
    yd[i] = qd_[partition_.independent[i]];
    ydd[i] = qdd_[partition_.independent[i]];
  }
}

void LoopJointOde::gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const {
  // the inverse map, each angle on the turn nearest the last point's
  map_.jointState(ode_.tree(), full, gatherQ_, gatherQd_);
  for (const TreeBody& b : ode_.tree().bodies)
    if (b.dof && b.type == TreeJointType::Revolute && q_.size() == n_)
      gatherQ_[b.index] += 2.0 * M_PI * std::round((q_[b.index] - gatherQ_[b.index]) / (2 * M_PI));
  y.resize(size());
  yd.resize(size());
  for (int i = 0; i < size(); ++i) {
    y[i] = gatherQ_[partition_.independent[i]];
    yd[i] = gatherQd_[partition_.independent[i]];
  }
}

const State& LoopJointOde::fullState() {
  // the bodies' motion at the last point, and the rp state with its multipliers there
  if (!fullCurrent_) {
    TreeDynamics& dyn = ode_.dynamics();
    dyn.computeKinematics(q_, qd_);
    dyn.computeAccelerations(qdd_);
    map_.fill(t_, dyn);
    fullCurrent_ = true;
  }
  return map_.state();
}

// --- the Jacobians by central differences --------------------------------------------------------

bool LoopJointOde::differenceAt(double t, const VectorXd& v, const VectorXd& vd, VectorXd& vdd) {
  // from the base point's motion and tangent basis each time
  t_ = tBase_;
  q_ = qBase_;
  qd_ = qdBase_;
  qdd_ = qddBase_;
  T_ = TBase_;
  return evaluate(t, v, vd, vdd);
}

void LoopJointOde::jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) {
  // the base point, kept to start each difference from and restored at the end
  const int d = size();
  tBase_ = t_;
  qBase_ = q_;
  qdBase_ = qd_;
  qddBase_ = qdd_;
  TBase_ = T_;
  independentState(vBase_, vdBase_, fPlus_);
  J1.resize(d, d);
  J2.resize(d, d);
  ft.resize(d);
  polish_ = true;
  // one column of J1 and J2 per independent coordinate and rate, central differences (a failed
  // evaluation leaves its column zero)
  for (int level = 0; level < 2; ++level)
    for (int i = 0; i < d; ++i) {
      shifted_ = level == 0 ? vBase_ : vdBase_;
      const double h = kDifferenceStep * std::max(1.0, std::abs(shifted_[i]));
      shifted_[i] += h;
      const bool plus = level == 0 ? differenceAt(tBase_, shifted_, vdBase_, fPlus_)
                                   : differenceAt(tBase_, vBase_, shifted_, fPlus_);
      shifted_[i] -= 2.0 * h;
      const bool minus = level == 0 ? differenceAt(tBase_, shifted_, vdBase_, fMinus_)
                                    : differenceAt(tBase_, vBase_, shifted_, fMinus_);
      MatrixXd& J = level == 0 ? J1 : J2;
      if (plus && minus)
        J.col(i) = (fPlus_ - fMinus_) / (2.0 * h);
      else
        J.col(i).setZero();
    }
  // df/dt at fixed v, vd, when something varies in time
  ft.setZero();
  if (timeVarying_) {
    const double h = kDifferenceStep * std::max(1.0, std::abs(tBase_));
    const bool plus = differenceAt(tBase_ + h, vBase_, vdBase_, fPlus_);
    const bool minus = differenceAt(tBase_ - h, vBase_, vdBase_, fMinus_);
    if (plus && minus) ft = (fPlus_ - fMinus_) / (2.0 * h);
  }
  polish_ = false;
  // the base point again, as the last evaluated one (its full state rebuilt when asked for)
  t_ = tBase_;
  q_ = qBase_;
  qd_ = qdBase_;
  qdd_ = qddBase_;
  T_ = TBase_;
  fullCurrent_ = false;
}

// --- the partition check (Sandu et al. 2001 section 4) -------------------------------------------

PartitionCheck LoopJointOde::checkPartition() {
  // the spherical chains past kRebaseAngle re-based first (joint/kinematic_tree.h eq 4): the same
  // motion in new coordinates, partitioned and evaluated again there
  PartitionCheck check;
  const std::vector<int> rebased = ode_.dynamics().rebaseSphericalJoints(q_, qd_);
  if (!rebased.empty()) {
    check.changed = true;
    check.description = rebaseDescription(ode_.tree(), rebased);
    if (choosePartition(t_)) evaluateAtPartition();
    return check;
  }
  // cond(Phi_u) and max |H_uv| at the last point against the partition's references (the
  // tangent basis's taken at the first check after partitioning); both within the growth factor,
  // nothing to do
  if (m_ == 0) return check;
  check.reference = referenceCondition_;
  check.condition = dependent_.conditionEstimate();
  const double tangent = Huv_.size() ? Huv_.cwiseAbs().maxCoeff() : 0.0;
  if (referenceTangent_ == 0.0) referenceTangent_ = std::max(1.0, tangent);
  if (!singularity_.empty()) referenceCondition_ = std::min(referenceCondition_, check.condition);
  const bool conditionGrew = check.condition > settings_.repartitionGrowth * referenceCondition_;
  if (!conditionGrew && tangent <= settings_.repartitionGrowth * referenceTangent_) return check;
  check.triggered = true;
  // the event says the tangent basis's growth when it alone triggered
  if (!conditionGrew) {
    check.measure = "max |H_uv|";
    check.condition = tangent;
    check.reference = referenceTangent_;
  }
  // near a rank drop of the mechanism's constraints (the rp ones at the same poses: the tree's
  // joints and the loops'), in words
  rp_.computePositions(t_, fullState().q);
  const ConstraintRank rank = analyzeConstraintRank(rp_);
  singularity_ = rankDropDescription(rp_, rank, kNearRankLoss);
  check.singularity = singularity_;
  check.weakestPivot = rank.smallestPivot;
  // Gauss-Jordan again at the last point; kept as it was when Phi_q is rank deficient there
  const CoordinatePartition before = partition_;
  if (!choosePartition(t_)) {
    referenceCondition_ = dependent_.conditionEstimate();
    referenceTangent_ = std::max(1.0, tangent);
    return check;
  }
  check.changed = partition_.independent != before.independent;
  // the new independent coordinates by their joints' names (a joint of several freedoms: its
  // freedom's number too)
  if (check.changed) {
    const KinematicTree& tree = ode_.tree();
    for (int i = 0; i < size(); ++i) {
      const TreeBody& b = tree.bodies[tree.coordinateBody[partition_.independent[i]]];
      const TreeJoint& j = tree.joints[b.treeJoint];
      check.description += (i ? " " : "") + j.name;
      if (j.dof > 1) check.description += "[" + std::to_string(b.index - j.index + 1) + "]";
    }
  }
  evaluateAtPartition();
  return check;
}

void LoopJointOde::evaluateAtPartition() {
  // the tangent basis of the partition at the last point
  const int d = size();
  VectorXd v(d), vd(d), vdd;
  for (int i = 0; i < d; ++i) {
    v[i] = q_[partition_.independent[i]];
    vd[i] = qd_[partition_.independent[i]];
  }
  evaluate(t_, v, vd, vdd);
}

}  // namespace mbw
