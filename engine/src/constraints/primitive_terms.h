#pragma once
// The four geometric constraint primitives of Kissel et al. 2021, eqs (1)-(4), and the angle
// driver, written once for every formulation K (the formulation enters only through BodyEnd<K>):
//   DP1  Phi = a_i . a_j - f(t)
//   DP2  Phi = a_i . d_ij - f(t),   d_ij = r_j + A_j s_j - r_i - A_i s_i
//   D    Phi = d_ij . d_ij - f(t)
//   CD   Phi = c . d_ij - f(t)
//   angle driver  Phi = cos(theta(t)) (v_i . a_j) - sin(theta(t)) (u_i . a_j) = sin(phi -
//   theta(t)),
//        phi the angle of a_j from u_i towards v_i: two DP1 terms with time-varying weights,
//        regular at every angle (a lone DP1 driver cos(phi) = f(t) is singular where f = +-1).
// For each: the value, the Jacobian blocks, nu = -dPhi/dt (eqs 17, 21, 27), gamma (eqs 18, 24, 29:
// Phi_q qddot = gamma), and the second variation lambda d/dq(Phi_q^T) that enters the Newton matrix
// of the dynamics (Kissel et al. 2021 eqs 38, Tables 3-6).

#include "constraints/dot_product.h"
#include "expr/expression.h"
#include "model/model.h"

