#pragma once
// Member definitions of AbsoluteFormulation<K>; included once per formulation's .cpp, which
// instantiates the template for its body type.

#include "formulation/absolute_formulation.h"
#include "math/rotation.h"

namespace mbw {

template <class K>
AbsoluteFormulation<K>::AbsoluteFormulation(const Model& model, std::string name)
    : Formulation(model, P * model.bodyCount(), V * model.bodyCount(),
                  K::kHasNormalization ? model.bodyCount() : 0),
      name_(std::move(name)),
      primitiveRows_(primitiveRows()),
      bodies_(model.bodyCount()),
      drivers_(primitiveRows()),
      phi_(VectorXd::Zero(constraintSize())),
      nu_(VectorXd::Zero(constraintSize())),
      jacI_(primitiveRows(), Row::Zero()),
      jacJ_(primitiveRows(), Row::Zero()),
      forceMemory_(model.forces.size()),
      outputAngle_(model.outputs.size(), 0.0) {
  // RSDA angles start on the branch nearest their zero-tension angle (the shortest reading)
  VectorXd q, v;
  initialState(q, v);
  computePositions(0.0, q);
  for (size_t e = 0; e < model.forces.size(); ++e) {
    const ForceElement& fe = model.forces[e];
    if (fe.type != ForceType::RSDA) continue;
    forceMemory_[e].angle = fe.freeValue;
    ForceResult<K> r;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), 0.0, forceMemory_[e], r);
  }
  // angle outputs start in (-pi, pi]
  std::vector<double> values;
  outputValues(values);
}

template <class K>
void AbsoluteFormulation<K>::initialState(VectorXd& q, VectorXd& v) const {
  const Model& m = model();
  q.resize(positionSize());
  v.resize(velocitySize());
  for (int b = 0; b < m.bodyCount(); ++b) {
    const Body& body = m.bodies[b];
    const Vec3 com_W = body.R_WB * body.com_B;
    K::encodePose(body.position_W + com_W, body.R_WB, q.data() + P * b);
    K::encodeVelocity(q.data() + P * b, body.velocity_W + body.omega_W.cross(com_W), body.omega_W,
                      v.data() + V * b);
  }
}

