#include "joint/tree_forces.h"

namespace mbw {

TreeForces::TreeForces(const Model& model)
    : model_(model), bodies_(model.bodyCount()), memory_(model.forces.size()) {
  // each RSDA's branch starts at its free angle: the first evaluation takes the branch nearest it
  // (the absolute formulations do so at the initial state)
  for (size_t e = 0; e < model.forces.size(); ++e) memory_[e].angle = model.forces[e].freeValue;
}

void TreeForces::placeBodies(const TreeDynamics& dyn) {
  // each body in rA coordinates: centre of mass, rotation, rdot and omega_B
  const KinematicTree& tree = dyn.tree();
  Eigen::Matrix<double, RaBody::kPositionSize, 1> q;
  Eigen::Matrix<double, RaBody::kVelocitySize, 1> v;
  for (int b = 0; b < model_.bodyCount(); ++b) {
    const int i = tree.treeOf[b];
    q << dyn.centre(i), dyn.rotation(i).reshaped();
    v << dyn.centreVelocity_W(i), dyn.velocity(i).head<3>();
    bodies_[b].setPosition(q.data());
    bodies_[b].setVelocity(v.data());
  }
}

void TreeForces::compute(double t, const TreeDynamics& dyn, std::vector<Vec6>& fext) {
  const KinematicTree& tree = dyn.tree();
  placeBodies(dyn);
  fext.assign(tree.size(), Vec6::Zero());
  // each element acting at t: its generalized forces on its two bodies as wrenches (eq 1)
  auto add = [&](int b, const Eigen::Matrix<double, 6, 1>& Q) {
    if (b == kGround) return;
    const int i = tree.treeOf[b];
    fext[i].head<3>() += Q.tail<3>();
    fext[i].tail<3>() += dyn.rotation(i).transpose() * Q.head<3>();
  };
  for (size_t e = 0; e < model_.forces.size(); ++e) {
    const ForceElement& fe = model_.forces[e];
    if (!fe.activeAt(t)) continue;
    ForceResult<RaBody> r;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t, memory_[e], r);
    add(fe.bodyI, r.Qi);
    add(fe.bodyJ, r.Qj);
  }
}

void TreeForces::derivatives(double t, const TreeDynamics& dyn,
                             std::vector<ElementDerivatives>& out) {
  placeBodies(dyn);
  out.clear();
  // each element acting at t: forces, their Jacobians, their time derivative (branches untouched)
  for (size_t e = 0; e < model_.forces.size(); ++e) {
    const ForceElement& fe = model_.forces[e];
    if (!fe.activeAt(t)) continue;
    ElementDerivatives d;
    d.bodyI = fe.bodyI;
    d.bodyJ = fe.bodyJ;
    ForceMemory memory = memory_[e];
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t, memory, d.Q, &d.jac);
    evaluateForceRate(fe, end(fe.bodyI), end(fe.bodyJ), t, memory_[e], d.rate);
    out.push_back(d);
  }
}

}  // namespace mbw
