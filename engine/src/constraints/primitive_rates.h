#pragma once
// Derivatives of the right sides of the velocity and acceleration constraint equations of each
// primitive, Phi_q qdot = nu and Phi_q qddot = gamma (primitive_terms.h): d gamma/dq, d gamma/dv,
// d nu/dq and the partial time derivatives nu_t, gamma_t. With the Hessian of Phi
// (addPrimitiveHessian) they give every derivative of the constraint equations the exact
// integration Jacobians of Sandu et al. 2001 section 3 need: (Phi_q qdot)_q, tau_q, tau_qdot of eqs
// (28b)-(29), (34), and the time derivative of eq (46). gamma is quadratic in the velocities,
// so each term below is the product rule over x, xdot and the velocity-quadratic part of xddot of
// the body-fixed vectors and points involved (BodyEnd).

#include "constraints/primitive_terms.h"

namespace mbw {

template <class K>
struct PrimitiveRhsDerivatives {
  using Row = typename BodyTerms<K>::Row;
  Row gammaQi = Row::Zero(), gammaQj = Row::Zero();  // d gamma / dq_i, dq_j
  Row gammaVi = Row::Zero(), gammaVj = Row::Zero();  // d gamma / dv_i, dv_j
  Row nuQi = Row::Zero(), nuQj = Row::Zero();        // d nu / dq (the angle driver's only)
  double nuT = 0.0, gammaT = 0.0;                    // partial time derivatives
};

namespace detail {

// third time derivatives of the angle driver's weights cos(theta(t)) and -sin(theta(t))
struct AngleWeightRates {
  double dddcv, dddcu;
  AngleWeightRates(const TimeFunctionValue& th, double th3) {
    const double c = std::cos(th.f), s = std::sin(th.f), d1 = th.df, d2 = th.ddf;
    dddcv = s * d1 * d1 * d1 - 3.0 * c * d1 * d2 - s * th3;
    dddcu = c * d1 * d1 * d1 + 3.0 * s * d1 * d2 - c * th3;
  }
};

// x = A x_B of an end and its variations, for the product rule
template <class K>
struct VectorTerms {
  using Jac = typename BodyTerms<K>::Jac;
  Vec3 value, rate, quad;                 // x, xdot, velocity-quadratic part of xddot
  Jac jac, rateJac, quadJac, quadVelJac;  // dx/dq, dxdot/dq, dquad/dq, dquad/dv (dxdot/dv = jac)

