#include "integrators/cvode_integrator.h"

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>
#include <sunnonlinsol/sunnonlinsol_newton.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "integrators/cpu_time.h"
#include "integrators/step_control.h"

namespace mbw {

// --- the SUNDIALS objects and the callbacks ------------------------------------------------------

// the SUNDIALS objects of one run: the solver freed before what it uses, the context last
struct CvodeIntegrator::Solver {
  SUNContext context = nullptr;
  void* cvode = nullptr;
  N_Vector y = nullptr, work = nullptr;                     // work: interpolation
  N_Vector quadrature = nullptr, quadratureWork = nullptr;  // (W, D) and their interpolation
  SUNMatrix matrix = nullptr;
  SUNLinearSolver linear = nullptr;
  SUNNonlinearSolver nonlinear = nullptr;
  std::string lastError;  // CVODE's message for the last failure
  long nonlinearIterations = 0;

  ~Solver() {
    if (cvode) CVodeFree(&cvode);
    if (nonlinear) SUNNonlinSolFree(nonlinear);
    if (linear) SUNLinSolFree(linear);
    if (matrix) SUNMatDestroy(matrix);
    for (N_Vector v : {y, work, quadrature, quadratureWork})
      if (v) N_VDestroy(v);
    if (context) SUNContext_Free(&context);
  }
};

// C callbacks into the integrator
struct CvodeCallbacks {
  static int rhs(realtype t, N_Vector y, N_Vector ydot, void* self) {
    return static_cast<CvodeIntegrator*>(self)->rhs(t, N_VGetArrayPointer(y),
                                                    N_VGetArrayPointer(ydot));
  }
  static int weights(N_Vector y, N_Vector ewt, void* self) {
    static_cast<CvodeIntegrator*>(self)->errorWeights(N_VGetArrayPointer(y),
                                                      N_VGetArrayPointer(ewt));
    return 0;
  }
  static int power(realtype t, N_Vector y, N_Vector rate, void* self) {
    return static_cast<CvodeIntegrator*>(self)->power(t, N_VGetArrayPointer(y),
                                                      N_VGetArrayPointer(rate));
  }
  static int jacobian(realtype t, N_Vector y, N_Vector, SUNMatrix J, void* self, N_Vector, N_Vector,
                      N_Vector) {
    return static_cast<CvodeIntegrator*>(self)->jacobian(t, N_VGetArrayPointer(y),
                                                         SUNDenseMatrix_Data(J));
  }
  // CVODE's messages go into the failure reason, never to the terminal
  static void error(int, const char*, const char* function, char* message, void* solver) {
    static_cast<CvodeIntegrator::Solver*>(solver)->lastError =
        std::string(function) + ": " + message;
  }
};

CvodeIntegrator::CvodeIntegrator(Formulation& formulation, IntegratorSettings settings,
                                 Method method)
    : StateSpaceIntegrator(formulation, settings, true, method == Method::Bdf), method_(method) {}

CvodeIntegrator::~CvodeIntegrator() = default;

// --- the ODE, its tolerances, its integrals and its Jacobian, as CVODE asks for them -------------

// the state-space ODE's right-hand side: y = (v, vdot), ydot = (vdot, vddot)
int CvodeIntegrator::rhs(double t, const double* y, double* ydot) {
  PhaseTimer timer(*evaluationSeconds_);
  const int d = ode_->size();
  // y = (v, vdot) unpacked, the ODE evaluated there
  v_ = Eigen::Map<const VectorXd>(y, d);
  vd_ = Eigen::Map<const VectorXd>(y + d, d);
  if (!ode_->evaluate(t, v_, vd_, vdd_)) {
    rhsFailure_ = ode_->failure();
    return 1;  // recoverable: CVODE retries with a smaller step
  }
  // a failed evaluation is left to CVODE's step control; otherwise the new rates go back
  Eigen::Map<VectorXd>(ydot, d) = vd_;
  Eigen::Map<VectorXd>(ydot + d, d) = vdd_;
  return 0;
}

void CvodeIntegrator::errorWeights(const double* y, double* ewt) const {
  // per unit step: CVODE's weights 1 / (rtol |y_i| + atol) over the share of the tolerance of the
  // step it is about to take (step_control.h; the first, before CVODE has chosen it, the smallest)
  double h = 0.0;
  CVodeGetCurrentStep(solver_->cvode, &h);
  const double share = std::max(
      kMinimumShare, h > 0.0 ? toleranceShare(h, settings_) : kLocalErrorFloor / settings_.atol);
  for (int i = 0; i < 2 * ode_->size(); ++i)
    ewt[i] = 1.0 / ((settings_.rtol * std::abs(y[i]) + settings_.atol) * share);
}

int CvodeIntegrator::power(double t, const double* y, double* rate) {
  // the full state at the accepted point (CVODES corrects its quadratures there, once per step,
  // after the error test): the step's own evaluation of it, which doStep then takes
  // y = (v, vdot) at the accepted point
  PhaseTimer timer(*evaluationSeconds_);
  const int d = ode_->size();
  v_ = Eigen::Map<const VectorXd>(y, d);
  vd_ = Eigen::Map<const VectorXd>(y + d, d);
  // at the start and after a restart CVODES asks for the rates at its initial point, which the run
  // has already: an output evaluation, not one of the integration's
  if (!quadratureStarted_) {
    ++outputEvaluations_;
    quadratureStarted_ = true;
  }
  if (!ode_->evaluate(t, v_, vd_, vdd_)) {
    rhsFailure_ = ode_->failure();
    return 1;
  }
  // the point remembered, so that odeStep reuses this evaluation as the step's own
  powerPoint_.t = t;
  powerPoint_.v = v_;
  powerPoint_.vdot = vd_;
  // the rates of the work put in and dissipated, CVODES's quadrature integrands
  const Power p = powerAt(ode_->fullState());
  rate[0] = p.in;
  rate[1] = p.dissipated;
  return 0;
}

// the Jacobian of the first-order ODE y' = (vdot, vddot), from the exact J1 and J2 (Sandu et al.
// 2001 eq 26)
int CvodeIntegrator::jacobian(double t, const double* y, double* J) {
  PhaseTimer timer(*jacobianSeconds_);
  const int d = ode_->size();
  v_ = Eigen::Map<const VectorXd>(y, d);
  vd_ = Eigen::Map<const VectorXd>(y + d, d);
  // the ODE at the point CVODE asks about (its reason kept for the failure message), then its
  // exact J1 and J2
  if (!ode_->evaluate(t, v_, vd_, vdd_)) {
    rhsFailure_ = ode_->failure();
    return 1;
  }
  ode_->jacobians(J1_, J2_, ft_);
  ++stats_.jacobianEvaluations;
  // [[0, I], [J1, J2]], column-major
  Eigen::Map<MatrixXd> A(J, 2 * d, 2 * d);
  A.setZero();
  A.topRightCorner(d, d).setIdentity();
  A.bottomLeftCorner(d, d) = J1_;
  A.bottomRightCorner(d, d) = J2_;
  return 0;
}

// --- set-up, restarts and counters ---------------------------------------------------------------

void CvodeIntegrator::doInitialize() {
  // the partition and the ODE's initial state, from the base
  StateSpaceIntegrator::doInitialize();
  if (!initFailure_.empty()) return;
  // counters and the driven work rule start afresh
  errorTestFailures_ = convergenceFailures_ = 0;
  drivenWork_.reset();
  // no power evaluation remembered yet
  powerPoint_.t = -INFINITY;
  const int d = ode_->size();
  workByQuadrature_ = d == 0;  // no ODE: the interpolatory rule over the driven steps
  // a fully driven mechanism has no ODE to give CVODE (which cannot take empty vectors)
  if (d == 0) return;
  // CVODE on y = (v, vdot), Adams or BDF as the method asks, its messages caught
  solver_ = std::make_unique<Solver>();
  Solver& s = *solver_;
  SUNContext_Create(nullptr, &s.context);
  // y and CVODE's interpolation work vector, 2 d entries each
  s.y = N_VNew_Serial(2 * d, s.context);
  s.work = N_VNew_Serial(2 * d, s.context);
  s.cvode = CVodeCreate(method_ == Method::Adams ? CV_ADAMS : CV_BDF, s.context);
  CVodeSetErrHandlerFn(s.cvode, &CvodeCallbacks::error, &s);
  // the initial y = (v, vdot)
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y), d) = y_;
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y) + d, d) = yd_;
  CVodeInit(s.cvode, &CvodeCallbacks::rhs, state_.t, s.y);
  CVodeSetUserData(s.cvode, this);
  // the work integrals as CVODES quadratures: integrated by the same formula, out of the error test
  s.quadrature = N_VNew_Serial(2, s.context);
  s.quadratureWork = N_VNew_Serial(2, s.context);
  N_VConst(0.0, s.quadrature);
  CVodeQuadInit(s.cvode, &CvodeCallbacks::power, s.quadrature);
  quadratureStarted_ = false;
  // the tolerances: per unit step through the weights callback, else CVODE's scalar ones
  if (perUnitStep_)
    CVodeWFtolerances(s.cvode, &CvodeCallbacks::weights);
  else
    CVodeSStolerances(s.cvode, settings_.rtol, settings_.atol);
  // the step bounds of the settings
  if (settings_.maxStep > 0.0) CVodeSetMaxStep(s.cvode, settings_.maxStep);
  CVodeSetMinStep(s.cvode, settings_.minStep);
  // Adams: functional iteration (fixed point); BDF: Newton with a dense linear solver and the exact
  // Jacobian
  if (method_ == Method::Adams) {
    s.nonlinear = SUNNonlinSol_FixedPoint(s.y, 0, s.context);
    CVodeSetNonlinearSolver(s.cvode, s.nonlinear);
  } else {
    s.nonlinear = SUNNonlinSol_Newton(s.y, s.context);
    CVodeSetNonlinearSolver(s.cvode, s.nonlinear);
    // BDF: the dense 2 d x 2 d matrix, its solver and the Jacobian callback
    s.matrix = SUNDenseMatrix(2 * d, 2 * d, s.context);
    s.linear = SUNLinSol_Dense(s.y, s.matrix, s.context);
    CVodeSetLinearSolver(s.cvode, s.linear, s.matrix);
    CVodeSetJacFn(s.cvode, &CvodeCallbacks::jacobian);
  }
}

