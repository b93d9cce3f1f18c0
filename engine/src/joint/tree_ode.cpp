#include "joint/tree_ode.h"

namespace mbw {
namespace {

// the tree of a model the ODE can hold, or the refusal naming what it cannot
KinematicTree odeTree(const Model& model, bool closedLoops) {
  KinematicTree tree = buildKinematicTree(model);
  // a joint left out of the tree closes a loop: refused, naming the first such joint, unless the
  // caller solves the loops
  if (!closedLoops && !tree.loopJoints.empty()) {
    const Joint& j = model.joints[tree.loopJoints.front()];
    throw JointTreeError("joint '" + j.name + "' (" + j.jsonPath +
                         ") closes a loop: the tree's equations of motion alone hold trees (the "
                         "loops are solved by coordinate partitioning)");
  }
  return tree;
}

}  // namespace

TreeOde::TreeOde(const Model& model, bool closedLoops)
    : model_(model),
      dynamics_(odeTree(model, closedLoops)),
      forces_(model),
      tau_(VectorXd::Zero(dynamics_.size())),
      zero_(VectorXd::Zero(dynamics_.size())) {
  // the RSDAs on their hinges' axes as joint torques (tree_forces.h eq 2)
  forces_.mapToJoints(dynamics_.tree());
}

void TreeOde::initialState(VectorXd& q, VectorXd& qd) const {
  initialJointState(dynamics_.tree(), model_, q, qd);
}

void TreeOde::evaluate(double t, const VectorXd& q, const VectorXd& qd, VectorXd& qdd) {
  // gravity at t, the bodies' motion, the force elements' wrenches on them and the joint torques,
  // then the articulated-body accelerations
  dynamics_.setGravity(model_.gravityFactor.value(t) * model_.gravity_W);
  dynamics_.computeKinematics(q, qd);
  // without force elements tau stays zero and no wrench is passed
  if (forces_.empty()) {
    dynamics_.forwardDynamics(tau_, {}, qdd);
  } else {
    forces_.compute(t, dynamics_, q, qd, fext_, tau_);
    dynamics_.forwardDynamics(tau_, fext_, qdd);
  }
  ++evaluations_;
}

void TreeOde::terms(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& H, VectorXd& b) {
  // b (eq 2), then H by CRBA (eq 1) at the same poses
  bias(t, q, qd, b);
  dynamics_.massMatrix(H);
}

void TreeOde::bias(double t, const VectorXd& q, const VectorXd& qd, VectorXd& b) {
  // gravity at t, the bodies' motion, the force elements' wrenches and joint torques
  dynamics_.setGravity(model_.gravityFactor.value(t) * model_.gravity_W);
  dynamics_.computeKinematics(q, qd);
  if (!forces_.empty()) forces_.compute(t, dynamics_, q, qd, fext_, tau_);
  // b = tau - RNEA(q, qd, 0) (eq 2)
  dynamics_.inverseDynamics(zero_, fext_, b);  // fext_ stays empty without force elements
  b = tau_ - b;
  ++evaluations_;
}

}  // namespace mbw
