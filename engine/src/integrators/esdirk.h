#pragma once
// Stiffly accurate ESDIRKs on the index-3 DAE (Zhang et al. 2022 sections 2.3, 3): rho_inf-Bathe,
// MSSTC(n), MSSTH(n) and the Kennedy-Carpenter ESDIRKs. Stage i of the step from t_k (anchor q_k)
// is one time point of the shared core:
//     v_i = v_k + h (sum_{j<i} a_ij vdot_j + gamma vdot_i)
//     g_i =       h (sum_{j<i} a_ij gdot_j + gamma gdot_i),   gdot_j = T(g_j)^-1 v_j
// (cq = (gamma h)^2, cv = gamma h); the last stage is the step end. Predictors (section 3.1):
// constant at the second stage, second order (eq 12) over the two previous stages after it, and
// fourth order (eq 16) over the three previous stages at the last stage of the fourth- and
// fifth-order methods.
//
// With embedded weights and --rtol/--atol, steps follow the local error estimate
//     e = h sum_j (b_j - bHat_j) gdot_j
// of the positions (step_control.h says why not the velocities); Newton failures divide the step by
// four and are recorded as rejections.
//
// On constrained models the estimate is calibrated: e is multiplied by the tableau's estimateScale
// (without constraints the embedded pair is the published ODE estimate). On the index-3 DAE
// these stage-order-2 pairs share the leading term of the velocity error, so e measures the
// embedded solution's distance from the constraints, not the tangential velocity error that
// accumulates into the phase of the motion; both are O(h^3) and their ratio is set by the
// tableau. One step from the exact state of IFToMM A01 at 24 points of its period (h = 2.5e-3 and
// 1.25e-3 s: the same ratios) gives a mean |dv_t| / |e| of 11.3 1/s for ESDIRK3(2)4L[2]SA, 38.5
// for ESDIRK3(2)5L[2]SA and 108 for ESDIRK4(3)6L[2]SA2: the last two multiply e by 38.5 / 11.3
// = 3.4 and 108 / 11.3 = 9.6, so that a tolerance gives about the same error with each of the
// three (docs/integrators.md, "Tolerance proportionality"; the measure: esdirk_test).
//
// The work integrals of the energy balance are advanced by the same stage values and weights,
// W_n+1 = W_n + h sum_j b_j P_j (work_integrals.h).

#include "integrators/butcher_tableau.h"
#include "integrators/index3_integrator.h"
#include "integrators/linear_model.h"
#include "integrators/predictors.h"

namespace mbw {

// what the embedded estimate of tableau t is multiplied by on formulation f: t.estimateScale on a
// constrained model, 1 without constraints (see the top)
double estimateScale(const ButcherTableau& t, const Formulation& f);

class Esdirk final : public Index3Integrator {
 public:
  Esdirk(Formulation& formulation, IntegratorSettings settings, ButcherTableau tableau);
  static Capabilities capabilities(const ButcherTableau& tableau);
  static LinearModel linearModel(const ButcherTableau& tableau);

 private:
  StepResult doStep(double h) override;
  Predictor stagePredictor(int i) const;
  double errorNorm(double h);
  void advanceWork(double h);

  ButcherTableau tab_;
  std::vector<State> stage_;        // stage points, stage_[0] = the step start
  std::vector<VectorXd> g_, gdot_;  // increments relative to the step start, and their rates
  VectorXd errorQ_;
  bool rejectedLast_ = false;
};

}  // namespace mbw
