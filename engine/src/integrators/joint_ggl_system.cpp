#include "integrators/joint_ggl_system.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mbw {
namespace {

// relative increment of the forward differences (~ sqrt(eps))
const double kDifferenceStep = std::sqrt(std::numeric_limits<double>::epsilon());

}  // namespace

JointGglSystem::JointGglSystem(Formulation& rp)
    : ode_(rp.model(), true), map_(rp), loops_(rp, ode_.dynamics(), map_) {
  n_ = ode_.size();
  H_.resize(n_, n_);
  b_.resize(n_);
}

// --- the initial state ---------------------------------------------------------------------------

void JointGglSystem::initialize(const State& consistent) {
  // the joint coordinates of the consistent state (p's signs from it), and the independent loop
  // equations there
  map_.followSigns(consistent.q);
  map_.jointState(ode_.tree(), consistent, q_, qd_);
  m_ = loops_.candidates() > 0 ? loops_.selectIndependent(consistent.t, q_) : 0;
  unpacked_ = false;
}

void JointGglSystem::pack(const State& consistent, double* y, double* yp) {
  // q, qd of the consistent state
  map_.jointState(ode_.tree(), consistent, q_, qd_);
  packPoint(consistent.t, y, yp);
}

void JointGglSystem::packPoint(double t, double* y, double* yp) {
  // y = (q_, qd_, lambda, 0) and y' = (qd_, qdd, 0, 0), qdd and lambda of eq (1) at (q_, qd_)
  Eigen::Map<VectorXd> Y(y, size()), Yp(yp, size());
  Y.head(n_) = q_;
  Y.segment(n_, n_) = qd_;
  Y.tail(2 * m_).setZero();
  Yp.setZero();
  load(t, y);
  if (!solveAccelerations()) return;
  Y.segment(2 * n_, m_) = lambda_;
  Yp.head(n_) = qd_;
  Yp.segment(n_, n_) = qdd_;
}

std::string JointGglSystem::rebaseDue(const double* y) const {
  const std::vector<int> due =
      sphericalJointsToRebase(ode_.tree(), Eigen::Map<const VectorXd>(y, n_));
  return due.empty() ? std::string() : rebaseDescription(ode_.tree(), due);
}

void JointGglSystem::rebase(double t, double* y, double* yp) {
  // the spherical chains past kRebaseAngle at the point, re-based in the tree and in q, qd
  q_ = Eigen::Map<const VectorXd>(y, n_);
  qd_ = Eigen::Map<const VectorXd>(y + n_, n_);
  if (ode_.dynamics().rebaseSphericalJoints(q_, qd_).empty()) return;
  unpacked_ = false;  // other coordinates: the same y would be another state
  // the same state in the new coordinates, consistent
  packPoint(t, y, yp);
}

// --- the residual and its Newton matrix ----------------------------------------------------------

void JointGglSystem::load(double t, const double* y) {
  // H and b of the tree at (q, qd); the loops' Phi, Phi_q and nu at q
  q_ = Eigen::Map<const VectorXd>(y, n_);
  qd_ = Eigen::Map<const VectorXd>(y + n_, n_);
  ode_.terms(t, q_, qd_, H_, b_);
  if (m_ > 0) loops_.computePositions(t, q_);
}

std::string JointGglSystem::residual(double t, const double* y, const double* yp, double* F) {
  load(t, y);
  // the unknowns' parts
  const Eigen::Map<const VectorXd> lambda(y + 2 * n_, m_), mu(y + 2 * n_ + m_, m_);
  const Eigen::Map<const VectorXd> qp(yp, n_), qdp(yp + n_, n_);
  Eigen::Map<VectorXd> Fq(F, n_), Fv(F + n_, n_), Fl(F + 2 * n_, m_), Fm(F + 2 * n_ + m_, m_);
  // the tree's kinematics and equations of motion
  Fq = qp - qd_;
  Fv.noalias() = H_ * qdp;
  Fv -= b_;
  // the loops' forces, the stabilization and the two constraint levels
  if (m_ > 0) {
    const MatrixXd& phiQ = loops_.jacobian();
    Fq.noalias() -= phiQ.transpose() * mu;
    Fv.noalias() += phiQ.transpose() * lambda;
    Fl.noalias() = phiQ * qd_;
    Fl -= loops_.velocityRhs();
    Fm = loops_.constraints();
  }
  if (!Eigen::Map<const VectorXd>(F, size()).allFinite())
    return "the joint coordinates' residual is not finite at t = " + std::to_string(t);
  return {};
}

