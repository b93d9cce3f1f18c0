#include "statespace/joint_ode.h"

#include "math/rotation.h"

namespace mbw {
namespace {

constexpr int kRpBody = 7;  // rp coordinates per body: r, p (and rdot, pdot)

}  // namespace

JointOde::JointOde(Formulation& rp, bool exactJacobians)
    : rp_(rp), ode_(rp.model()), motions_(rp.model().bodyCount()) {
  if (exactJacobians) jacobians_ = std::make_unique<TreeJacobians>(rp.model(), ode_.tree());
  // the full state's sizes, and p's sign reference: the identity's parameters
  full_.q = VectorXd::Zero(rp.positionSize());
  for (int b = 0; b < rp.model().bodyCount(); ++b) full_.q[kRpBody * b + 3] = 1.0;
  full_.v.setZero(rp.velocitySize());
  full_.vdot.setZero(rp.velocitySize());
  full_.lambda.setZero(rp.constraintSize());
}

bool JointOde::initialize(const State& consistent) {
  // the joint coordinates of the consistent state (p's signs from it), evaluated there
  full_.q = consistent.q;
  gatherIndependent(consistent, q_, qd_);
  VectorXd qdd(size());
  return evaluate(consistent.t, q_, qd_, qdd);
}

bool JointOde::evaluate(double t, const VectorXd& q, const VectorXd& qd, VectorXd& qdd) {
  // one articulated-body pass; the point is kept for its full state
  ode_.evaluate(t, q, qd, qdd);
  // the point (t, q, qd, qdd); the full state is rebuilt only when asked for
  t_ = t;
  q_ = q;
  qd_ = qd;
  qdd_ = qdd;
  fullCurrent_ = false;
  return true;
}

void JointOde::independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) {
  y = q_;
  yd = qd_;
  ydd = qdd_;
}

void JointOde::gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const {
  // each body's motion from its rp coordinates (p normalized, omega_B = 2 G(p) pdot), then the
  // inverse map
  for (size_t b = 0; b < motions_.size(); ++b) {
    const int k = kRpBody * static_cast<int>(b);
    const Vec4 p = full.q.segment<4>(k + 3).normalized();
    BodyMotion& m = motions_[b];
    m.R_WB = rotationFromEulerParameters(p);
    m.centre_W = full.q.segment<3>(k);
    m.omega_W = m.R_WB * (2.0 * eulerParameterG(p) * full.v.segment<4>(k + 3));
    m.centreVelocity_W = full.v.segment<3>(k);
  }
  jointStateOf(ode_.tree(), motions_, y, yd);
}

const State& JointOde::fullState() {
  if (fullCurrent_) return full_;
  // the bodies' accelerations at the last point (its kinematics are current since evaluate)
  TreeDynamics& dyn = ode_.dynamics();
  dyn.computeAccelerations(qdd_);
  full_.t = t_;
  // per body: r, p and their first two derivatives (eq 1), p's sign continuing the last one's
  const KinematicTree& tree = ode_.tree();
  for (int b = 0; b < rp_.model().bodyCount(); ++b) {
    const int i = tree.treeOf[b], k = kRpBody * b;
    const Mat3& R = dyn.rotation(i);
    Vec4 p = eulerParametersFromRotation(R);
    if (p.dot(full_.q.segment<4>(k + 3)) < 0.0) p = -p;
    const Mat34 G = eulerParameterG(p);
    // pdot = 1/2 G^T omega_B, pddot = 1/2 G^T omegadot_B - |pdot|^2 p
    const Vec4 pdot = 0.5 * G.transpose() * (R.transpose() * dyn.angularVelocity_W(i));
    const Vec4 pddot = 0.5 * G.transpose() * (R.transpose() * dyn.angularAcceleration_W(i)) -
                       pdot.squaredNorm() * p;
    full_.q.segment<3>(k) = dyn.centre(i);
    full_.q.segment<4>(k + 3) = p;
    full_.v.segment<3>(k) = dyn.centreVelocity_W(i);
    full_.v.segment<4>(k + 3) = pdot;
    full_.vdot.segment<3>(k) = dyn.centreAcceleration_W(i);
    full_.vdot.segment<4>(k + 3) = pddot;
  }
  // the multipliers of the rp equations of motion there (eq 2, through eq 3)
  rp_.computePositions(t_, full_.q);
  rp_.computeVelocities(full_.v);
  // M, Phi_q and Q at that state
  mass_.setZero(rp_.velocitySize(), rp_.velocitySize());
  phiQ_.setZero(rp_.constraintSize(), rp_.velocitySize());
  rp_.massMatrix(MatrixSink(mass_));
  rp_.constraintJacobian(MatrixSink(phiQ_));
  rp_.generalizedForces(Q_);
  // lambda = (Phi_q Phi_q^T)^-1 Phi_q (Q - M vdot): the least-squares solution of
  // Phi_q^T lambda = Q - M vdot
  residual_.noalias() = Q_ - mass_ * full_.vdot;
  gram_.noalias() = phiQ_ * phiQ_.transpose();
  gramLlt_.compute(gram_);
  full_.lambda.noalias() = phiQ_ * residual_;
  gramLlt_.solveInPlace(full_.lambda);
  fullCurrent_ = true;
  return full_;
}

void JointOde::jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) {
  // constructed whenever the integrator asks for them (see the constructor); the force elements
  // on the ODE's angle branches
  jacobians_->evaluate(t_, q_, qd_, J1, J2, ft, &ode_.forces());
}

}  // namespace mbw