template <class K>
void AbsoluteFormulation<K>::retract(const VectorXd& q, const VectorXd& dq, VectorXd& out) const {
  out.resize(positionSize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::retract(q.data() + P * b, dq.data() + V * b, out.data() + P * b);
}

template <class K>
void AbsoluteFormulation<K>::localCoordinates(const VectorXd& anchor, const VectorXd& q,
                                              VectorXd& out) const {
  out.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::localCoordinates(anchor.data() + P * b, q.data() + P * b, out.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::incrementRate(const VectorXd& g, const VectorXd& v,
                                           VectorXd& gdot) const {
  gdot.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::incrementRate(g.data() + V * b, v.data() + V * b, gdot.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::incrementVelocity(const VectorXd& g, const VectorXd& gdot,
                                               VectorXd& v) const {
  v.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::incrementVelocity(g.data() + V * b, gdot.data() + V * b, v.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::applyIncrementTangent(const VectorXd& g,
                                                   Eigen::Ref<MatrixXd> J) const {
  if constexpr (!K::kLinearIncrements) {
    for (int b = 0; b < model().bodyCount(); ++b) {
      const typename K::OrientSquare T = K::rightJacobian(g.template segment<N>(V * b + 3));
      // row by row through a fixed-size copy: no temporary of the block's size
      for (Eigen::Index r = 0; r < J.rows(); ++r) {
        const Eigen::Matrix<double, 1, N> row = J.template block<1, N>(r, V * b + 3);
        J.template block<1, N>(r, V * b + 3).noalias() = row * T;
      }
    }
  } else {
    (void)g;
    (void)J;
  }
}

template <class K>
void AbsoluteFormulation<K>::applyIncrementTangent(const VectorXd& g, SparseMatrixXd& J) const {
  if constexpr (!K::kLinearIncrements) {
    const int* start = J.outerIndexPtr();
    double* values = J.valuePtr();
    for (int b = 0; b < model().bodyCount(); ++b) {
      const typename K::OrientSquare T = K::rightJacobian(g.template segment<N>(V * b + 3));
      // the N orientation columns share their rows: entry e of each column is one row of J
      const int c0 = V * b + 3, length = start[c0 + 1] - start[c0];
      for (int e = 0; e < length; ++e) {
        Eigen::Matrix<double, 1, N> row;
        for (int i = 0; i < N; ++i) row[i] = values[start[c0 + i] + e];
        row = (row * T).eval();
        for (int i = 0; i < N; ++i) values[start[c0 + i] + e] = row[i];
      }
    }
  } else {
    (void)g;
    (void)J;
  }
}

template <class K>
void AbsoluteFormulation<K>::encodeVelocities(const VectorXd& q,
                                              const std::vector<Vec3>& velocity_W,
                                              const std::vector<Vec3>& omega_W, VectorXd& v) const {
  v.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b) {
    K body;
    body.setPosition(q.data() + P * b);
    const Vec3 com_W = body.rotate(model().bodies[b].com_B);
    K::encodeVelocity(q.data() + P * b, velocity_W[b] + omega_W[b].cross(com_W), omega_W[b],
                      v.data() + V * b);
  }
}

template <class K>
bool AbsoluteFormulation<K>::placeBodies(double t, const VectorXd& q) {
  // the positions placed last: nothing to do (an output or a recorder asking again for the
  // integrator's last point)
  if (placed_ && t == t_ && q.size() == qPlaced_.size() && q == qPlaced_) return false;
  const Model& m = model();
  t_ = t;
  qPlaced_ = q;
  placed_ = true;
  complete_ = false;
  hessiansValid_ = false;
  for (int b = 0; b < m.bodyCount(); ++b) bodies_[b].setPosition(q.data() + P * b);
  for (int k = 0; k < primitiveRows_; ++k) drivers_[k] = primitive(k).f.evaluate(t);
  if constexpr (K::kHasNormalization) {
    for (int b = 0; b < m.bodyCount(); ++b) {
      phi_[primitiveRows_ + b] = bodies_[b].normalization();
      nu_[primitiveRows_ + b] = 0.0;
    }
  }
  return true;
}

template <class K>
void AbsoluteFormulation<K>::computePositions(double t, const VectorXd& q) {
  if (!placeBodies(t, q) && complete_) return;
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    const PrimitiveValue<K> pv = evaluatePrimitive(c, end(c.bodyI), end(c.bodyJ), drivers_[k]);
    phi_[k] = pv.phi;
    nu_[k] = pv.nu;
    jacI_[k] = pv.jacI;
    jacJ_[k] = pv.jacJ;
  }
  complete_ = true;
}

template <class K>
void AbsoluteFormulation<K>::computeConstraints(double t, const VectorXd& q) {
  // Phi of the positions placed last is known (both stages compute it)
  if (!placeBodies(t, q)) return;
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    phi_[k] = primitiveValue(c, end(c.bodyI), end(c.bodyJ), drivers_[k]);
  }
}

template <class K>
void AbsoluteFormulation<K>::computeVelocities(const VectorXd& v) {
  for (int b = 0; b < model().bodyCount(); ++b) bodies_[b].setVelocity(v.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::constraintJacobian(MatrixSink sink) const {
  const Model& m = model();
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    if (c.bodyI != kGround) sink.add(k, V * c.bodyI, jacI_[k]);
    if (c.bodyJ != kGround) sink.add(k, V * c.bodyJ, jacJ_[k]);
  }
  if constexpr (K::kHasNormalization) {
    for (int b = 0; b < m.bodyCount(); ++b)
      sink.add(primitiveRows_ + b, V * b + 3, bodies_[b].normalizationJacobian());
  }
}

template <class K>
void AbsoluteFormulation<K>::massMatrix(MatrixSink sink) const {
  const Model& m = model();
  for (int b = 0; b < m.bodyCount(); ++b) {
    sink.add(V * b, V * b, (m.bodies[b].mass * Mat3::Identity()).eval());
    sink.add(V * b + 3, V * b + 3, bodies_[b].massMatrix(m.bodies[b].inertia_B));
  }
}

template <class K>
void AbsoluteFormulation<K>::accelerationRhs(VectorXd& gamma) const {
  const Model& m = model();
  gamma.resize(constraintSize());
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    gamma[k] = primitiveGamma(c, end(c.bodyI), end(c.bodyJ), drivers_[k]);
  }
  if constexpr (K::kHasNormalization) {
    for (int b = 0; b < m.bodyCount(); ++b)
      gamma[primitiveRows_ + b] = bodies_[b].normalizationGamma();
  }
}

template <class K>
void AbsoluteFormulation<K>::addForceVector(const ForceResult<K>& r, int bi, int bj,
                                            VectorXd& Q) const {
  if (bi != kGround) Q.template segment<V>(V * bi) += r.Qi;
  if (bj != kGround) Q.template segment<V>(V * bj) += r.Qj;
}

template <class K>
void AbsoluteFormulation<K>::generalizedForces(VectorXd& Q) const {
  const Model& m = model();
  Q.setZero(velocitySize());
  const Vec3 gravity = gravityAt(t_);
  for (int b = 0; b < m.bodyCount(); ++b) {
    Q.template segment<3>(V * b) += m.bodies[b].mass * gravity;
    Q.template segment<N>(V * b + 3) += bodies_[b].inertialForce(m.bodies[b].inertia_B);
  }
  for (size_t e = 0; e < m.forces.size(); ++e) {
    const ForceElement& fe = m.forces[e];
    if (!fe.activeAt(t_)) continue;
    ForceResult<K> r;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t_, forceMemory_[e], r);
    scaleLoad(fe, r);
    addForceVector(r, fe.bodyI, fe.bodyJ, Q);
  }
  for (const BeamElement& be : m.beamElements) {
    const BodyEnd<K> nodes[3] = {end(be.node[0]), end(be.node[1]), end(be.node[2])};
    BeamForceResult<K> r;
    evaluateBeamElement(be, m.beams[be.beam].section, nodes, r,
                        static_cast<BeamJacobians<K>*>(nullptr));
    for (int i = 0; i < 3; ++i) Q.template segment<V>(V * be.node[i]) += r.Q[i];
  }
}

template <class K>
void AbsoluteFormulation<K>::addPairBlocks(const PairBlocks<K>& h, int bi, int bj,
                                           MatrixSink& sink) const {
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
  // applied forces: -dQ/dq, -dQ/dv
  MatrixSink forceQ = dq.scaled(-cq), forceV = dv.scaled(-cv);
  for (size_t e = 0; e < m.forces.size(); ++e) {
    const ForceElement& fe = m.forces[e];
    if (!fe.activeAt(t_)) continue;
    ForceResult<K> r;
    ForceJacobians<K> jac;
    ForceMemory memory = forceMemory_[e];
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t_, memory, r, &jac);
    if (isLoad(fe)) jac.dq.scale(loadScale());
    if (cq != 0.0) addPairBlocks(jac.dq, fe.bodyI, fe.bodyJ, forceQ);
    if (cv != 0.0) addPairBlocks(jac.dv, fe.bodyI, fe.bodyJ, forceV);
  }
  // beam elements: the 3 x 3 node blocks
  for (const BeamElement& be : m.beamElements) {
    const BodyEnd<K> nodes[3] = {end(be.node[0]), end(be.node[1]), end(be.node[2])};
    BeamForceResult<K> r;
    BeamJacobians<K> jac;
    evaluateBeamElement(be, m.beams[be.beam].section, nodes, r, &jac);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        if (cq != 0.0) forceQ.add(V * be.node[i], V * be.node[j], jac.dq[i][j]);
        if (cv != 0.0) forceV.add(V * be.node[i], V * be.node[j], jac.dv[i][j]);
      }
  }
}

template <class K>
const PairBlocks<K>& AbsoluteFormulation<K>::primitiveHessian(int k) const {
  if (!hessiansValid_) {
    hessians_.resize(primitiveRows_);
    for (int p = 0; p < primitiveRows_; ++p) {
      const Primitive& c = primitive(p);
      hessians_[p] = PairBlocks<K>();
      addPrimitiveHessian(c, end(c.bodyI), end(c.bodyJ), drivers_[p], 1.0, hessians_[p]);
    }
    hessiansValid_ = true;
  }
  return hessians_[k];
}

template <class K>
void AbsoluteFormulation<K>::constraintHessianProduct(const VectorXd& w, MatrixSink sink) const {
  using Vec = Eigen::Matrix<double, V, 1>;
  const Model& m = model();
  auto part = [&](int b) {
    return b == kGround ? Vec::Zero().eval() : Vec(w.template segment<V>(V * b));
  };
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    const PairBlocks<K>& h = primitiveHessian(k);
    const Vec wi = part(c.bodyI), wj = part(c.bodyJ);
    if (c.bodyI != kGround)
      sink.add(k, V * c.bodyI, (wi.transpose() * h.ii + wj.transpose() * h.ji).eval());
    if (c.bodyJ != kGround)
      sink.add(k, V * c.bodyJ, (wi.transpose() * h.ij + wj.transpose() * h.jj).eval());
  }
  if constexpr (K::kHasNormalization) {
    for (int b = 0; b < m.bodyCount(); ++b)  // the Hessian of 1/2 (p^T p - 1) is the identity
      sink.add(primitiveRows_ + b, V * b + 3, w.template segment<N>(V * b + 3).transpose().eval());
  }
}

