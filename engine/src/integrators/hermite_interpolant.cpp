#include "integrators/hermite_interpolant.h"

namespace mbw {

void HermiteInterpolant::evaluate(const Formulation& f, const State& a, const State& b, double t,
                                  State& out) {
  const double h = b.t - a.t;
  const double s = h > 0.0 ? (t - a.t) / h : 1.0, s2 = s * s, s3 = s2 * s;
  // the cubic Hermite basis at s = (t - t_a) / h
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = 3 * s2 - 2 * s3,
               h11 = s3 - s2;
  // derivatives of the basis with respect to s, for the accelerations
  const double d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = 6 * s - 6 * s2,
               d11 = 3 * s2 - 2 * s;

  // positions as increments from q_a
  // g = q_b (-) q_a, and the increment's rate at b
  f.localCoordinates(a.q, b.q, g_);
  f.incrementRate(g_, b.v, rateB_);
  increment_ = (h10 * h) * a.v + h01 * g_ + (h11 * h) * rateB_;
  f.retract(a.q, increment_, out.q);

  // velocities, accelerations, multipliers
  out.t = t;
  // the cubic Hermite of the velocities, the accelerations its slopes
  out.v = h00 * a.v + (h10 * h) * a.vdot + h01 * b.v + (h11 * h) * b.vdot;
  // its derivative for the accelerations; an empty step keeps b's
  if (h > 0.0)
    out.vdot = (d00 / h) * a.v + d10 * a.vdot + (d01 / h) * b.v + d11 * b.vdot;
  else
    out.vdot = b.vdot;
  // the multipliers linearly
  out.lambda = (1.0 - s) * a.lambda + s * b.lambda;
}

}  // namespace mbw
