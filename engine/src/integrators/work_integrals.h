#pragma once
// The work integrals of the energy balance E - E0 - W + D (simulation/recorder.h), advanced by the
// integrator that advances the motion:
//     W(t) = integral of P_in   (drivers' reactions -lambda^T nu, time-varying loads, actuators)
//     D(t) = integral of P_d    (the dampers' power)
// each integrated by the method's own rule (docs/integrators.md, "The energy balance"): the stage
// values and weights of a Runge-Kutta-type scheme, the formula of a multistep scheme, the
// quadrature variables of SUNDIALS. What is here is shared by those rules: the powers of a state,
// the continuous extension of the integrals inside a step and the interpolatory weights of the
// Rosenbrock methods.

#include <array>

#include "formulation/formulation.h"
#include "solvers/initial_conditions.h"

namespace mbw {

// Power going in (W) and power the dampers take out (W), at one state.
struct Power {
  double in = 0.0;
  double dissipated = 0.0;
};

// Work done on the system and energy dissipated since the start of the run (J).
struct WorkIntegrals {
  double work = 0.0;
  double dissipated = 0.0;
};

inline WorkIntegrals advanced(const WorkIntegrals& w, double h, const Power& p) {
  return {w.work + h * p.in, w.dissipated + h * p.dissipated};
}

// The powers at a state: positions and velocities into the formulation, then its energy terms
// with the state's multipliers.
Power powerOf(Formulation& f, const State& s);

// The integrals at t in [ta, tb] from the cubic Hermite interpolant of W and D through their values
// and rates (the powers) at both ends; O(h^4) for smooth powers.
WorkIntegrals hermiteWork(double ta, const WorkIntegrals& wa, const Power& pa, double tb,
                          const WorkIntegrals& wb, const Power& pb, double t);

// Weights c_k of the interpolatory rule integral_{t[0]}^{t[1]} p dt = sum_k c_k p(t[k]) through the
// n points t[0] < t[1] (the step) and t[2], t[3] ... (earlier points, n <= 4): the integral of the
// polynomial of degree n - 1 through them, exact for that degree (order n). n = 2: the trapezoidal
// rule.
std::array<double, 4> interpolatoryWeights(const std::array<double, 4>& t, int n);

// The fourth-order interpolatory rule over accepted steps: the integral over a step of the cubic
// through the powers at its ends and at the two points before. At the start of a run the first two
// steps take the trapezoidal rule, then the quadratic, provisionally; the third step integrates all
// three again with the cubic through the four points, so that the start does not lower the order.
class InterpolatoryWork {
 public:
  void reset() { points_ = 0; }
  // the integrals at tb, the end of an accepted step from ta, with the powers at both ends
  WorkIntegrals advance(double ta, const WorkIntegrals& wa, const Power& pa, double tb,
                        const Power& pb);

 private:
  std::array<double, 3> t_{};  // the last accepted points, newest first
  std::array<Power, 3> p_{};
  int points_ = 0;
  double startTime_ = 0.0;  // where the history started, with the integrals there
  WorkIntegrals start_;
};

}  // namespace mbw