template <class K>
void AbsoluteFormulation<K>::constraintRhsDerivatives(MatrixSink nuQ, MatrixSink gammaQ,
                                                      MatrixSink gammaV, VectorXd& nuT,
                                                      VectorXd& gammaT) const {
  const Model& m = model();
  nuT.setZero(constraintSize());
  gammaT.setZero(constraintSize());
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    const PrimitiveRhsDerivatives<K> d = primitiveRhsDerivatives(
        c, end(c.bodyI), end(c.bodyJ), drivers_[k], c.f.thirdDerivative(t_));
    auto add = [&](MatrixSink& sink, const Row& ri, const Row& rj) {
      if (c.bodyI != kGround) sink.add(k, V * c.bodyI, ri);
      if (c.bodyJ != kGround) sink.add(k, V * c.bodyJ, rj);
    };
    add(nuQ, d.nuQi, d.nuQj);
    add(gammaQ, d.gammaQi, d.gammaQj);
    add(gammaV, d.gammaVi, d.gammaVj);
    nuT[k] = d.nuT;
    gammaT[k] = d.gammaT;
  }
  if constexpr (K::kHasNormalization) {
    for (int b = 0; b < m.bodyCount(); ++b) {  // gamma = -|pdot|^2
      const Eigen::Matrix<double, 1, N> pdot = bodies_[b].orientationRates().transpose();
      gammaV.add(primitiveRows_ + b, V * b + 3, (-2.0 * pdot).eval());
    }
  }
}

