#pragma once
// Member definitions of AbsoluteFormulation<K>, the force stage: the mass matrix, the generalized
// forces Q (Kissel et al. 2021 section 3: gravity, the bodies' inertial terms, the force elements
// and the beam elements), their derivatives in q, v and t, and the energy terms. Every sum over the
// force elements goes through forEachActiveForce, every sum over the beam elements through
// forEachBeamElement. Included by absolute_formulation_impl.h.

#include "formulation/absolute_formulation.h"

namespace mbw {

// --- the loops over the force and beam elements --------------------------------------------------

template <class K>
template <class Visit>
void AbsoluteFormulation<K>::forEachActiveForce(Visit&& visit) const {
  // the elements acting at t_, in the model's order, each with its memory (the RSDA branch)
  const std::vector<ForceElement>& forces = model().forces;
  for (size_t e = 0; e < forces.size(); ++e)
    if (forces[e].activeAt(t_)) visit(forces[e], forceMemory_[e]);
}

template <class K>
template <class Visit>
void AbsoluteFormulation<K>::forEachBeamElement(Visit&& visit) const {
  // each element with its beam's section and its three nodes
  const Model& m = model();
  for (const BeamElement& be : m.beamElements) {
    const BodyEnd<K> nodes[3] = {end(be.node[0]), end(be.node[1]), end(be.node[2])};
    visit(be, m.beams[be.beam].section, nodes);
  }
}

// --- mass matrix and forces ----------------------------------------------------------------------

template <class K>
void AbsoluteFormulation<K>::massMatrix(MatrixSink sink) const {
  // one translational and one rotational block per body
  const Model& m = model();
  for (int b = 0; b < m.bodyCount(); ++b) {
    sink.add(V * b, V * b, (m.bodies[b].mass * Mat3::Identity()).eval());
    sink.add(V * b + 3, V * b + 3, bodies_[b].massMatrix(m.bodies[b].inertia_B));
  }
}

template <class K>
void AbsoluteFormulation<K>::addForceVector(const ForceResult<K>& r, int bi, int bj,
                                            VectorXd& Q) const {
  // an element's two halves, the ground's dropped
  if (bi != kGround) Q.template segment<V>(V * bi) += r.Qi;
  if (bj != kGround) Q.template segment<V>(V * bj) += r.Qj;
}

template <class K>
void AbsoluteFormulation<K>::generalizedForces(VectorXd& Q) const {
  const Model& m = model();
  Q.setZero(velocitySize());
  // gravity and the bodies' inertial terms
  const Vec3 gravity = gravityAt(t_);
  for (int b = 0; b < m.bodyCount(); ++b) {
    Q.template segment<3>(V * b) += m.bodies[b].mass * gravity;
    Q.template segment<N>(V * b + 3) += bodies_[b].inertialForce(m.bodies[b].inertia_B);
  }
  // the force elements, which carry their RSDA branch on
  forEachActiveForce([&](const ForceElement& fe, ForceMemory& memory) {
    ForceResult<K> r;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t_, memory, r);
    scaleLoad(fe, r);
    addForceVector(r, fe.bodyI, fe.bodyJ, Q);
  });
  // the beam elements, on their three nodes
  forEachBeamElement([&](const BeamElement& be, const BeamSection& section, const auto& nodes) {
    BeamForceResult<K> r;
    evaluateBeamElement(be, section, nodes, r, static_cast<BeamJacobians<K>*>(nullptr));
    for (int i = 0; i < 3; ++i) Q.template segment<V>(V * be.node[i]) += r.Q[i];
  });
}

// --- derivatives of the forces in q and v --------------------------------------------------------

template <class K>
void AbsoluteFormulation<K>::addPairBlocks(const PairBlocks<K>& h, int bi, int bj,
                                           MatrixSink& sink) const {
  // the pair's four blocks, those of the ground dropped
  if (bi != kGround) sink.add(V * bi, V * bi, h.ii);
  if (bj != kGround) sink.add(V * bj, V * bj, h.jj);
  if (bi != kGround && bj != kGround) {
    sink.add(V * bi, V * bj, h.ij);
    sink.add(V * bj, V * bi, h.ji);
  }
}

template <class K>
void AbsoluteFormulation<K>::dynamicsJacobian(const VectorXd& vdot, const VectorXd& lambda,
                                              double cq, double cv, MatrixSink sink) const {
  addDynamicsJacobians(vdot, lambda, cq, cv, sink, sink);
}

template <class K>
void AbsoluteFormulation<K>::dynamicsJacobians(const VectorXd& vdot, const VectorXd& lambda,
                                               MatrixSink dq, MatrixSink dv) const {
  addDynamicsJacobians(vdot, lambda, 1.0, 1.0, dq, dv);
}