std::string JointGglSystem::jacobian(double t, double cj, const double* y, const double* yp) {
  const int N = size();
  J_.resize(N, N);
  F0_.resize(N);
  F1_.resize(N);
  // the residual at the point, with H and Phi_q there kept for the exact blocks
  if (std::string why = residual(t, y, yp, F0_.data()); !why.empty()) return why;
  b0_ = b_;
  J_.setZero();
  J_.block(n_, n_, n_, n_) = cj * H_;
  J_.block(0, 0, n_, n_).diagonal().setConstant(cj);
  if (m_ > 0) {
    phiQ_ = loops_.jacobian();
    J_.block(n_, 2 * n_, n_, m_) = phiQ_.transpose();
    J_.block(0, 2 * n_ + m_, n_, m_) = -phiQ_.transpose();
  }
  // the columns of q: forward differences of F, added to cj dF/dy'
  yShifted_ = Eigen::Map<const VectorXd>(y, N);
  for (int j = 0; j < n_; ++j) {
    const double h = kDifferenceStep * std::max(1.0, std::abs(y[j]));
    yShifted_[j] = y[j] + h;
    ++jacobianResiduals_;
    if (std::string why = residual(t, yShifted_.data(), yp, F1_.data()); !why.empty()) return why;
    J_.col(j) += (F1_ - F0_) / h;
    yShifted_[j] = y[j];
  }
  // the columns of qd: -1 in F_q and Phi_q in F_l exactly, F_v's -db/dqd by forward differences of
  // b alone (RNEA: no CRBA, no loop equations)
  qJac_ = Eigen::Map<const VectorXd>(y, n_);
  qdJac_ = Eigen::Map<const VectorXd>(y + n_, n_);
  J_.block(0, n_, n_, n_).diagonal().setConstant(-1.0);
  if (m_ > 0) J_.block(2 * n_, n_, m_, n_) = phiQ_;
  for (int j = 0; j < n_; ++j) {
    const double saved = qdJac_[j], h = kDifferenceStep * std::max(1.0, std::abs(saved));
    qdJac_[j] = saved + h;
    ode_.bias(t, qJac_, qdJac_, b_);
    J_.block(n_, n_ + j, n_, 1) -= (b_ - b0_) / h;
    qdJac_[j] = saved;
  }
  if (!J_.allFinite()) return "the joint coordinates' Newton matrix is not finite";
  return {};
}

// --- the states the run records ------------------------------------------------------------------

bool JointGglSystem::solveAccelerations() {
  // a tree: H qdd = b by Cholesky
  if (m_ == 0) {
    hLlt_.compute(H_);
    qdd_ = hLlt_.solve(b_);
    lambda_.resize(0);
    return qdd_.allFinite();
  }
  // eq (1) at the loaded point: H, Phi_q (load), gamma
  loops_.accelerationRhs(q_, qd_, gamma_);
  const MatrixXd& phiQ = loops_.jacobian();
  kkt_.setZero(n_ + m_, n_ + m_);
  kkt_.topLeftCorner(n_, n_) = H_;
  kkt_.topRightCorner(n_, m_) = phiQ.transpose();
  kkt_.bottomLeftCorner(m_, n_) = phiQ;
  kktRhs_.resize(n_ + m_);
  kktRhs_ << b_, gamma_;
  kktLu_.compute(kkt_);
  kktX_ = kktLu_.solve(kktRhs_);
  qdd_ = kktX_.head(n_);
  lambda_ = kktX_.tail(m_);
  return kktX_.allFinite();
}

void JointGglSystem::unpack(double t, const double* y, const double*, State& state) {
  // the same point as the last (the work integrals' powers, then the accepted state): its state
  const Eigen::Map<const VectorXd> point(y, 2 * n_);
  if (unpacked_ && t == unpackedT_ && point == unpackedY_) {
    state = map_.state();
    return;
  }
  // the point's accelerations by eq (1), then the rp state of its motion and its rp multipliers
  unpacked_ = true;
  unpackedT_ = t;
  unpackedY_ = point;
  load(t, y);
  solveAccelerations();
  TreeDynamics& dyn = ode_.dynamics();
  dyn.computeKinematics(q_, qd_);
  dyn.computeAccelerations(qdd_);
  state = map_.fill(t, dyn);
}

}  // namespace mbw
