#pragma once
// The reference integrators of the state-space ODE through SUNDIALS CVODE (CVODES, 6.4), on the
// first-order form y = (v, vdot), y' = (vdot, f(t, v, vdot)) of the same StateSpaceOde as the
// Rosenbrock methods:
//   adams  variable-order (1-12) Adams-Moulton with functional (fixed-point) iteration: the
//          explicit-type code the paper compares against (DEABM in Sandu et al. 2001 section 5.2,
//          Algorithm 2)
//   bdf    variable-order (1-5) BDF with Newton iterations and a dense linear solver fed the exact
//          Jacobian [[0, I], [J1, J2]]
// Tolerances: CVODE's weighted RMS norm with weights 1/(rtol |y_i| + atol), the analogue of
// eqs (13)-(14), divided by the share of the tolerance of the step about to be taken when
// controlled per unit step (the default, step_control.h; CVodeWFtolerances), so that the local
// errors of a run sum to about the tolerance; per step (errorControl "per-step": the paper's Tables
// 1-4) the global error was 200-4500 times the tolerance on the pendulums at 1e-8. Each step() is
// one internal CVODE step (CV_ONE_STEP) that stops at t + h; CVODE rejects and retries internally
// (counted in the statistics by cause). When the partition changes, the integration restarts
// (CVodeReInit) in the new coordinates. The continuous extension is CVODE's interpolant of the
// independent coordinates (CVodeGetDky) with the dependent ones recovered by the ODE, so that it
// lies on the constraints. A fully driven mechanism (no independent coordinates) has no ODE: each
// step then solves the driven positions at its end; with no error to control, every step is the
// first one (--step), so that the recorded motion and the work of the drivers have the resolution
// the user asked for. Work integrals of the energy balance (work_integrals.h): CVODES quadratures,
// integrated by the same Adams or BDF formula from the powers at the accepted points (once per
// step, out of the error test, so that the steps are those of the motion alone), with CVODES's
// interpolant inside a step; a fully driven run integrates them by the fourth-order interpolatory
// rule.

#include <memory>

#include "integrators/state_space_integrator.h"

namespace mbw {

class CvodeIntegrator : public StateSpaceIntegrator {
 public:
  enum class Method { Adams, Bdf };
  CvodeIntegrator(Formulation& formulation, IntegratorSettings settings, Method method);
  ~CvodeIntegrator() override;

 private:
  struct Solver;  // the SUNDIALS objects
  friend struct CvodeCallbacks;

  void doInitialize() override;
  StepResult odeStep(double h) override;
  void restartOde() override;
  StepResult drivenStep(double h);
  bool doInterpolate(double t, State& out) override;
  WorkIntegrals doWorkAt(double t) override;
  void restart();
  void collectCvodeStats();
  int rhs(double t, const double* y, double* ydot);
  int power(double t, const double* y, double* rate);
  void errorWeights(const double* y, double* ewt) const;
  int jacobian(double t, const double* y, double* J);

  Method method_;
  std::unique_ptr<Solver> solver_;
  VectorXd v_, vd_, vdd_;  // callback workspace
  MatrixXd J1_, J2_;
  VectorXd ft_;
  std::string rhsFailure_;
  bool restarted_ = false;  // the last step ended in new coordinates: CVODE's history is gone
  bool quadratureStarted_ = false;  // CVODES has asked for the powers at its (re)starting point
  struct {
    double t = 0.0;
    VectorXd v, vdot;
  } powerPoint_;                  // where the quadrature's power evaluated the ODE last
  InterpolatoryWork drivenWork_;  // the work of a fully driven run (no ODE for CVODE)
  long errorTestFailures_ = 0, convergenceFailures_ = 0;
};

class AdamsIntegrator final : public CvodeIntegrator {
 public:
  AdamsIntegrator(Formulation& formulation, IntegratorSettings settings)
      : CvodeIntegrator(formulation, settings, Method::Adams) {}
  static Capabilities capabilities();
};

class BdfIntegrator final : public CvodeIntegrator {
 public:
  BdfIntegrator(Formulation& formulation, IntegratorSettings settings)
      : CvodeIntegrator(formulation, settings, Method::Bdf) {}
  static Capabilities capabilities();
};

}  // namespace mbw