template <class K>
void AbsoluteFormulation<K>::addDynamicsJacobians(const VectorXd& vdot, const VectorXd& lambda,
                                                  double cq, double cv, MatrixSink& dq,
                                                  MatrixSink& dv) const {
  const Model& m = model();
  // rotational inertia terms
  for (int b = 0; b < m.bodyCount(); ++b) {
    const Mat3& J = m.bodies[b].inertia_B;
    const typename K::OrientVec alphaddot = vdot.template segment<N>(V * b + 3);
    if (cq != 0.0)
      dq.add(V * b + 3, V * b + 3,
             (cq * bodies_[b].inertiaPositionDerivative(J, alphaddot)).eval());
    if (cv != 0.0)
      dv.add(V * b + 3, V * b + 3, (cv * bodies_[b].inertiaVelocityDerivative(J)).eval());
  }
  // reaction forces: lambda d/dq (Phi_q^T) (they do not depend on the velocities)
  MatrixSink cqSink = dq.scaled(cq);
  for (int k = 0; k < primitiveRows_ && cq != 0.0; ++k) {
    const Primitive& c = primitive(k);
    if (lambda[k] == 0.0) continue;
    MatrixSink primitiveSink = cqSink.scaled(lambda[k]);
    addPairBlocks(primitiveHessian(k), c.bodyI, c.bodyJ, primitiveSink);
  }
  if constexpr (K::kHasNormalization) {
    for (int b = 0; b < m.bodyCount() && cq != 0.0; ++b)
      cqSink.add(V * b + 3, V * b + 3,
                 (lambda[primitiveRows_ + b] * Eigen::Matrix<double, N, N>::Identity()).eval());
  }
  // applied forces: -dQ/dq, -dQ/dv (on a copy of the memory: a derivative moves no branch)
  MatrixSink forceQ = dq.scaled(-cq), forceV = dv.scaled(-cv);
  forEachActiveForce([&](const ForceElement& fe, const ForceMemory& kept) {
    ForceResult<K> r;
    ForceJacobians<K> jac;
    ForceMemory memory = kept;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t_, memory, r, &jac);
    if (isLoad(fe)) jac.dq.scale(loadScale());
    if (cq != 0.0) addPairBlocks(jac.dq, fe.bodyI, fe.bodyJ, forceQ);
    if (cv != 0.0) addPairBlocks(jac.dv, fe.bodyI, fe.bodyJ, forceV);
  });
  // beam elements: the 3 x 3 node blocks
  forEachBeamElement([&](const BeamElement& be, const BeamSection& section, const auto& nodes) {
    BeamForceResult<K> r;
    BeamJacobians<K> jac;
    evaluateBeamElement(be, section, nodes, r, &jac);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (cq != 0.0) forceQ.add(V * be.node[i], V * be.node[j], jac.dq[i][j]);
        if (cv != 0.0) forceV.add(V * be.node[i], V * be.node[j], jac.dv[i][j]);
      }
  });
}

// --- rate in t and energy ------------------------------------------------------------------------

template <class K>
void AbsoluteFormulation<K>::generalizedForceRate(VectorXd& Qt) const {
  const Model& m = model();
  Qt.setZero(velocitySize());
  // gravity that varies in time
  if (!m.gravityFactor.isConstant()) {
    const Vec3 rate = loadScale() * m.gravityFactor.evaluate(t_).df * m.gravity_W;
    for (int b = 0; b < m.bodyCount(); ++b)
      Qt.template segment<3>(V * b) += m.bodies[b].mass * rate;
  }
  // the force elements' explicit dependence on t (drivers, actuators)
  forEachActiveForce([&](const ForceElement& fe, const ForceMemory& memory) {
    ForceResult<K> r;
    evaluateForceRate(fe, end(fe.bodyI), end(fe.bodyJ), t_, memory, r);
    scaleLoad(fe, r);
    addForceVector(r, fe.bodyI, fe.bodyJ, Qt);
  });
}

template <class K>
EnergyTerms AbsoluteFormulation<K>::energy(const VectorXd& lambda) const {
  const Model& m = model();
  EnergyTerms e;
  // the bodies' kinetic energy and gravity
  const Vec3 gravity = gravityAt(t_);
  for (int b = 0; b < m.bodyCount(); ++b) {
    const Body& body = m.bodies[b];
    const Vec3 w = bodies_[b].omegaBody();
    e.kinetic +=
        0.5 * body.mass * bodies_[b].rdot().squaredNorm() + 0.5 * w.dot(body.inertia_B * w);
    // constant gravity has a potential; gravity that varies in time does work
    if (m.gravityFactor.isConstant())
      e.potential -= body.mass * gravity.dot(bodies_[b].r());
    else
      e.powerIn += body.mass * gravity.dot(bodies_[b].rdot());
  }
  // the force elements' potentials, dissipation and work (on a copy of the memory)
  forEachActiveForce([&](const ForceElement& fe, const ForceMemory& kept) {
    ForceResult<K> r;
    ForceMemory memory = kept;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t_, memory, r);
    scaleLoad(fe, r);
    e.potential += r.potential;
    e.dissipation += r.dissipation;
    if (r.exactWork)
      e.exactWork += r.work;
    else
      e.powerIn += r.powerIn;
  });
  // the beams' strain energy and dissipation
  forEachBeamElement([&](const BeamElement& be, const BeamSection& section, const auto& nodes) {
    BeamForceResult<K> r;
    evaluateBeamElement(be, section, nodes, r, static_cast<BeamJacobians<K>*>(nullptr));
    e.potential += r.potential;
    e.dissipation += r.dissipation;
  });
  // the power the drivers put in through their multipliers
  for (int k = 0; k < primitiveRows_; ++k) e.driverPower -= lambda[k] * nu_[k];
  return e;
}

}  // namespace mbw
