#pragma once
// The continuous extension of a step for methods that have none of their own: cubic Hermite
// interpolation between the states a (at t_a) and b (at t_b = t_a + h) with theta = (t - t_a) / h,
//     positions   g(theta) = h10 h g'_a + h01 g_b + h11 h g'_b,     q = q_a (+) g(theta)
//     velocities  v(theta) = h00 v_a + h10 h vdot_a + h01 v_b + h11 h vdot_b
// with h00 = 2 theta^3 - 3 theta^2 + 1, h10 = theta^3 - 2 theta^2 + theta, h01 = 3 theta^2 -
// 2 theta^3, h11 = theta^3 - theta^2. Positions are interpolated as increments from q_a,
// g_b = q_b (-) q_a, whose rates are g'_a = v_a and g'_b = T(g_b)^-1 v_b (Formulation::
// incrementRate), so that rotation matrices stay on SO(3). Accelerations are the derivative of the
// velocity cubic, multipliers linear. The error is O(h^4) in positions and velocities for smooth
// motions; the interpolant satisfies the constraints only to that order (simulation/
// state_projection.h puts it back on them).

#include "formulation/formulation.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class HermiteInterpolant {
 public:
  // the state at t in [a.t, b.t]; allocates nothing once warm
  void evaluate(const Formulation& f, const State& a, const State& b, double t, State& out);

 private:
  VectorXd g_, rateB_, increment_;  // (nv)
};

}  // namespace mbw
