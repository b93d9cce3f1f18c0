#include "integrators/cvode_integrator.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>
#include <sunnonlinsol/sunnonlinsol_newton.h>

#include <limits>
#include <sstream>

#include "integrators/cpu_time.h"

namespace mbw {

struct CvodeIntegrator::Solver {
  SUNContext context = nullptr;
  void* cvode = nullptr;
  N_Vector y = nullptr, work = nullptr;  // work: interpolation
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
    if (y) N_VDestroy(y);
    if (work) N_VDestroy(work);
    if (context) SUNContext_Free(&context);
  }
};

// C callbacks into the integrator
struct CvodeCallbacks {
  static int rhs(realtype t, N_Vector y, N_Vector ydot, void* self) {
    return static_cast<CvodeIntegrator*>(self)->rhs(t, N_VGetArrayPointer(y),
                                                    N_VGetArrayPointer(ydot));
  }
  static int jacobian(realtype t, N_Vector y, N_Vector, SUNMatrix J, void* self, N_Vector,
                      N_Vector, N_Vector) {
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
    : StateSpaceIntegrator(formulation, settings), method_(method) {}

CvodeIntegrator::~CvodeIntegrator() = default;

int CvodeIntegrator::rhs(double t, const double* y, double* ydot) {
  PhaseTimer timer(*evaluationSeconds_);
  const int d = ode_.size();
  v_ = Eigen::Map<const VectorXd>(y, d);
  vd_ = Eigen::Map<const VectorXd>(y + d, d);
  if (!ode_.evaluate(t, v_, vd_, vdd_)) {
    rhsFailure_ = ode_.failure();
    return 1;  // recoverable: CVODE retries with a smaller step
  }
  Eigen::Map<VectorXd>(ydot, d) = vd_;
  Eigen::Map<VectorXd>(ydot + d, d) = vdd_;
  return 0;
}

int CvodeIntegrator::jacobian(double t, const double* y, double* J) {
  PhaseTimer timer(*jacobianSeconds_);
  const int d = ode_.size();
  v_ = Eigen::Map<const VectorXd>(y, d);
  vd_ = Eigen::Map<const VectorXd>(y + d, d);
  if (!ode_.evaluate(t, v_, vd_, vdd_)) return 1;
  ode_.jacobians(J1_, J2_, ft_);
  ++stats_.jacobianEvaluations;
  // [[0, I], [J1, J2]], column-major
  Eigen::Map<MatrixXd> A(J, 2 * d, 2 * d);
  A.setZero();
  A.topRightCorner(d, d).setIdentity();
  A.bottomLeftCorner(d, d) = J1_;
  A.bottomRightCorner(d, d) = J2_;
  return 0;
}

void CvodeIntegrator::doInitialize() {
  StateSpaceIntegrator::doInitialize();
  if (!initFailure_.empty()) return;
  errorTestFailures_ = convergenceFailures_ = 0;
  const int d = ode_.size();
  // a fully driven mechanism has no ODE to give CVODE (which cannot take empty vectors)
  if (d == 0) return;
  solver_ = std::make_unique<Solver>();
  Solver& s = *solver_;
  SUNContext_Create(nullptr, &s.context);
  s.y = N_VNew_Serial(2 * d, s.context);
  s.work = N_VNew_Serial(2 * d, s.context);
  s.cvode = CVodeCreate(method_ == Method::Adams ? CV_ADAMS : CV_BDF, s.context);
  CVodeSetErrHandlerFn(s.cvode, &CvodeCallbacks::error, &s);
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y), d) = y_;
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y) + d, d) = yd_;
  CVodeInit(s.cvode, &CvodeCallbacks::rhs, state_.t, s.y);
  CVodeSetUserData(s.cvode, this);
  CVodeSStolerances(s.cvode, settings_.rtol, settings_.atol);
  if (settings_.maxStep > 0.0) CVodeSetMaxStep(s.cvode, settings_.maxStep);
  CVodeSetMinStep(s.cvode, settings_.minStep);
  if (method_ == Method::Adams) {
    s.nonlinear = SUNNonlinSol_FixedPoint(s.y, 0, s.context);
    CVodeSetNonlinearSolver(s.cvode, s.nonlinear);
  } else {
    s.nonlinear = SUNNonlinSol_Newton(s.y, s.context);
    CVodeSetNonlinearSolver(s.cvode, s.nonlinear);
    s.matrix = SUNDenseMatrix(2 * d, 2 * d, s.context);
    s.linear = SUNLinSol_Dense(s.y, s.matrix, s.context);
    CVodeSetLinearSolver(s.cvode, s.linear, s.matrix);
    CVodeSetJacFn(s.cvode, &CvodeCallbacks::jacobian);
  }
}

void CvodeIntegrator::restart() {
  const int d = ode_.size();
  Solver& s = *solver_;
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y), d) = y_;
  Eigen::Map<VectorXd>(N_VGetArrayPointer(s.y) + d, d) = yd_;
  CVodeReInit(s.cvode, state_.t, s.y);
}

