#pragma once
// Evaluation of one force element of the model for formulation K (see force_terms.h).

#include "forces/force_terms.h"

namespace mbw {

// State an element carries between evaluations (the RSDA angle branch).
struct ForceMemory {
  double angle = 0.0;  // last RSDA angle, continued across +-pi
};

template <class K>
struct ForceJacobians {
  PairBlocks<K> dq, dv;  // dQ/dq, dQ/dv
};

// Adds the generalized forces (and Jacobians, when jac is given) of element e at time t.
template <class K>
void evaluateForce(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej, double t,
                   ForceMemory& memory, ForceResult<K>& r, ForceJacobians<K>* jac) {
  switch (e.type) {
    case ForceType::TSDA: {
      const ElementCoordinate<K> L = tsdaLength(e, ei, ej);
      const double act = e.actuator.value(t);
      const double F = e.stiffness * (L.value - e.freeValue) + e.damping * L.rate - act;
      const ScalarElement<K> s{L, -F, -e.stiffness, -e.damping};
      s.addForce(r);
      if (jac) s.addJacobians(jac->dq, jac->dv);
      r.potential = 0.5 * e.stiffness * (L.value - e.freeValue) * (L.value - e.freeValue);
      r.dissipation = e.damping * L.rate * L.rate;
      r.powerIn = act * L.rate;
      r.exactWork = e.actuator.isConstant();
      r.work = act * L.value;
      return;
    }
    case ForceType::RSDA: {
      const ElementCoordinate<K> th = rsdaAngle(e, ei, ej, memory.angle);
      memory.angle = th.value;
      const double tau = e.actuator.value(t);
      const double T = -e.stiffness * (th.value - e.freeValue) - e.damping * th.rate + tau;
      const ScalarElement<K> s{th, T, -e.stiffness, -e.damping};
      s.addForce(r);
      if (jac) s.addJacobians(jac->dq, jac->dv);
      r.potential = 0.5 * e.stiffness * (th.value - e.freeValue) * (th.value - e.freeValue);
      r.dissipation = e.damping * th.rate * th.rate;
      r.powerIn = tau * th.rate;
      r.exactWork = e.actuator.isConstant();
      r.work = tau * th.value;
      return;
    }
    case ForceType::PointForce: {
      const Vec3 f(e.load[0].value(t), e.load[1].value(t), e.load[2].value(t));
      const Vec3 f_W = e.loadInBodyFrame ? ei.vector(f) : f;
      const auto jp = ei.pointJacobian(e.s_I);
      r.Qi += jp.transpose() * f_W;
      if (jac) {
        jac->dq.ii += ei.curvature(e.s_I, f_W);
        if (e.loadInBodyFrame) jac->dq.ii += jp.transpose() * ei.vectorJacobian(f);
      }
      r.powerIn = f_W.dot(ei.pointRate(e.s_I));
      r.exactWork = !e.loadInBodyFrame && e.load[0].isConstant() && e.load[1].isConstant() &&
                    e.load[2].isConstant();
      r.work = f_W.dot(ei.point(e.s_I));
      return;
    }
    case ForceType::Torque: {
      const K& b = ei.body();
      const Vec3 n(e.load[0].value(t), e.load[1].value(t), e.load[2].value(t));
      const Vec3 n_B = e.loadInBodyFrame ? n : Vec3(b.A().transpose() * n);
      constexpr int N = K::kOrientationSize;
      r.Qi.template tail<N>() += b.omegaJacobian().transpose() * n_B;
      if (jac) {
        auto block = jac->dq.ii.template bottomRightCorner<N, N>();
        block += b.torquePositionDerivative(n_B);
        if (!e.loadInBodyFrame) block += b.omegaJacobian().transpose() * b.rotateTransposePartial(n);
      }
      r.powerIn = n_B.dot(b.omegaBody());
      return;
    }
  }
}

// The generalized forces alone.
template <class K>
void evaluateForce(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej, double t,
                   ForceMemory& memory, ForceResult<K>& r) {
  evaluateForce(e, ei, ej, t, memory, r, static_cast<ForceJacobians<K>*>(nullptr));
}

}  // namespace mbw
