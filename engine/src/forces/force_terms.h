#pragma once
// Force elements written once for every formulation K: generalized forces Q (virtual work
// delta W = Q . delta q), their exact Jacobians dQ/dq and dQ/dv for the Newton matrix (the
// applied-force sensitivities of Kissel et al. 2021 eq 38c), and their energy terms.
//   TSDA   tension F = k (L - L0) + c Ldot - f_act(t) along the line of its two points
//   RSDA   torque T = -k (theta - theta0) - c thetadot + tau(t) on body j about the axis (reaction
//          on i); theta = atan2(w_i . u_j, u_i . u_j), w_i = axis_i x u_i, unwrapped continuously
//   point force  f(t) at a point (world or body frame); torque n(t) (world or body frame)
// Gravity and the rotational inertia terms are handled by the formulation itself.

#include <cmath>

#include "constraints/dot_product.h"
#include "expr/expression.h"
#include "model/model.h"

namespace mbw {

template <class K>
struct ForceResult {
  using Vec = Eigen::Matrix<double, K::kVelocitySize, 1>;
  Vec Qi = Vec::Zero(), Qj = Vec::Zero();
  double potential = 0.0;    // stored energy (springs), J
  double powerIn = 0.0;      // power of actuators and applied loads, W
  double dissipation = 0.0;  // power taken out by dampers, W (>= 0 for c >= 0)
  bool exactWork = false;    // the load is constant: work = exact function of the configuration
  double work = 0.0;         // that work's configuration-dependent value (see workReference)
};

// the scalar coordinate of an element and its variations: L for a TSDA, theta for an RSDA. The
// second-order ones (rateJacI/J, hessian) are computed only when asked for (they serve the force
// Jacobians alone) and stay zero otherwise.
template <class K>
struct ElementCoordinate {
  using Row = typename BodyTerms<K>::Row;
  double value = 0.0, rate = 0.0;
  Row jacI = Row::Zero(), jacJ = Row::Zero();          // d value / dq  (= d rate / dv)
  Row rateJacI = Row::Zero(), rateJacJ = Row::Zero();  // d rate / dq
  PairBlocks<K> hessian;                               // d2 value / dq2
};

// L = |p_j - p_i| and its variations.
template <class K>
ElementCoordinate<K> tsdaLength(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej,
                                bool secondOrder) {
  ElementCoordinate<K> c;
  const Vec3 d = ej.point(e.s_J) - ei.point(e.s_I);
  const Vec3 ddot = ej.pointRate(e.s_J) - ei.pointRate(e.s_I);
  c.value = std::max(d.norm(), 1e-12);
  const Vec3 u = d / c.value;
  c.rate = u.dot(ddot);
  if (!secondOrder) {
    if (!ei.isGround()) c.jacI = -u.transpose() * ei.pointJacobian(e.s_I);
    if (!ej.isGround()) c.jacJ = u.transpose() * ej.pointJacobian(e.s_J);
    return c;
  }
  const Mat3 P = (Mat3::Identity() - u * u.transpose()) / c.value;  // du/dd
  const Vec3 Pddot = P * ddot;
  using Jac = typename BodyTerms<K>::Jac;
  Jac ji = Jac::Zero(), jj = Jac::Zero();  // dd/dq_i, dd/dq_j
  if (!ei.isGround()) {
    ji = -ei.pointJacobian(e.s_I);
    c.jacI = u.transpose() * ji;
    c.rateJacI = Pddot.transpose() * ji - u.transpose() * ei.vectorRateJacobian(e.s_I);
    c.hessian.ii = ji.transpose() * P * ji - ei.curvature(e.s_I, u);
  }
  if (!ej.isGround()) {
    jj = ej.pointJacobian(e.s_J);
    c.jacJ = u.transpose() * jj;
    c.rateJacJ = Pddot.transpose() * jj + u.transpose() * ej.vectorRateJacobian(e.s_J);
    c.hessian.jj = jj.transpose() * P * jj + ej.curvature(e.s_J, u);
  }
  if (!ei.isGround() && !ej.isGround()) {
    c.hessian.ij = ji.transpose() * P * jj;
    c.hessian.ji = jj.transpose() * P * ji;
  }
  return c;
}

// theta = atan2(g_v, g_u), g_u = u_i . u_j, g_v = (axis_i x u_i) . u_j, continued from `previous`.
template <class K>
ElementCoordinate<K> rsdaAngle(const ForceElement& e, const BodyEnd<K>& ei, const BodyEnd<K>& ej,
                               double previous, bool secondOrder) {
  ElementCoordinate<K> c;
  const DotProduct<K> gu(ei, e.u_I, ej, e.u_J), gv(ei, e.axis_I.cross(e.u_I), ej, e.u_J);
  const double rho2 = std::max(gu.value * gu.value + gv.value * gv.value, 1e-300);
  const double raw = std::atan2(gv.value, gu.value);
  c.value = previous + std::remainder(raw - previous, 2.0 * M_PI);
  const double du = gu.rate(), dv = gv.rate();
  c.rate = (gu.value * dv - gv.value * du) / rho2;
  c.jacI = (gu.value * gv.jacI - gv.value * gu.jacI) / rho2;
  c.jacJ = (gu.value * gv.jacJ - gv.value * gu.jacJ) / rho2;
  if (!secondOrder) return c;

  // d rate / dq
  using Row = typename BodyTerms<K>::Row;
  Row rui, ruj, rvi, rvj;
  gu.rateJacobian(rui, ruj);
  gv.rateJacobian(rvi, rvj);
  const double s = 2.0 * c.rate / rho2;
  c.rateJacI = (dv * gu.jacI + gu.value * rvi - du * gv.jacI - gv.value * rui) / rho2 -
               s * (gu.value * gu.jacI + gv.value * gv.jacI);
  c.rateJacJ = (dv * gu.jacJ + gu.value * rvj - du * gv.jacJ - gv.value * ruj) / rho2 -
               s * (gu.value * gu.jacJ + gv.value * gv.jacJ);

  // d2 theta/dq2 = [Jv^T Ju - Ju^T Jv + g_u Hv - g_v Hu] / rho2 - theta_q^T (2 g_u Ju + 2 g_v Jv) /
  // rho2
  PairBlocks<K> hu, hv;
  gu.addHessian(1.0, hu);
  gv.addHessian(1.0, hv);
  const Row ti = c.jacI, tj = c.jacJ;
  const Row ni = 2.0 * (gu.value * gu.jacI + gv.value * gv.jacI) / rho2;
  const Row nj = 2.0 * (gu.value * gu.jacJ + gv.value * gv.jacJ) / rho2;
  auto block = [&](const Row& vi, const Row& uj, const Row& ui, const Row& vj, const auto& Hv,
                   const auto& Hu, const Row& t, const Row& n) {
    return ((vi.transpose() * uj - ui.transpose() * vj + gu.value * Hv - gv.value * Hu) / rho2 -
            t.transpose() * n)
        .eval();
  };
  c.hessian.ii = block(gv.jacI, gu.jacI, gu.jacI, gv.jacI, hv.ii, hu.ii, ti, ni);
  c.hessian.ij = block(gv.jacI, gu.jacJ, gu.jacI, gv.jacJ, hv.ij, hu.ij, ti, nj);
  c.hessian.ji = block(gv.jacJ, gu.jacI, gu.jacJ, gv.jacI, hv.ji, hu.ji, tj, ni);
  c.hessian.jj = block(gv.jacJ, gu.jacJ, gu.jacJ, gv.jacJ, hv.jj, hu.jj, tj, nj);
  return c;
}

// A scalar "coordinate" element: generalized force Q = g * x_q^T with g = g(x, xdot, t).
// Adds Q and, when wanted, dQ/dq = x_q^T dg/dq + g x_qq and dQ/dv = x_q^T dg/dv.
template <class K>
struct ScalarElement {
  const ElementCoordinate<K>& x;
  double g;     // generalized force along x (TSDA: -F, RSDA: T)
  double dgdx;  // partial derivatives of g
  double dgdxdot;

  void addForce(ForceResult<K>& r) const {
    r.Qi += g * x.jacI.transpose();
    r.Qj += g * x.jacJ.transpose();
  }
  void addJacobians(PairBlocks<K>& dq, PairBlocks<K>& dv) const {
    using Row = typename BodyTerms<K>::Row;
    const Row gi = dgdx * x.jacI + dgdxdot * x.rateJacI;
    const Row gj = dgdx * x.jacJ + dgdxdot * x.rateJacJ;
    dq.ii += x.jacI.transpose() * gi + g * x.hessian.ii;
    dq.ij += x.jacI.transpose() * gj + g * x.hessian.ij;
    dq.ji += x.jacJ.transpose() * gi + g * x.hessian.ji;
    dq.jj += x.jacJ.transpose() * gj + g * x.hessian.jj;
    dv.ii += dgdxdot * x.jacI.transpose() * x.jacI;
    dv.ij += dgdxdot * x.jacI.transpose() * x.jacJ;
    dv.ji += dgdxdot * x.jacJ.transpose() * x.jacI;
    dv.jj += dgdxdot * x.jacJ.transpose() * x.jacJ;
  }
};

}  // namespace mbw