template <class K>
void AbsoluteFormulation<K>::generalizedForceRate(VectorXd& Qt) const {
  const Model& m = model();
  Qt.setZero(velocitySize());
  if (!m.gravityFactor.isConstant()) {
    const Vec3 rate = loadScale() * m.gravityFactor.evaluate(t_).df * m.gravity_W;
    for (int b = 0; b < m.bodyCount(); ++b)
      Qt.template segment<3>(V * b) += m.bodies[b].mass * rate;
  }
  for (size_t e = 0; e < m.forces.size(); ++e) {
    const ForceElement& fe = m.forces[e];
    if (!fe.activeAt(t_)) continue;
    ForceResult<K> r;
    evaluateForceRate(fe, end(fe.bodyI), end(fe.bodyJ), t_, forceMemory_[e], r);
    scaleLoad(fe, r);
    addForceVector(r, fe.bodyI, fe.bodyJ, Qt);
  }
}

template <class K>
BodyOutput AbsoluteFormulation<K>::bodyOutput(int b, const VectorXd& vdot) const {
  const K& body = bodies_[b];
  const Vec3& c_B = model().bodies[b].com_B;
  const Vec3 com_W = body.rotate(c_B);
  const Vec3 omega = body.omegaWorld();
  const typename K::OrientVec alphaddot = vdot.template segment<N>(V * b + 3);
  BodyOutput out;
  out.position_W = body.r() - com_W;
  out.eulerParameters = body.eulerParameters();
  out.velocity_W = body.rdot() - body.rate(c_B);
  out.omega_W = omega;
  out.acceleration_W =
      vdot.template segment<3>(V * b) - body.partial(c_B) * alphaddot - body.quadratic(c_B);
  out.omegaDot_W = body.rotate(body.angularAccelerationBody(alphaddot));
  return out;
}