void CvodeIntegrator::restart() {
  const int d = ode_->size();
  Solver& s = *solver_;
  // CVODE from the current state y_, yd_ at the current time
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y), d) = y_;
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y) + d, d) = yd_;
  CVodeReInit(s.cvode, state_.t, s.y);
  // the integrals go on from their values here
  N_VGetArrayPointer(s.quadrature)[0] = work_.work;
  N_VGetArrayPointer(s.quadrature)[1] = work_.dissipated;
  CVodeQuadReInit(s.cvode, s.quadrature);
  quadratureStarted_ = false;
}

void CvodeIntegrator::restartOde() {
  if (!solver_) return;
  // the counters CVodeReInit clears, kept; then CVODE from state_
  long e = 0, c = 0;
  CVodeGetNumErrTestFails(solver_->cvode, &e);
  CVodeGetNumNonlinSolvConvFails(solver_->cvode, &c);
  errorTestFailures_ += e;
  convergenceFailures_ += c;
  restart();
  // the iteration count restarts with CVODE's
  solver_->nonlinearIterations = 0;
}

void CvodeIntegrator::collectCvodeStats() {
  // counters since the last (re)initialization, accumulated across restarts
  long errorFails = 0, convFails = 0;
  CVodeGetNumErrTestFails(solver_->cvode, &errorFails);
  CVodeGetNumNonlinSolvConvFails(solver_->cvode, &convFails);
  // each kind of rejection named only when it occurred
  if (errorTestFailures_ + errorFails > 0)
    stats_.rejections["error test failed (CVODE)"] = errorTestFailures_ + errorFails;
  if (convergenceFailures_ + convFails > 0)
    stats_.rejections["corrector did not converge (CVODE)"] = convergenceFailures_ + convFails;
  stats_.rejectedSteps = errorTestFailures_ + errorFails + convergenceFailures_ + convFails;
  // the ODE's own counters, then BDF's factorizations (its linear solver set-ups)
  collectStats();
  long lsetups = 0;
  if (method_ == Method::Bdf && CVodeGetNumLinSolvSetups(solver_->cvode, &lsetups) == CV_SUCCESS)
    stats_.factorizations += lsetups;
}

