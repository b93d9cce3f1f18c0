#pragma once
// Error norms and step-size proposals of the variable-step index-3 schemes (LMS2, the ESDIRKs), and
// the control per unit step that rn4, CVODE and IDA use by default too (errorControl).
//
// Error norm of a step with the local error estimate e_q of the position increments (nv): the
// root mean square over the components of
//     e_q,i / (atol + rtol |q_i|)
// (|q_i| where position coordinates and increments have the same layout, rp and rE; rotation
// increments on SO(3), rA, use atol alone).
//
// Control per unit step (Hairer, Norsett and Wanner, Solving ODEs I, section II.4; Shampine 1994,
// section 5.1): the controller sees err_u = err T / h with T the settings' errorSpan (a run's
// length), and accepts a step when err_u <= 1. The local errors of a run then sum to about the
// tolerance and the global error is proportional to it, where control per step (err <= 1) gives a
// global error proportional to tol^(p/(p+1)) only (measured: tol^0.65 for LMS2 and the ESDIRKs on
// the double pendulum, docs/integrators.md).
//
// What the estimate leaves out, and why: velocities, the index-2 variables. An index-3 solution
// satisfies the position constraints only; its velocities drift off Phi_q v = nu by some delta,
// and every later time point pulls them back whatever its step, so any velocity difference (LMS2's
// extrapolation difference, the ESDIRKs' embedded h sum (b - bHat) vdot) holds a part of size delta
// that does not shrink with h. Weighted by h as index-2 variables are in per-step norms, that part
// vanishes with the step; per unit step it stays, and the control stalls once delta exceeds about
// atol / T (measured on the pendulum near t = 1 s: the velocity term stuck at 1.95 from h = 7e-5 to
// 1e-9 s while the position term fell as h^2). The position estimates carry the velocities at the
// same order (both converge at second order on constrained models), not with the same constant:
// on IFToMM A01 the ESDIRKs' global error is phase accumulated from their tangential velocity
// errors, 13-120 per second times the embedded position difference, which is mostly the embedded
// solution's distance from the constraints (docs/integrators.md, "Tolerance proportionality").
//
// The estimates behave like h^(k+1) with k = 2 on every constrained model whatever the scheme's
// design order: on the index-3 DAE the ESDIRKs (stage order 2) converge at second order in
// positions, so their embedded differences are O(h^3), as LMS2's estimate is; err_u then behaves
// like h^k.
//
// Rounding sets a floor under what a step can be asked to commit: positions of metres are known to
// about 1e-15 m after Newton, so a step's share of the tolerance is never taken below
// kLocalErrorFloor / atol (at atol = 1e-10 and T = 0.03 s, steps under 3 us are controlled to a
// local error of 1e-14 m; without the floor the share atol h / T fell under the rounding of the
// estimate and the step shrank to 1e-12 s).
//
// Newton's own error must stay below what a step may commit: the schemes solve their time points
// to newtonToleranceFor() (a tenth of atol times the step's share, at most the settings'
// newtonTolerance). Where that is tighter than the positions' rounding, corrections that stall
// within newtonRoundingFloor() are accepted: at atol 1e-8 a step of the driven four-link (3 s)
// asks for 5e-15 m, and near its rank drop (coordinates up to 3.8 m) the corrections stalled at
// 1e-15 to 1.4e-14 m, so that every step failed down to 3e-12 s.
//
// Fixed steps (newtonToleranceForStep): a Newton stop leaves the velocities off by about the
// position tolerance over b0 h, once per step. Systematic, these errors add up over a run: on the
// IFToMM pendulum over 2000 s a fixed 1e-11 m set the error (MSSTH3: 5.5e-3 m at h = 1e-3 s,
// 6.3e-3 m at 5e-4 s; with 1e-15 at 1e-3 s over 200 s, 1.8e-4 m against 2.0e-4 m: the step's own
// error there). Below kNewtonReferenceStep the tolerance falls as h^4, so that the velocity error
// a point leaves falls as h^3, a second-order scheme's local error, and their sum over a run as
// h^2, down to kNewtonToleranceFloor (from h = 5.6e-4 s on): tighter, a kept Newton matrix no
// longer reaches the tolerance in a few iterations on the larger models (hmmwv-bump, LMS3 at
// 1e-4 s over 500 steps: 1e-11 m, 2.0 iterations per step and 24 factorizations; 1e-12 m, 2.2 and
// 62; 1e-13 m, 4.3 and 461). At and above kNewtonReferenceStep the tolerance is the settings'
// newtonTolerance (the paper's Theta h^2 = 1e-11 at its steps), and a newtonTolerance under the
// floor is kept as given. The rule "fixed" keeps newtonTolerance at every step. The pendulum over
// 2000 s with the rule: MSSTH3 5.5e-3 m at 1e-3 s, 6.7e-4 m at 5e-4 s; HHT 6.4e-2 m, 1.6e-2 m.
//
// New step h_new = h min(f_max, max(f_min, fac e^(-1/r))) for an error measure e behaving like h^r
// (r = k for err_u) with fac, f_min, f_max the settings' safety and step factors (Sandu et al. 2001
// eq 16; f_max = 1 right after a rejection), limited by settings.maxStep.

