#pragma once
// SUNDIALS IDA (IDAS 5.4, of SUNDIALS 6.4): variable-order (1-5), variable-step BDF in
// fixed-leading-coefficient form with Newton iterations, on the stabilized index-2 (GGL) form of
// the engine's equations of motion (ida_dae.h). In the formulation's coordinates (ggl_system.h)
// the Newton matrix dF/dy + cj dF/dy' is the exact one, assembled by the formulation into
// SUNDIALS' compressed-column matrix and factorized by its KLU linear solver, which orders the
// pattern once and refactors with the same pivot order afterwards. In joint coordinates
// (IntegratorSettings::jointCoordinates; joint_ggl_system.h: the tree's coordinates and its loop
// joints' equations) the matrix is dense, partly by differences, factorized by Eigen's LU
// (dense_lu_solver.h); the run's states are rp's there, as in the state-space integrators' joint
// runs. When an accepted point finds spherical or free joints' Bryant angles due to be re-based
// (joint/kinematic_tree.h eq 4), the event says so at that point and the next step re-bases them
// and restarts IDA there (IDAReInit, IDAQuadReInit from the integrals so far; order 1 again), so
// that each step's interpolant is in the coordinates the step was taken in.
//
// Error control: IDA's weighted RMS norm with weights 1 / (rtol |y_i| + atol) over the positions
// and velocities, divided by the share of the tolerance of the step about to be taken when
// controlled per unit step (the default, step_control.h; IDAWFtolerances): the local errors of a
// run then sum to about the tolerance, where holding each step's to it left the crank angle of
// Andrews' squeezer 1.8e-6 rad off at rtol 1e-9 (3 200 steps' errors added up; 4.9e-10 per unit
// step). A step is never asked to commit less than kLocalErrorFloor. The multipliers lambda and mu
// are index-2 variables: they are left out of the error test (IDASetId, IDASetSuppressAlg), as
// IDA's guide advises for higher-index variables, and out of the Newton convergence test too (their
// weights vanish), because the Newton matrix of an index-2 system has a condition number of order
// h^-2 and the rounding of the multipliers' corrections does not fall below the tolerance at small
// steps (IDA then cut the step to 1e-12 at t = 0 on the double pendulum with rtol 1e-8). The
// positions and velocities, which the multipliers drive, carry the convergence test. The initial
// values are the engine's consistent initial state (projection onto both constraint levels,
// accelerations and multipliers from the equations of motion, mu = 0), so no IDACalcIC. Each step()
// is one internal IDA step (IDA_ONE_STEP) that stops at t + h; IDA rejects and retries internally
// (counted by cause: error test, corrector convergence). IDA's own interpolant (IDAGetDky) is the
// continuous extension. The work integrals of the energy balance are IDAS quadratures
// (IDAQuadInit): differential variables integrated by the same BDF formula, in the error test with
// the same tolerances, from the powers at each step's positions and velocities with the multipliers
// of the acceleration-level equations there (solvers/augmented_system.h): IDA's own multipliers
// carry the error of the BDF derivative v', of order tol / h, which left a fully driven four-link's
// balance at 5e-5 of its work at rtol 1e-8 (with the consistent ones: 3e-10).

#include <memory>
#include <string>

#include "integrators/ida_dae.h"
#include "integrators/integrator.h"

namespace mbw {

class IdaIntegrator final : public Integrator {
 public:
  // the smallest local error a step is asked to commit (m, or m/s for velocities): the rounding of
  // the positions and velocities of the index-2 Newton iteration (step_control.h's floor for the
  // index-3 schemes is 1e-14; asked for it, IDA's corrector failed repeatedly on Andrews' squeezer
  // at rtol 1e-6 and 1e-9 once a short step made the next one's share tiny)
  static constexpr double kLocalErrorFloor = 1e-12;
  // With settings.jointCoordinates the formulation is rp (the states' coordinates) and the DAE the
  // joint coordinates' (throws JointTreeError for a model it cannot hold, naming the joint).
  IdaIntegrator(Formulation& formulation, IntegratorSettings settings);
  ~IdaIntegrator() override;
  static Capabilities capabilities();

 private:
  struct Solver;  // the SUNDIALS objects
  friend struct IdaCallbacks;

  void doInitialize() override;
  StepResult doStep(double h) override;
  bool doInterpolate(double t, State& out) override;
  WorkIntegrals doWorkAt(double t) override;
  int power(double t, const double* y, const double* yp, double* rate);
  void collectStats();
  // IDA started again from state_'s time and the solver's y, y' after the DAE's coordinates changed
  void restart();
  int residual(double t, const double* y, const double* yp, double* F);
  int jacobian(double t, double cj, const double* y, const double* yp, void* J);
  // the linear solver of the DAE's Newton matrix: KLU on a sparse one, else dense
  void attachLinearSolver();
  int errorWeights(const double* y, double* ewt) const;
  // the share of the tolerance of the step IDA is about to take (1 when controlled per step)
  double currentShare() const;
  // for a failure message: where Phi_q at the failed step is near a rank drop (or approaching
  // one), with what may help; empty at a regular position
  std::string singularPositionNote() const;

  const bool perUnitStep_;       // variable steps controlled per unit step (step_control.h)
  std::unique_ptr<IdaDae> dae_;  // the GGL form in the formulation's or the joint coordinates
  std::unique_ptr<Solver> solver_;
  std::string evaluationFailure_;  // why the last residual or Jacobian could not be evaluated
  double* residualSeconds_ = nullptr;
  double* jacobianSeconds_ = nullptr;
  long nonlinearIterations_ = 0;
  // IDA's counters: rejections by cause, residual evaluations, factorizations
  struct Counts {
    long errorFails = 0, convFails = 0, residuals = 0, setups = 0;
    Counts& operator+=(const Counts& o) {
      errorFails += o.errorFails;
      convFails += o.convFails;
      residuals += o.residuals;
      setups += o.setups;
      return *this;
    }
  };
  // IDA's counters since its (re)initialization
  Counts idaCounts() const;
  Counts earlier_;              // IDA's counters before its last restart, which IDAReInit clears
  bool rebasePending_ = false;  // the last step found the DAE's coordinates due to be re-based
  State powerState_;            // workspace of power()
};

}  // namespace mbw