// --- the step ------------------------------------------------------------------------------------

StepResult CvodeIntegrator::odeStep(double h) {
  // a failed initialization or a fully driven mechanism never reaches CVODE
  StepResult r;
  if (initializationFailed(r)) return r;
  if (!solver_) return drivenStep(h);
  Solver& s = *solver_;
  // one internal step of CVODE, stopped at the run's next time at the latest
  const double tStop = state_.t + h;
  CVodeSetStopTime(s.cvode, tStop);
  realtype tReached = state_.t;
  // the messages of an earlier failure cleared
  rhsFailure_.clear();
  s.lastError.clear();
  const int flag = CVode(s.cvode, tStop, s.y, &tReached, CV_ONE_STEP);
  // the Newton (or functional) iterations this step took
  long iterations = 0;
  CVodeGetNumNonlinSolvIters(s.cvode, &iterations);
  r.newtonIterations = static_cast<int>(iterations - s.nonlinearIterations);
  s.nonlinearIterations = iterations;
  collectCvodeStats();
  if (flag < 0) {
    // the step CVODE failed at, not the interval it was asked to cover
    CVodeGetCurrentStep(s.cvode, &r.h);
    r.kind = StepResult::Kind::Failed;
    std::ostringstream os;
    // the flag's name, in memory SUNDIALS allocates for the caller to free
    char* flagName = CVodeGetReturnFlagName(flag);
    os << "CVODE: " << flagName;
    std::free(flagName);
    if (!s.lastError.empty()) os << " (" << s.lastError << ")";
    if (!rhsFailure_.empty()) os << "; last failed evaluation: " << rhsFailure_;
    // a failure where Phi_q nearly loses rank says so, with what may help
    if (const std::string where = singularPosition(); !where.empty())
      os << "; at a singular position: " << where
         << "; what may help: a smaller step or tolerance (--max-step, --rtol, --atol), or an "
            "index-3 integrator "
            "(hht, lms2, bathe: they pass singular positions)";
    r.reason = os.str();
    return r;
  }
  // Algorithm 2 steps 6-7: dependent coordinates at the new point (evaluated by the quadrature's
  // power unless CVODE returned another point, interpolated at the stop time), then the partition
  // check
  const int d = ode_->size();
  // the new point y = (v, vdot)
  v_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(s.y), d);
  vd_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(s.y) + d, d);
  // unless the quadrature's evaluation was at this very point
  if (!(powerPoint_.t == tReached && powerPoint_.v == v_ && powerPoint_.vdot == vd_)) {
    ++outputEvaluations_;  // the quadrature's evaluation was not the step's
    PhaseTimer timer(*evaluationSeconds_);
    if (!ode_->evaluate(tReached, v_, vd_, vdd_)) {
      r.kind = StepResult::Kind::Failed;
      r.reason = "after the CVODE step: " + ode_->failure();
      return r;
    }
  }
  // the step's local error estimate in tolerances (plain weights)
  CVodeGetEstLocalErrors(s.cvode, s.work);
  stats_.localErrorSum +=
      toleranceNorm(N_VGetArrayPointer(s.work), N_VGetArrayPointer(s.y), 2 * d, settings_);
  // the integrals at the point CVODE returned
  realtype tQuadrature = tReached;
  CVodeGetQuad(s.cvode, &tQuadrature, s.quadratureWork);
  const double* wq = N_VGetArrayPointer(s.quadratureWork);
  // the full state, the partition check, then the work integrals over the step
  restarted_ = finishStep(r);
  acceptWork({wq[0], wq[1]}, powerAt(state_));
  // new coordinates: CVODE restarts from this state
  if (restarted_) restartOde();
  // CVODE chooses its own steps; the run bounds them by its end time
  r.nextStep = std::numeric_limits<double>::infinity();
  return r;
}

