#include "statespace/joint_ode.h"

namespace mbw {

JointOde::JointOde(Formulation& rp, bool exactJacobians) : ode_(rp.model()), map_(rp) {
  if (exactJacobians) jacobians_ = std::make_unique<TreeJacobians>(rp.model(), ode_.tree());
}

bool JointOde::initialize(const State& consistent) {
  // the joint coordinates of the consistent state (p's signs from it), evaluated there
  map_.followSigns(consistent.q);
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
  map_.jointState(ode_.tree(), full, y, yd);
}

const State& JointOde::fullState() {
  // the bodies' accelerations at the last point (its kinematics are current since evaluate), and
  // the rp state with its multipliers there
  if (!fullCurrent_) {
    ode_.dynamics().computeAccelerations(qdd_);
    map_.fill(t_, ode_.dynamics());
    fullCurrent_ = true;
  }
  return map_.state();
}

PartitionCheck JointOde::checkPartition() {
  // the spherical chains past kRebaseAngle re-based at the last point (the same motion in new
  // coordinates), the Jacobians' trees following, and the point evaluated again
  PartitionCheck check;
  const std::vector<int> rebased = ode_.dynamics().rebaseSphericalJoints(q_, qd_);
  if (rebased.empty()) return check;
  if (jacobians_) jacobians_->followFrames(ode_.tree());
  VectorXd qdd(size());
  evaluate(t_, VectorXd(q_), VectorXd(qd_), qdd);
  check.changed = true;
  check.description = rebaseDescription(ode_.tree(), rebased);
  return check;
}

void JointOde::jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) {
  // constructed whenever the integrator asks for them (see the constructor); the force elements
  // on the ODE's angle branches
  jacobians_->evaluate(t_, q_, qd_, J1, J2, ft, &ode_.forces());
}

}  // namespace mbw
