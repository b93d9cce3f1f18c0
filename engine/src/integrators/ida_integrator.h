#pragma once
// SUNDIALS IDA (6.4): variable-order (1-5), variable-step BDF in fixed-leading-coefficient form
// with Newton iterations, on the stabilized index-2 (GGL) form of the engine's equations of
// motion (ggl_system.h). The Newton matrix dF/dy + cj dF/dy' is the exact one, assembled by the
// formulation into SUNDIALS' compressed-column matrix and factorized by its KLU linear solver,
// which orders the pattern once and refactors with the same pivot order afterwards.
//
// Error control: IDA's weighted RMS norm with weights 1/(rtol |y_i| + atol) over the positions and
// velocities. The multipliers lambda and mu are index-2 variables: they are left out of the error
// test (IDASetId, IDASetSuppressAlg), as IDA's guide advises for higher-index variables, and out of
// the Newton convergence test too (their weights vanish: absolute tolerance 1e300), because the
// Newton matrix of an index-2 system has a condition number of order h^-2 and the rounding of the
// multipliers' corrections does not fall below the tolerance at small steps (IDA then cut the step
// to 1e-12 at t = 0 on the double pendulum with rtol 1e-8). The positions and velocities, which the
// multipliers drive, carry the convergence test. The
// initial values are the engine's consistent initial state (projection onto both constraint
// levels, accelerations and multipliers from the equations of motion, mu = 0), so no IDACalcIC.
// Each step() is one internal IDA step (IDA_ONE_STEP) that stops at t + h; IDA rejects and retries
// internally (counted by cause: error test, corrector convergence). IDA's own interpolant
// (IDAGetDky) is the continuous extension.

#include <memory>
#include <string>

#include "integrators/ggl_system.h"
#include "integrators/integrator.h"

namespace mbw {

class IdaIntegrator final : public Integrator {
 public:
  IdaIntegrator(Formulation& formulation, IntegratorSettings settings);
  ~IdaIntegrator() override;
  static Capabilities capabilities();

 private:
  struct Solver;  // the SUNDIALS objects
  friend struct IdaCallbacks;

  void doInitialize() override;
  StepResult doStep(double h) override;
  bool doInterpolate(double t, State& out) override;
  void collectStats();
  int residual(double t, const double* y, const double* yp, double* F);
  int jacobian(double t, double cj, const double* y, const double* yp, void* J);

  GglSystem system_;
  std::unique_ptr<Solver> solver_;
  std::string evaluationFailure_;  // why the last residual or Jacobian could not be evaluated
  double* residualSeconds_ = nullptr;
  double* jacobianSeconds_ = nullptr;
  long nonlinearIterations_ = 0;
};

}  // namespace mbw
