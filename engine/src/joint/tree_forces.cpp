#include "joint/tree_forces.h"

#include <algorithm>
#include <cmath>

namespace mbw {

TreeForces::TreeForces(const Model& model)
    : model_(model),
      bodies_(model.bodyCount()),
      memory_(model.forces.size()),
      mapped_(model.forces.size(), 0) {
  // each RSDA's branch starts at its free angle: the first evaluation takes the branch nearest it
  // (the absolute formulations do so at the initial state)
  for (size_t e = 0; e < model.forces.size(); ++e) memory_[e].angle = model.forces[e].freeValue;
}

void TreeForces::mapToJoints(const KinematicTree& tree) {
  // the map rebuilt from nothing: no torque, no element mapped
  torques_.clear();
  std::fill(mapped_.begin(), mapped_.end(), 0);
  // an RSDA on the two bodies of a tree revolute becomes a torque on that joint's coordinate; the
  // other elements act on the bodies as wrenches
  for (size_t e = 0; e < model_.forces.size(); ++e) {
    const ForceElement& fe = model_.forces[e];
    if (fe.type != ForceType::RSDA) continue;
    // a tree revolute between the element's two bodies
    for (int i = 0; i < tree.size(); ++i) {
      const TreeBody& t = tree.bodies[i];
      if (t.type != TreeJointType::Revolute || !t.dof) continue;
      // the joint's two bodies, met by the element's in either order
      const int child = t.body, parent = t.parent < 0 ? kGround : tree.bodies[t.parent].body;
      const bool iIsParent = fe.bodyI == parent && fe.bodyJ == child;
      if (!iIsParent && !(fe.bodyI == child && fe.bodyJ == parent)) continue;
      // whose axis, in body i's axes, is the joint's (z of its frame on that body)
      const Vec3 axis = (iIsParent ? t.R_PF : t.R_CF).col(2);
      const Vec3 a = fe.axis_I.normalized();
      // only when the element's axis is the joint's (either sense)
      if (a.cross(axis).norm() > 1e-12) continue;
      // theta grows with the child's turn about axis_i relative to the parent (eq 2)
      const double sense = a.dot(axis) > 0.0 ? 1.0 : -1.0;
      // the coordinate it acts on and the sense; the element leaves the body wrenches
      JointTorque j;
      j.element = static_cast<int>(e);
      j.index = t.index;
      j.treeBody = i;
      j.sign = iIsParent ? sense : -sense;
      torques_.push_back(j);
      mapped_[e] = 1;
      break;
    }
  }
}

void TreeForces::place(JointTorque& j, const TreeDynamics& dyn, double q) const {
  // the general law's angle at the bodies' poses (forces/force_terms.h, rsdaAngle): u_j from u_i
  // about axis_i, on the branch nearest the free angle; the offset c = theta - s q
  const ForceElement& fe = model_.forces[j.element];
  const KinematicTree& tree = dyn.tree();
  const auto rotation = [&](int b) -> Mat3 {
    return b == kGround ? Mat3::Identity() : dyn.rotation(tree.treeOf[b]);
  };
  // body i's u and v = axis x u, and body j's u, all in world axes
  const Vec3 ui = rotation(fe.bodyI) * fe.u_I, vi = rotation(fe.bodyI) * fe.axis_I.cross(fe.u_I);
  const Vec3 uj = rotation(fe.bodyJ) * fe.u_J;
  // the raw angle in (-pi, pi], moved onto the branch nearest the free angle
  const double raw = std::atan2(vi.dot(uj), ui.dot(uj));
  const double theta = fe.freeValue + std::remainder(raw - fe.freeValue, 2.0 * M_PI);
  j.offset = theta - j.sign * q;
  j.placed = true;
}

void TreeForces::placeJointTorques(const TreeDynamics& dyn, const VectorXd& q) {
  // each torque not yet placed takes its offset at the current q
  for (JointTorque& j : torques_)
    if (!j.placed) place(j, dyn, q[j.index]);
}

TimeFunctionValue TreeForces::jointTorque(const JointTorque& j, double t, double q,
                                          double qd) const {
  // eq 2
  const ForceElement& fe = model_.forces[j.element];
  const TimeFunctionValue a = fe.actuator.evaluate(t);
  // the element's angle and rate from the joint's (theta = s q + c), its torque with the actuator,
  // then torque and actuator rate on the coordinate with the sign s
  const double theta = j.sign * q + j.offset, rate = j.sign * qd;
  const double T = -fe.stiffness * (theta - fe.freeValue) - fe.damping * rate + a.f;
  return {j.sign * T, j.sign * a.df, 0.0};
}

void TreeForces::placeBodies(const TreeDynamics& dyn) {
  // each body in rA coordinates: centre of mass, rotation, rdot and omega_B
  const KinematicTree& tree = dyn.tree();
  Eigen::Matrix<double, RaBody::kPositionSize, 1> q;
  Eigen::Matrix<double, RaBody::kVelocitySize, 1> v;
  for (int b = 0; b < model_.bodyCount(); ++b) {
    // rA position (centre, then R's columns) and velocity (centre velocity, omega_B)
    const int i = tree.treeOf[b];
    q << dyn.centre(i), dyn.rotation(i).reshaped();
    v << dyn.centreVelocity_W(i), dyn.velocity(i).head<3>();
    bodies_[b].setPosition(q.data());
    bodies_[b].setVelocity(v.data());
  }
}

void TreeForces::compute(double t, const TreeDynamics& dyn, const VectorXd& q, const VectorXd& qd,
                         std::vector<Vec6>& fext, VectorXd& tau) {
  const KinematicTree& tree = dyn.tree();
  // the joint torques (eq 2), each placed on its first evaluation
  tau.setZero(dyn.size());
  for (JointTorque& j : torques_) {
    if (!model_.forces[j.element].activeAt(t)) continue;
    if (!j.placed) place(j, dyn, q[j.index]);
    tau[j.index] += jointTorque(j, t, q[j.index], qd[j.index]).f;
  }
  // every element a joint torque: no body wrenches
  if (torques_.size() == model_.forces.size()) {
    fext.clear();
    return;
  }
  placeBodies(dyn);
  fext.assign(tree.size(), Vec6::Zero());
  // each element acting at t: its generalized forces on its two bodies as wrenches (eq 1)
  // rA's generalized force is (world force, body moment); the wrench in body coordinates is
  // (moment, R^T force); the ground takes none
  auto add = [&](int b, const Eigen::Matrix<double, 6, 1>& Q) {
    if (b == kGround) return;
    const int i = tree.treeOf[b];
    fext[i].head<3>() += Q.tail<3>();
    fext[i].tail<3>() += dyn.rotation(i).transpose() * Q.head<3>();
  };
  for (size_t e = 0; e < model_.forces.size(); ++e) {
    const ForceElement& fe = model_.forces[e];
    if (!fe.activeAt(t) || mapped_[e]) continue;
    ForceResult<RaBody> r;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t, memory_[e], r);
    add(fe.bodyI, r.Qi);
    add(fe.bodyJ, r.Qj);
  }
}

void TreeForces::derivatives(double t, const TreeDynamics& dyn,
                             std::vector<ElementDerivatives>& out) {
  out.clear();
  // every element a joint torque: nothing to differentiate here
  if (torques_.size() == model_.forces.size()) return;
  placeBodies(dyn);
  // each element acting at t (not a joint torque): forces, their Jacobians, their time derivative
  // (branches untouched)
  for (size_t e = 0; e < model_.forces.size(); ++e) {
    const ForceElement& fe = model_.forces[e];
    if (!fe.activeAt(t) || mapped_[e]) continue;
    ElementDerivatives d;
    d.bodyI = fe.bodyI;
    d.bodyJ = fe.bodyJ;
    // the force and its Jacobians on a copy of the memory, the rate on the memory itself
    ForceMemory memory = memory_[e];
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t, memory, d.Q, &d.jac);
    evaluateForceRate(fe, end(fe.bodyI), end(fe.bodyJ), t, memory_[e], d.rate);
    out.push_back(d);
  }
}

}  // namespace mbw