#include "formulation/formulation.h"
#include "integrators/integrator.h"

namespace mbw {

double positionErrorNorm(const Formulation& f, const VectorXd& errorQ, const VectorXd& q,
                         const IntegratorSettings& settings);

// the root mean square of e_i / (atol + rtol |y_i|) over n components: an error e of y in
// tolerances
double toleranceNorm(const double* e, const double* y, int n, const IntegratorSettings& settings);

// whether the settings ask for control per unit step: errorControl "per-unit-step", or "auto" for
// an integrator whose default it is
bool controlPerUnitStep(const IntegratorSettings& settings, bool perUnitStepByDefault);

// the smallest local error a step is asked for (m, or rad for rotations): the rounding of the
// error estimates
constexpr double kLocalErrorFloor = 1e-14;

// the share of the tolerance a step of size h may commit: max(h / T, kLocalErrorFloor / atol)
double toleranceShare(double h, const IntegratorSettings& s);

// The codes that took control per unit step over from their own per-step control (rn4, CVODE, IDA)
// never take a step's share below this: where the right-hand side jumps (a tire meeting a bump) a
// step's local error shrinks only like h, so its error per unit step does not shrink at all and the
// steps fell to 1e-12 s (rn4 and bdf on hmmwv-bump at rtol 1e-3); held to a millionth of the
// tolerance, such a step passes. Smooth motions take steps far above 1e-6 of their span.
constexpr double kMinimumShare = 1e-6;

// err_u of an error norm err of a step of size h: err / toleranceShare(h)
inline double errorPerUnitStep(double err, double h, const IntegratorSettings& s) {
  return err / toleranceShare(h, s);
}

// the Newton tolerance (cq |delta vdot|, m) of the time points of a variable step h
double newtonToleranceFor(double h, const IntegratorSettings& s);

// what Newton's position corrections can reach at positions q (m): kRoundingUlps units of
// rounding of max |q_i|; a variable step's stalled corrections below it count as converged
double newtonRoundingFloor(const VectorXd& q);
constexpr double kRoundingUlps = 32.0;

// the step at and above which fixed steps take the settings' newtonTolerance as it is
constexpr double kNewtonReferenceStep = 1e-3;  // s

// the tightest tolerance the rule "step" asks for (m)
constexpr double kNewtonToleranceFloor = 1e-12;

// the Newton tolerance (cq |delta vdot|, m) of the time points of a fixed step h
double newtonToleranceForStep(double h, const IntegratorSettings& s);

// the order k of an index-3 scheme's error estimate (O(h^(k+1)) per step): 2 on constrained models,
// else the estimate's design order
int effectiveEstimateOrder(const Formulation& f, int designOrder);

double proposeStep(double h, double errorMeasure, double rate, bool afterRejection,
                   const IntegratorSettings& settings);

// Marks r as rejected for `reason` (detail: the numbers) with the next step `next`, or as failed
// when `next` is below settings.minStep.
void rejectStep(StepResult& r, const std::string& reason, const std::string& detail, double next,
                const IntegratorSettings& settings);

}  // namespace mbw
