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

std::string JointGglSystem::rebase(double t, double* y, double* yp) {
  // the spherical chains past kRebaseAngle at the point, re-based in the tree and in q, qd
  q_ = Eigen::Map<const VectorXd>(y, n_);
  qd_ = Eigen::Map<const VectorXd>(y + n_, n_);
  const std::vector<int> rebased = ode_.dynamics().rebaseSphericalJoints(q_, qd_);
  if (rebased.empty()) return {};
  // the same state in the new coordinates, consistent
  packPoint(t, y, yp);
  return rebaseDescription(ode_.tree(), rebased);
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
  J_.setZero();
  J_.block(n_, n_, n_, n_) = cj * H_;
  J_.block(0, 0, n_, n_).diagonal().setConstant(cj);
  if (m_ > 0) {
    phiQ_ = loops_.jacobian();
    J_.block(n_, 2 * n_, n_, m_) = phiQ_.transpose();
    J_.block(0, 2 * n_ + m_, n_, m_) = -phiQ_.transpose();
  }
  // the columns of q and qd: forward differences of F, added to cj dF/dy'
  yShifted_ = Eigen::Map<const VectorXd>(y, N);
  for (int j = 0; j < 2 * n_; ++j) {
    const double h = kDifferenceStep * std::max(1.0, std::abs(y[j]));
    yShifted_[j] = y[j] + h;
    ++jacobianResiduals_;
    if (std::string why = residual(t, yShifted_.data(), yp, F1_.data()); !why.empty()) return why;
    J_.col(j) += (F1_ - F0_) / h;
    yShifted_[j] = y[j];
  }
  return {};
}

// --- the states the run records ------------------------------------------------------------------

bool JointGglSystem::solveAccelerations() {
  // a tree: H qdd = b by Cholesky
  if (m_ == 0) {
    qdd_ = H_.llt().solve(b_);
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
  const VectorXd x = kktLu_.solve(kktRhs_);
  qdd_ = x.head(n_);
  lambda_ = x.tail(m_);
  return x.allFinite();
}

void JointGglSystem::unpack(double t, const double* y, const double*, State& state) {
  // the point's accelerations by eq (1), then the rp state of its motion and its rp multipliers
  load(t, y);
  solveAccelerations();
  TreeDynamics& dyn = ode_.dynamics();
  dyn.computeKinematics(q_, qd_);
  dyn.computeAccelerations(qdd_);
  state = map_.fill(t, dyn);
}

}  // namespace mbw