StepResult CvodeIntegrator::drivenStep(double h) {
  // no degrees of freedom: the driven positions at the step's end; with no error to control, the
  // step stays the first one
  StepResult r;
  const double t = state_.t + h;
  {
    PhaseTimer timer(*evaluationSeconds_);
    if (!ode_->evaluate(t, v_, vd_, vdd_)) {
      r.kind = StepResult::Kind::Failed;
      r.reason = "driven positions: " + ode_->failure();
      return r;
    }
  }
  // the full state at the step's end, then the work by the interpolatory rule from the powers
  // at its ends
  finishStep(r);
  const Power end = powerAt(state_);
  acceptWork(drivenWork_.advance(previous_.t, work_, power_, state_.t, end), end);
  r.nextStep = h;
  return r;
}

// --- output between the accepted points ----------------------------------------------------------

WorkIntegrals CvodeIntegrator::doWorkAt(double t) {
  // CVODES's interpolant of the quadratures, within the last step (before a restart)
  if (solver_ && !restarted_ && !crossedLastStep() &&
      CVodeGetQuadDky(solver_->cvode, t, 0, solver_->quadratureWork) == CV_SUCCESS) {
    const double* w = N_VGetArrayPointer(solver_->quadratureWork);
    return {w[0], w[1]};
  }
  return Integrator::doWorkAt(t);
}