template <class K>
EnergyTerms AbsoluteFormulation<K>::energy(const VectorXd& lambda) const {
  const Model& m = model();
  EnergyTerms e;
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
  for (size_t k = 0; k < m.forces.size(); ++k) {
    const ForceElement& fe = m.forces[k];
    if (!fe.activeAt(t_)) continue;
    ForceResult<K> r;
    ForceMemory memory = forceMemory_[k];
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), t_, memory, r);
    scaleLoad(fe, r);
    e.potential += r.potential;
    e.dissipation += r.dissipation;
    if (r.exactWork)
      e.exactWork += r.work;
    else
      e.powerIn += r.powerIn;
  }
  for (const BeamElement& be : m.beamElements) {
    const BodyEnd<K> nodes[3] = {end(be.node[0]), end(be.node[1]), end(be.node[2])};
    BeamForceResult<K> r;
    evaluateBeamElement(be, m.beams[be.beam].section, nodes, r,
                        static_cast<BeamJacobians<K>*>(nullptr));
    e.potential += r.potential;
    e.dissipation += r.dissipation;
  }
  for (int k = 0; k < primitiveRows_; ++k) e.driverPower -= lambda[k] * nu_[k];
  return e;
}

template <class K>
void AbsoluteFormulation<K>::outputValues(std::vector<double>& values) const {
  const Model& m = model();
  values.clear();
  for (size_t k = 0; k < m.outputs.size(); ++k) {
    const OutputChannel& o = m.outputs[k];
    const BodyEnd<K> ei = end(o.bodyI), ej = end(o.bodyJ);
    double value = 0.0, rate = 0.0;
    switch (o.type) {
      case OutputType::Coordinate:
      case OutputType::Displacement:
        value = o.c_W.dot(ei.point(o.s_I) -
                          (o.type == OutputType::Displacement ? o.initial_W : Vec3::Zero()));
        rate = o.c_W.dot(ei.pointRate(o.s_I));
        break;
      case OutputType::EulerAngle: {
        const K& b = ei.body();
        const Vec3 angles = taitBryanAngles(b.A(), o.sequence);
        value = outputAngle_[k] + std::remainder(angles[o.angle] - outputAngle_[k], 2.0 * M_PI);
        outputAngle_[k] = value;
        rate = taitBryanRates(angles, o.sequence, b.omegaWorld())[o.angle];
        break;
      }
      case OutputType::BeamSection: {
        const BeamElement& be = m.beamElements[o.element];
        const BodyEnd<K> nodes[3] = {end(be.node[0]), end(be.node[1]), end(be.node[2])};
        const BeamStrains actions = beamSectionActions(be, m.beams[be.beam].section, nodes, o.xi);
        values.insert(values.end(), actions.data(), actions.data() + 6);
        continue;
      }
      case OutputType::Distance: {
        const Vec3 d = ej.point(o.s_J) - ei.point(o.s_I);
        value = d.norm();
        rate = value > 0.0 ? d.dot(ej.pointRate(o.s_J) - ei.pointRate(o.s_I)) / value : 0.0;
        break;
      }
      case OutputType::Angle: {
        const DotProduct<K> gu(ei, o.u_I, ej, o.u_J, false),
            gv(ei, o.axis_I.cross(o.u_I), ej, o.u_J, false);
        const double raw = std::atan2(gv.value, gu.value);
        value = outputAngle_[k] + std::remainder(raw - outputAngle_[k], 2.0 * M_PI);
        outputAngle_[k] = value;
        const double rho2 = std::max(gu.value * gu.value + gv.value * gv.value, 1e-300);
        rate = (gu.value * gv.rate() - gv.value * gu.rate()) / rho2;
        break;
      }
    }
    values.push_back(value);
    values.push_back(rate);
  }
}

template <class K>
double AbsoluteFormulation<K>::velocityViolation(const VectorXd& v) const {
  double worst = 0.0;
  for (int k = 0; k < primitiveRows_; ++k) {
    const Primitive& c = primitive(k);
    double r = -nu_[k];
    if (c.bodyI != kGround) r += jacI_[k].dot(v.template segment<V>(V * c.bodyI));
    if (c.bodyJ != kGround) r += jacJ_[k].dot(v.template segment<V>(V * c.bodyJ));
    worst = std::max(worst, std::abs(r));
  }
  return worst;
}

template <class K>
std::string AbsoluteFormulation<K>::coordinateSingularity() const {
  for (int b = 0; b < model().bodyCount(); ++b)
    if (bodies_[b].nearSingularity())
      return "body '" + model().bodies[b].name + "': " + bodies_[b].singularityDescription();
  return {};
}

}  // namespace mbw
