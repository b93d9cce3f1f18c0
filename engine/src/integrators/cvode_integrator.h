#pragma once
// The reference integrators of the state-space ODE through SUNDIALS CVODE (6.4), on the
// first-order form y = (v, vdot), y' = (vdot, f(t, v, vdot)) of the same StateSpaceOde as the
// Rosenbrock methods:
//   adams  variable-order (1-12) Adams-Moulton with functional (fixed-point) iteration: the
//          explicit-type code the seed compares against (DEABM in seed 000 section 5.2,
//          Algorithm 2)
//   bdf    variable-order (1-5) BDF with Newton iterations and a dense linear solver fed the exact
//          Jacobian [[0, I], [J1, J2]]
// Tolerances: CVODE's weighted RMS norm with weights 1/(rtol |y_i| + atol), the analogue of
// eqs (13)-(14). Each step() is one internal CVODE step (CV_ONE_STEP) that stops at t + h;
// CVODE rejects and retries internally (counted in the statistics by cause). When the partition
// changes, the integration restarts (CVodeReInit) in the new coordinates. The continuous extension
// is CVODE's interpolant of the independent coordinates (CVodeGetDky) with the dependent ones
// recovered by the ODE, so that it lies on the constraints.
// A fully driven mechanism (no independent coordinates) has no ODE: each step then solves the
// driven positions at its end; with no error to control, every step is the first one (--step),
// so that the recorded motion and the work of the drivers have the resolution the user asked for.

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
  StepResult doStep(double h) override;
  StepResult drivenStep(double h);
  bool doInterpolate(double t, State& out) override;
  void restart();
  void collectCvodeStats();
  int rhs(double t, const double* y, double* ydot);
  int jacobian(double t, const double* y, double* J);

  Method method_;
  std::unique_ptr<Solver> solver_;
  VectorXd v_, vd_, vdd_;  // callback workspace
  MatrixXd J1_, J2_;
  VectorXd ft_;
  std::string rhsFailure_;
  bool restarted_ = false;  // the last step ended in new coordinates: CVODE's history is gone
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