bool CvodeIntegrator::doInterpolate(double t, State& out) {
  // CVODE's interpolant of (v, vdot); the ODE solves for the dependent coordinates there
  const int d = ode_->size();
  if (solver_ && !restarted_ && !crossedLastStep() &&
      CVodeGetDky(solver_->cvode, t, 0, solver_->work) == CV_SUCCESS) {
    v_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(solver_->work), d);
    vd_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(solver_->work) + d, d);
    // the full state where the ODE solves at t, else the base's interpolant
    if (evaluateForOutput(t, v_, vd_, vdd_)) {
      out = ode_->fullState();
      return true;
    }
  }
  return StateSpaceIntegrator::doInterpolate(t, out);
}

// --- capabilities --------------------------------------------------------------------------------

Capabilities AdamsIntegrator::capabilities() {
  Capabilities c;
  c.family = "state-space ODE, multistep (SUNDIALS CVODE)";
  c.description =
      "variable-order Adams (1-12) with functional iteration: the explicit reference of Sandu et "
      "al. 2001";
  c.iterationCount = "functional iterations (CVODE)";
  c.errorControls = {"auto", "per-unit-step", "per-step"};
  c.order = 12;
  c.workRule =
      "CVODES quadratures: Adams on the powers at the accepted points (fully driven: the "
      "fourth-order interpolatory rule)";
  c.errorEstimate = true;
  c.variableStep = true;
  c.fixedStep = false;
  c.formulations = {"rp", "joint"};
  c.refusals = stateSpaceRefusals();
  return c;
}

Capabilities BdfIntegrator::capabilities() {
  Capabilities c;
  c.family = "state-space ODE, multistep (SUNDIALS CVODE)";
  c.description = "variable-order BDF (1-5) with Newton and the exact Jacobian";
  c.iterationCount = "Newton iterations (CVODE)";
  c.errorControls = {"auto", "per-unit-step", "per-step"};
  c.order = 5;
  c.workRule =
      "CVODES quadratures: BDF on the powers at the accepted points (fully driven: the "
      "fourth-order interpolatory rule)";
  c.errorEstimate = true;
  c.variableStep = true;
  c.fixedStep = false;
  c.formulations = {"rp", "joint"};
  c.refusals = stateSpaceRefusals();
  return c;
}

}  // namespace mbw
