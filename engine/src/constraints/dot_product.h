#pragma once
// g = x . y for a vector x fixed in body i and a vector y fixed in body j: the core of DP1
// (Kissel et al. 2021 eq 1), and of the angle driver and the rotational spring built from DP1
// pairs.

#include "formulation/body_end.h"

namespace mbw {

template <class K>
struct DotProduct {
  using Row = typename BodyTerms<K>::Row;
  using Jac = typename BodyTerms<K>::Jac;

  double value = 0.0;
  Row jacI = Row::Zero(), jacJ = Row::Zero();  // dg/dq_i, dg/dq_j (zero at a ground end)

  // jacobians = false: jacI, jacJ stay zero (the terms that need only the value and its rates)
  DotProduct(const BodyEnd<K>& ei, const Vec3& x_B, const BodyEnd<K>& ej, const Vec3& y_B,
             bool jacobians = true)
      : ei_(ei), ej_(ej), x_B_(x_B), y_B_(y_B), x_(ei.vector(x_B)), y_(ej.vector(y_B)) {
    value = x_.dot(y_);
    if (!jacobians) return;
    if (!ei.isGround()) jacI = y_.transpose() * ei.vectorJacobian(x_B);
    if (!ej.isGround()) jacJ = x_.transpose() * ej.vectorJacobian(y_B);
  }

  // dg/dt (needs velocities)
  double rate() const { return ei_.vectorRate(x_B_).dot(y_) + x_.dot(ej_.vectorRate(y_B_)); }
  // the velocity-quadratic part of d2g/dt2: quad(x).y + 2 xdot.ydot + x.quad(y)
  double quadratic() const {
    return ei_.vectorQuadratic(x_B_).dot(y_) +
           2.0 * ei_.vectorRate(x_B_).dot(ej_.vectorRate(y_B_)) + x_.dot(ej_.vectorQuadratic(y_B_));
  }
  // d/dq [dg/dq^T], scaled by weight, added to blocks
  void addHessian(double weight, PairBlocks<K>& h) const {
    const bool gi = ei_.isGround(), gj = ej_.isGround();
    if (!gi) h.ii += weight * ei_.curvature(x_B_, y_);
    if (!gj) h.jj += weight * ej_.curvature(y_B_, x_);
    if (!gi && !gj) {
      const Jac jx = ei_.vectorJacobian(x_B_), jy = ej_.vectorJacobian(y_B_);
      h.ij += weight * jx.transpose() * jy;
      h.ji += weight * jy.transpose() * jx;
    }
  }
  // d/dq and d/dv of quadratic() (row blocks)
  void quadraticJacobians(Row& qi, Row& qj, Row& vi, Row& vj) const {
    qi.setZero();
    qj.setZero();
    vi.setZero();
    vj.setZero();
    const Vec3 xdot = ei_.vectorRate(x_B_), ydot = ej_.vectorRate(y_B_);
    if (!ei_.isGround()) {
      const Jac jx = ei_.vectorJacobian(x_B_);
      qi = y_.transpose() * ei_.vectorQuadraticJacobian(x_B_) +
           2.0 * ydot.transpose() * ei_.vectorRateJacobian(x_B_) +
           ej_.vectorQuadratic(y_B_).transpose() * jx;
      vi = y_.transpose() * ei_.vectorQuadraticVelocityJacobian(x_B_) + 2.0 * ydot.transpose() * jx;
    }
    if (!ej_.isGround()) {
      const Jac jy = ej_.vectorJacobian(y_B_);
      qj = ei_.vectorQuadratic(x_B_).transpose() * jy +
           2.0 * xdot.transpose() * ej_.vectorRateJacobian(y_B_) +
           x_.transpose() * ej_.vectorQuadraticJacobian(y_B_);
      vj = 2.0 * xdot.transpose() * jy + x_.transpose() * ej_.vectorQuadraticVelocityJacobian(y_B_);
    }
  }
  // d/dq [dg/dt] (row blocks), the variation of the rate with the positions
  void rateJacobian(Row& ri, Row& rj) const {
    ri.setZero();
    rj.setZero();
    if (!ei_.isGround())
      ri = y_.transpose() * ei_.vectorRateJacobian(x_B_) +
           ej_.vectorRate(y_B_).transpose() * ei_.vectorJacobian(x_B_);
    if (!ej_.isGround())
      rj = x_.transpose() * ej_.vectorRateJacobian(y_B_) +
           ei_.vectorRate(x_B_).transpose() * ej_.vectorJacobian(y_B_);
  }

 private:
  const BodyEnd<K>& ei_;
  const BodyEnd<K>& ej_;
  Vec3 x_B_, y_B_, x_, y_;
};

}  // namespace mbw
