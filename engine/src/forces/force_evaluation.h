#pragma once
// Evaluation of one force element of the model for formulation K (see force_terms.h).

#include "forces/force_terms.h"
#include "forces/road_profile.h"

namespace mbw {

// State an element carries between evaluations (the RSDA angle branch).
struct ForceMemory {
  double angle = 0.0;  // last RSDA angle, continued across +-pi
};

template <class K>
struct ForceJacobians {
  PairBlocks<K> dq, dv;  // dQ/dq, dQ/dv
};

// Tire: compression delta = R0 - (z_W - h(x_W)) of the wheel centre W against the road, vertical
// force F = max(0, k delta + c ddelta/dt) at W while delta > 0 (see road_profile.h for h).
// Energy: potential k delta^2 / 2; the damper and the clamp dissipate (F - k delta) ddelta/dt; the
// road does work F h'(x_W) dx_W/dt (a vertical force on a sloped contact).
template <class K>
void evaluateTire(const ForceElement& e, const BodyEnd<K>& ei, ForceResult<K>& r,
                  ForceJacobians<K>* jac) {
  using Row = typename BodyTerms<K>::Row;
  const Vec3 w = ei.point(e.s_I), wdot = ei.pointRate(e.s_I);
  const double ring = e.contact == TireContact::RigidRing ? e.freeValue : 0.0;
  const RoadHeight road = roadHeight(e.road, w.x(), ring);
  const double delta = e.freeValue - (w.z() - road.h);
  if (delta <= 0.0) return;
  const double deltaRate = -(wdot.z() - road.dh * wdot.x());
  const double F = std::max(0.0, e.stiffness * delta + e.damping * deltaRate);
  r.potential = 0.5 * e.stiffness * delta * delta;
  r.dissipation = (F - e.stiffness * delta) * deltaRate;
  r.powerIn = F * road.dh * wdot.x();
  if (F == 0.0) return;
  const auto jw = ei.pointJacobian(e.s_I);
  r.Qi += F * jw.row(2).transpose();
  if (!jac) return;
  // d delta/dq = n^T J_W with n = (h', 0, -1); ddelta/dt = n . Wdot
  const Vec3 n(road.dh, 0.0, -1.0);
  const Row deltaQ = n.transpose() * jw;
  const Row rateQ = n.transpose() * ei.vectorRateJacobian(e.s_I) + road.ddh * wdot.x() * jw.row(0);
  const Row dFdq = e.stiffness * deltaQ + e.damping * rateQ;
  const Row dFdv = e.damping * deltaQ;
  jac->dq.ii += jw.row(2).transpose() * dFdq + ei.curvature(e.s_I, Vec3(0.0, 0.0, F));
  jac->dv.ii += jw.row(2).transpose() * dFdv;
}

// Adds the generalized forces (and Jacobians, when jac is given) of element e at time t.
template <class K>
void evaluateForce(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej, double t,
                   ForceMemory& memory, ForceResult<K>& r, ForceJacobians<K>* jac) {
  switch (e.type) {
    case ForceType::TSDA: {
      const ElementCoordinate<K> L = tsdaLength(e, ei, ej, jac != nullptr);
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
      const ElementCoordinate<K> th = rsdaAngle(e, ei, ej, memory.angle, jac != nullptr);
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
        if (!e.loadInBodyFrame)
          block += b.omegaJacobian().transpose() * b.rotateTransposePartial(n);
      }
      r.powerIn = n_B.dot(b.omegaBody());
      return;
    }
    case ForceType::Tire:
      evaluateTire(e, ei, r, jac);
      return;
  }
}

// The partial time derivative dQ/dt of element e at fixed positions and velocities (nonzero for
// loads and actuators that are functions of time): r.Qi, r.Qj.
template <class K>
void evaluateForceRate(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej, double t,
                       const ForceMemory& memory, ForceResult<K>& r) {
  switch (e.type) {
    case ForceType::TSDA: {
      if (e.actuator.isConstant()) return;
      const ElementCoordinate<K> L = tsdaLength(e, ei, ej, false);
      const double rate = e.actuator.evaluate(t).df;  // Q = -F L_q^T, F = ... - actuator(t)
      r.Qi += rate * L.jacI.transpose();
      r.Qj += rate * L.jacJ.transpose();
      return;
    }
    case ForceType::RSDA: {
      if (e.actuator.isConstant()) return;
      const ElementCoordinate<K> th = rsdaAngle(e, ei, ej, memory.angle, false);
      const double rate = e.actuator.evaluate(t).df;  // Q = T theta_q^T, T = ... + actuator(t)
      r.Qi += rate * th.jacI.transpose();
      r.Qj += rate * th.jacJ.transpose();
      return;
    }
    case ForceType::PointForce:
    case ForceType::Torque: {
      const Vec3 d(e.load[0].evaluate(t).df, e.load[1].evaluate(t).df, e.load[2].evaluate(t).df);
      if (e.type == ForceType::PointForce) {
        const Vec3 d_W = e.loadInBodyFrame ? ei.vector(d) : d;
        r.Qi += ei.pointJacobian(e.s_I).transpose() * d_W;
      } else {
        const K& b = ei.body();
        const Vec3 d_B = e.loadInBodyFrame ? d : Vec3(b.A().transpose() * d);
        r.Qi.template tail<K::kOrientationSize>() += b.omegaJacobian().transpose() * d_B;
      }
      return;
    }
    case ForceType::Tire:
      return;
  }
}

// The generalized forces alone.
template <class K>
void evaluateForce(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej, double t,
                   ForceMemory& memory, ForceResult<K>& r) {
  evaluateForce(e, ei, ej, t, memory, r, static_cast<ForceJacobians<K>*>(nullptr));
}

}  // namespace mbw