  VectorTerms(const BodyEnd<K>& e, const Vec3& x_B, bool point)
      : value(point ? e.point(x_B) : e.vector(x_B)),
        rate(point ? e.pointRate(x_B) : e.vectorRate(x_B)),
        quad(e.vectorQuadratic(x_B)),
        jac(Jac::Zero()),
        rateJac(Jac::Zero()),
        quadJac(Jac::Zero()),
        quadVelJac(Jac::Zero()) {
    if (e.isGround()) return;
    jac = point ? e.pointJacobian(x_B) : e.vectorJacobian(x_B);
    rateJac = e.vectorRateJacobian(x_B);
    quadJac = e.vectorQuadraticJacobian(x_B);
    quadVelJac = e.vectorQuadraticVelocityJacobian(x_B);
  }
};

}  // namespace detail

// dddf: the third time derivative of the primitive's f(t) (TimeFunction::thirdDerivative).
template <class K>
PrimitiveRhsDerivatives<K> primitiveRhsDerivatives(const Primitive& c, const BodyEnd<K>& ei,
                                                   const BodyEnd<K>& ej, const TimeFunctionValue& f,
                                                   double dddf) {
  using VT = detail::VectorTerms<K>;
  PrimitiveRhsDerivatives<K> out;
  out.nuT = f.ddf;
  out.gammaT = dddf;
  switch (c.type) {
    case PrimitiveType::DP1: {
      // gamma = -quadratic(a_i . a_j) + f''
      DotProduct<K>(ei, c.a_I, ej, c.a_J, false)
          .quadraticJacobians(out.gammaQi, out.gammaQj, out.gammaVi, out.gammaVj);
      out.gammaQi = -out.gammaQi;
      out.gammaQj = -out.gammaQj;
      out.gammaVi = -out.gammaVi;
      out.gammaVj = -out.gammaVj;
      break;
    }
    case PrimitiveType::AngleDriver: {
      const DotProduct<K> gu(ei, c.a_I, ej, c.a_J), gv(ei, c.b_I, ej, c.a_J);
      const detail::AngleWeights w(f);
      const detail::AngleWeightRates w3(f, dddf);
      typename PrimitiveRhsDerivatives<K>::Row uqi, uqj, uvi, uvj, vqi, vqj, vvi, vvj, rui, ruj,
          rvi, rvj;
      gu.quadraticJacobians(uqi, uqj, uvi, uvj);
      gv.quadraticJacobians(vqi, vqj, vvi, vvj);
      gu.rateJacobian(rui, ruj);
      gv.rateJacobian(rvi, rvj);
      // gamma = -(cv quad_v + cu quad_u + 2 dcv rate_v + 2 dcu rate_u + ddcv g_v + ddcu g_u)
      out.gammaQi = -(w.cv * vqi + w.cu * uqi + 2.0 * w.dcv * rvi + 2.0 * w.dcu * rui +
                      w.ddcv * gv.jacI + w.ddcu * gu.jacI);
      out.gammaQj = -(w.cv * vqj + w.cu * uqj + 2.0 * w.dcv * rvj + 2.0 * w.dcu * ruj +
                      w.ddcv * gv.jacJ + w.ddcu * gu.jacJ);
      out.gammaVi = -(w.cv * vvi + w.cu * uvi + 2.0 * w.dcv * gv.jacI + 2.0 * w.dcu * gu.jacI);
      out.gammaVj = -(w.cv * vvj + w.cu * uvj + 2.0 * w.dcv * gv.jacJ + 2.0 * w.dcu * gu.jacJ);
      out.gammaT = -(w.dcv * gv.quadratic() + w.dcu * gu.quadratic() + 2.0 * w.ddcv * gv.rate() +
                     2.0 * w.ddcu * gu.rate() + w3.dddcv * gv.value + w3.dddcu * gu.value);
      // nu = -(dcv g_v + dcu g_u)
      out.nuQi = -(w.dcv * gv.jacI + w.dcu * gu.jacI);
      out.nuQj = -(w.dcv * gv.jacJ + w.dcu * gu.jacJ);
      out.nuT = -(w.ddcv * gv.value + w.ddcu * gu.value);
      break;
    }
    case PrimitiveType::DP2: {
      // gamma = -(quad_a . d + 2 adot . ddot + a . quad_d) + f'',  d = P_j - P_i
      const VT a(ei, c.a_I, false), pi(ei, c.s_I, true), pj(ej, c.s_J, true);
      const Vec3 d = pj.value - pi.value, ddot = pj.rate - pi.rate, dquad = pj.quad - pi.quad;
      out.gammaQi = -(d.transpose() * a.quadJac - a.quad.transpose() * pi.jac +
                      2.0 * ddot.transpose() * a.rateJac - 2.0 * a.rate.transpose() * pi.rateJac +
                      dquad.transpose() * a.jac - a.value.transpose() * pi.quadJac);
      out.gammaQj = -(a.quad.transpose() * pj.jac + 2.0 * a.rate.transpose() * pj.rateJac +
                      a.value.transpose() * pj.quadJac);
      out.gammaVi = -(d.transpose() * a.quadVelJac + 2.0 * ddot.transpose() * a.jac -
                      2.0 * a.rate.transpose() * pi.jac - a.value.transpose() * pi.quadVelJac);
      out.gammaVj = -(2.0 * a.rate.transpose() * pj.jac + a.value.transpose() * pj.quadVelJac);
      break;
    }
    case PrimitiveType::D: {
      // gamma = -(2 ddot . ddot + 2 d . quad_d) + f''
      const VT pi(ei, c.s_I, true), pj(ej, c.s_J, true);
      const Vec3 d = pj.value - pi.value, ddot = pj.rate - pi.rate, dquad = pj.quad - pi.quad;
      out.gammaQi = 4.0 * ddot.transpose() * pi.rateJac + 2.0 * dquad.transpose() * pi.jac +
                    2.0 * d.transpose() * pi.quadJac;
      out.gammaQj = -(4.0 * ddot.transpose() * pj.rateJac + 2.0 * dquad.transpose() * pj.jac +
                      2.0 * d.transpose() * pj.quadJac);
      out.gammaVi = 4.0 * ddot.transpose() * pi.jac + 2.0 * d.transpose() * pi.quadVelJac;
      out.gammaVj = -(4.0 * ddot.transpose() * pj.jac + 2.0 * d.transpose() * pj.quadVelJac);
      break;
    }
    case PrimitiveType::CD: {
      // gamma = -c . quad_d + f''
      const VT pi(ei, c.s_I, true), pj(ej, c.s_J, true);
      out.gammaQi = c.c_W.transpose() * pi.quadJac;
      out.gammaQj = -c.c_W.transpose() * pj.quadJac;
      out.gammaVi = c.c_W.transpose() * pi.quadVelJac;
      out.gammaVj = -c.c_W.transpose() * pj.quadVelJac;
      break;
    }
  }
  return out;
}

}  // namespace mbw