namespace mbw {

template <class K>
struct PrimitiveValue {
  using Row = typename BodyTerms<K>::Row;
  double phi = 0.0;
  double nu = 0.0;
  Row jacI = Row::Zero(), jacJ = Row::Zero();
};

namespace detail {

// weights of the angle driver's two DP1 terms, and their first and second time derivatives
struct AngleWeights {
  double cv, cu, dcv, dcu, ddcv, ddcu;
  explicit AngleWeights(const TimeFunctionValue& th) {
    const double c = std::cos(th.f), s = std::sin(th.f);
    cv = c;
    cu = -s;
    dcv = -s * th.df;
    dcu = -c * th.df;
    ddcv = -s * th.ddf - c * th.df * th.df;
    ddcu = -c * th.ddf + s * th.df * th.df;
  }
};

}  // namespace detail

template <class K>
PrimitiveValue<K> evaluatePrimitive(const Primitive& c, const BodyEnd<K>& ei, const BodyEnd<K>& ej,
                                    const TimeFunctionValue& f) {
  PrimitiveValue<K> out;
  switch (c.type) {
    case PrimitiveType::DP1: {
      const DotProduct<K> g(ei, c.a_I, ej, c.a_J);
      out.phi = g.value - f.f;
      out.jacI = g.jacI;
      out.jacJ = g.jacJ;
      out.nu = f.df;
      break;
    }
    case PrimitiveType::AngleDriver: {
      const DotProduct<K> gu(ei, c.a_I, ej, c.a_J), gv(ei, c.b_I, ej, c.a_J);
      const detail::AngleWeights w(f);
      out.phi = w.cv * gv.value + w.cu * gu.value;
      out.jacI = w.cv * gv.jacI + w.cu * gu.jacI;
      out.jacJ = w.cv * gv.jacJ + w.cu * gu.jacJ;
      out.nu = -(w.dcv * gv.value + w.dcu * gu.value);
      break;
    }
    case PrimitiveType::DP2: {
      const Vec3 a = ei.vector(c.a_I);
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      out.phi = a.dot(d) - f.f;
      if (!ei.isGround())
        out.jacI =
            d.transpose() * ei.vectorJacobian(c.a_I) - a.transpose() * ei.pointJacobian(c.s_I);
      if (!ej.isGround()) out.jacJ = a.transpose() * ej.pointJacobian(c.s_J);
      out.nu = f.df;
      break;
    }
    case PrimitiveType::D: {
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      out.phi = d.dot(d) - f.f;
      if (!ei.isGround()) out.jacI = -2.0 * d.transpose() * ei.pointJacobian(c.s_I);
      if (!ej.isGround()) out.jacJ = 2.0 * d.transpose() * ej.pointJacobian(c.s_J);
      out.nu = f.df;
      break;
    }
    case PrimitiveType::CD: {
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      out.phi = c.c_W.dot(d) - f.f;
      if (!ei.isGround()) out.jacI = -c.c_W.transpose() * ei.pointJacobian(c.s_I);
      if (!ej.isGround()) out.jacJ = c.c_W.transpose() * ej.pointJacobian(c.s_J);
      out.nu = f.df;
      break;
    }
  }
  return out;
}

// Phi alone, as evaluatePrimitive gives it, without the Jacobian (the Newton iterations that keep
// a factorization of the constraint Jacobian need only the values).
template <class K>
double primitiveValue(const Primitive& c, const BodyEnd<K>& ei, const BodyEnd<K>& ej,
                      const TimeFunctionValue& f) {
  switch (c.type) {
    case PrimitiveType::DP1:
      return ei.vector(c.a_I).dot(ej.vector(c.a_J)) - f.f;
    case PrimitiveType::AngleDriver: {
      const Vec3 a = ej.vector(c.a_J);
      const detail::AngleWeights w(f);
      return w.cv * ei.vector(c.b_I).dot(a) + w.cu * ei.vector(c.a_I).dot(a);
    }
    case PrimitiveType::DP2:
      return ei.vector(c.a_I).dot(ej.point(c.s_J) - ei.point(c.s_I)) - f.f;
    case PrimitiveType::D: {
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      return d.dot(d) - f.f;
    }
    case PrimitiveType::CD:
      return c.c_W.dot(ej.point(c.s_J) - ei.point(c.s_I)) - f.f;
  }
  return 0.0;
}

// gamma: the right-hand side of Phi_q qddot = gamma (needs velocities).
template <class K>
double primitiveGamma(const Primitive& c, const BodyEnd<K>& ei, const BodyEnd<K>& ej,
                      const TimeFunctionValue& f) {
  switch (c.type) {
    case PrimitiveType::DP1:
      return -DotProduct<K>(ei, c.a_I, ej, c.a_J, false).quadratic() + f.ddf;
    case PrimitiveType::AngleDriver: {
      const DotProduct<K> gu(ei, c.a_I, ej, c.a_J, false), gv(ei, c.b_I, ej, c.a_J, false);
      const detail::AngleWeights w(f);
      return -(w.cv * gv.quadratic() + w.cu * gu.quadratic() + 2.0 * w.dcv * gv.rate() +
               2.0 * w.dcu * gu.rate() + w.ddcv * gv.value + w.ddcu * gu.value);
    }
    case PrimitiveType::DP2: {
      const Vec3 a = ei.vector(c.a_I), adot = ei.vectorRate(c.a_I);
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      const Vec3 ddot = ej.pointRate(c.s_J) - ei.pointRate(c.s_I);
      const Vec3 dquad = ej.pointQuadratic(c.s_J) - ei.pointQuadratic(c.s_I);
      return -(ei.vectorQuadratic(c.a_I).dot(d) + 2.0 * adot.dot(ddot) + a.dot(dquad)) + f.ddf;
    }
    case PrimitiveType::D: {
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      const Vec3 ddot = ej.pointRate(c.s_J) - ei.pointRate(c.s_I);
      const Vec3 dquad = ej.pointQuadratic(c.s_J) - ei.pointQuadratic(c.s_I);
      return -(2.0 * ddot.dot(ddot) + 2.0 * d.dot(dquad)) + f.ddf;
    }
    case PrimitiveType::CD: {
      const Vec3 dquad = ej.pointQuadratic(c.s_J) - ei.pointQuadratic(c.s_I);
      return -c.c_W.dot(dquad) + f.ddf;
    }
  }
  return 0.0;
}

// lambda * d/dq (Phi_q^T): the reaction-force sensitivities (Kissel et al. 2021 Tables 3-6), added
// to h.
template <class K>
void addPrimitiveHessian(const Primitive& c, const BodyEnd<K>& ei, const BodyEnd<K>& ej,
                         const TimeFunctionValue& f, double lambda, PairBlocks<K>& h) {
  const bool gi = ei.isGround(), gj = ej.isGround();
  switch (c.type) {
    case PrimitiveType::DP1:
      DotProduct<K>(ei, c.a_I, ej, c.a_J, false).addHessian(lambda, h);
      return;
    case PrimitiveType::AngleDriver: {
      const detail::AngleWeights w(f);
      DotProduct<K>(ei, c.b_I, ej, c.a_J, false).addHessian(lambda * w.cv, h);
      DotProduct<K>(ei, c.a_I, ej, c.a_J, false).addHessian(lambda * w.cu, h);
      return;
    }
    case PrimitiveType::DP2: {
      const Vec3 a = ei.vector(c.a_I);
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      if (!gi) {
        const auto ja = ei.vectorJacobian(c.a_I);
        const auto jp = ei.pointJacobian(c.s_I);
        h.ii += lambda * (ei.curvature(c.a_I, d) - ei.curvature(c.s_I, a) - ja.transpose() * jp -
                          jp.transpose() * ja);
      }
      if (!gj) h.jj += lambda * ej.curvature(c.s_J, a);
      if (!gi && !gj) {
        const auto ja = ei.vectorJacobian(c.a_I);
        const auto jq = ej.pointJacobian(c.s_J);
        h.ij += lambda * ja.transpose() * jq;
        h.ji += lambda * jq.transpose() * ja;
      }
      return;
    }
    case PrimitiveType::D: {
      const Vec3 d = ej.point(c.s_J) - ei.point(c.s_I);
      if (!gi) {
        const auto jp = ei.pointJacobian(c.s_I);
        h.ii += 2.0 * lambda * (jp.transpose() * jp - ei.curvature(c.s_I, d));
      }
      if (!gj) {
        const auto jq = ej.pointJacobian(c.s_J);
        h.jj += 2.0 * lambda * (jq.transpose() * jq + ej.curvature(c.s_J, d));
      }
      if (!gi && !gj) {
        const auto jp = ei.pointJacobian(c.s_I);
        const auto jq = ej.pointJacobian(c.s_J);
        h.ij -= 2.0 * lambda * jp.transpose() * jq;
        h.ji -= 2.0 * lambda * jq.transpose() * jp;
      }
      return;
    }
    case PrimitiveType::CD:
      if (!gi) h.ii -= lambda * ei.curvature(c.s_I, c.c_W);
      if (!gj) h.jj += lambda * ej.curvature(c.s_J, c.c_W);
      return;
  }
}

}  // namespace mbw