void CvodeIntegrator::collectCvodeStats() {
  // counters since the last (re)initialization, accumulated across restarts
  long errorFails = 0, convFails = 0;
  CVodeGetNumErrTestFails(solver_->cvode, &errorFails);
  CVodeGetNumNonlinSolvConvFails(solver_->cvode, &convFails);
  if (errorTestFailures_ + errorFails > 0)
    stats_.rejections["error test failed (CVODE)"] = errorTestFailures_ + errorFails;
  if (convergenceFailures_ + convFails > 0)
    stats_.rejections["corrector did not converge (CVODE)"] = convergenceFailures_ + convFails;
  stats_.rejectedSteps = errorTestFailures_ + errorFails + convergenceFailures_ + convFails;
  collectStats();
  long lsetups = 0;
  if (method_ == Method::Bdf && CVodeGetNumLinSolvSetups(solver_->cvode, &lsetups) == CV_SUCCESS)
    stats_.factorizations = ode_.factorizations() + lsetups;
}

StepResult CvodeIntegrator::doStep(double h) {
  StepResult r;
  if (initializationFailed(r)) return r;
  if (!solver_) return drivenStep(h);
  Solver& s = *solver_;
  const double tStop = state_.t + h;
  CVodeSetStopTime(s.cvode, tStop);
  realtype tReached = state_.t;
  rhsFailure_.clear();
  s.lastError.clear();
  const int flag = CVode(s.cvode, tStop, s.y, &tReached, CV_ONE_STEP);
  long iterations = 0;
  CVodeGetNumNonlinSolvIters(s.cvode, &iterations);
  r.newtonIterations = static_cast<int>(iterations - s.nonlinearIterations);
  s.nonlinearIterations = iterations;
  collectCvodeStats();
  if (flag < 0) {
    r.kind = StepResult::Kind::Failed;
    std::ostringstream os;
    os << "CVODE: " << CVodeGetReturnFlagName(flag);
    if (!s.lastError.empty()) os << " (" << s.lastError << ")";
    if (!rhsFailure_.empty()) os << "; last failed evaluation: " << rhsFailure_;
    r.reason = os.str();
    return r;
  }
  // Algorithm 2 steps 6-7: dependent coordinates at the new point, then the partition check
  const int d = ode_.size();
  v_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(s.y), d);
  vd_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(s.y) + d, d);
  {
    PhaseTimer timer(*evaluationSeconds_);
    if (!ode_.evaluate(tReached, v_, vd_, vdd_)) {
      r.kind = StepResult::Kind::Failed;
      r.reason = "after the CVODE step: " + ode_.failure();
      return r;
    }
  }
  restarted_ = finishStep(r);
  if (restarted_) {
    // new coordinates: CVODE restarts from this state
    long e = 0, c = 0;
    CVodeGetNumErrTestFails(s.cvode, &e);
    CVodeGetNumNonlinSolvConvFails(s.cvode, &c);
    errorTestFailures_ += e;
    convergenceFailures_ += c;
    restart();
    s.nonlinearIterations = 0;
  }
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
    if (!ode_.evaluate(t, v_, vd_, vdd_)) {
      r.kind = StepResult::Kind::Failed;
      r.reason = "driven positions: " + ode_.failure();
      return r;
    }
  }
  finishStep(r);
  r.nextStep = h;
  return r;
}

bool CvodeIntegrator::doInterpolate(double t, State& out) {
  // CVODE's interpolant of (v, vdot); the ODE solves for the dependent coordinates there
  const int d = ode_.size();
  if (solver_ && !restarted_ && CVodeGetDky(solver_->cvode, t, 0, solver_->work) == CV_SUCCESS) {
    v_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(solver_->work), d);
    vd_ = Eigen::Map<const VectorXd>(N_VGetArrayPointer(solver_->work) + d, d);
    if (evaluateForOutput(t, v_, vd_, vdd_)) {
      out = ode_.fullState();
      return true;
    }
  }
  return StateSpaceIntegrator::doInterpolate(t, out);
}

Capabilities AdamsIntegrator::capabilities() {
  Capabilities c;
  c.family = "state-space ODE, multistep (SUNDIALS CVODE)";
  c.description =
      "variable-order Adams (1-12) with functional iteration: the explicit reference of seed 000";
  c.iterationCount = "functional iterations (CVODE)";
  c.order = 12;
  c.errorEstimate = true;
  c.variableStep = true;
  c.fixedStep = false;
  c.formulations = {"rp"};
  c.refusals = stateSpaceRefusals();
  return c;
}

Capabilities BdfIntegrator::capabilities() {
  Capabilities c;
  c.family = "state-space ODE, multistep (SUNDIALS CVODE)";
  c.description = "variable-order BDF (1-5) with Newton and the exact Jacobian";
  c.iterationCount = "Newton iterations (CVODE)";
  c.order = 5;
  c.errorEstimate = true;
  c.variableStep = true;
  c.fixedStep = false;
  c.formulations = {"rp"};
  c.refusals = stateSpaceRefusals();
  return c;
}

}  // namespace mbw
