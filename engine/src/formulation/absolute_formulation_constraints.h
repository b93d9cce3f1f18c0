#pragma once
// Member definitions of AbsoluteFormulation<K>, the constraint stages: the bodies placed at q and
// the primitives' Phi, nu and Jacobian rows (positions), the velocities, gamma (accelerations),
// and the second derivatives the implicit integrators and the sensitivities need (Kissel et al.
// 2021 section 2). Included by absolute_formulation_impl.h.

#include "formulation/absolute_formulation.h"

namespace mbw {

// --- positions -----------------------------------------------------------------------------------

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
  // each primitive row's value, velocity right-hand side and Jacobian blocks
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
  // the bodies' velocities; the constraint rows take them from there
  for (int b = 0; b < model().bodyCount(); ++b) bodies_[b].setVelocity(v.data() + V * b);
}

// --- Jacobian, velocity and acceleration rows ----------------------------------------------------

template <class K>
void AbsoluteFormulation<K>::constraintJacobian(MatrixSink sink) const {
  const Model& m = model();
  // the primitive rows' blocks of computePositions, then the normalization rows
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
void AbsoluteFormulation<K>::accelerationRhs(VectorXd& gamma) const {
  const Model& m = model();
  gamma.resize(constraintSize());
  // the primitive rows' gamma, then the normalization rows'
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
double AbsoluteFormulation<K>::velocityViolation(const VectorXd& v) const {
  // the largest |Phi_q v - nu| over the primitive rows
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

// --- second derivatives --------------------------------------------------------------------------

template <class K>
const PairBlocks<K>& AbsoluteFormulation<K>::primitiveHessian(int k) const {
  // all rows at once, the first time after the bodies were placed
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
  // w's block of body b (zero for the ground), and the rows' (w^T Phi_qq) by their blocks
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
  // each primitive row's derivatives by blocks, then gamma_v of the normalization rows
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

}  // namespace mbw
