#include "integrators/ida_integrator.h"

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <limits>
#include <sstream>

#include "integrators/cpu_time.h"

namespace mbw {

struct IdaIntegrator::Solver {
  SUNContext context = nullptr;
  void* ida = nullptr;
  N_Vector y = nullptr, yp = nullptr, id = nullptr, work = nullptr, workp = nullptr;  // work: interpolation
  SUNMatrix matrix = nullptr;
  SUNLinearSolver linear = nullptr;
  std::string lastError;  // IDA's message for the last failure

  ~Solver() {
    if (ida) IDAFree(&ida);
    if (linear) SUNLinSolFree(linear);
    if (matrix) SUNMatDestroy(matrix);
    for (N_Vector v : {y, yp, id, work, workp})
      if (v) N_VDestroy(v);
    if (context) SUNContext_Free(&context);
  }
};

// C callbacks into the integrator
struct IdaCallbacks {
  static int residual(realtype t, N_Vector y, N_Vector yp, N_Vector F, void* self) {
    return static_cast<IdaIntegrator*>(self)->residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp),
                                                       N_VGetArrayPointer(F));
  }
  static int jacobian(realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J,
                      void* self, N_Vector, N_Vector, N_Vector) {
    return static_cast<IdaIntegrator*>(self)->jacobian(t, cj, N_VGetArrayPointer(y),
                                                       N_VGetArrayPointer(yp), J);
  }
  // IDA's messages go into the failure reason, never to the terminal
  static void error(int, const char*, const char* function, char* message, void* solver) {
    static_cast<IdaIntegrator::Solver*>(solver)->lastError = std::string(function) + ": " + message;
  }
};

IdaIntegrator::IdaIntegrator(Formulation& formulation, IntegratorSettings settings)
    : Integrator(formulation, settings), system_(formulation) {}

IdaIntegrator::~IdaIntegrator() = default;

int IdaIntegrator::residual(double t, const double* y, const double* yp, double* F) {
  PhaseTimer timer(*residualSeconds_);
  evaluationFailure_ = system_.residual(t, y, yp, F);
  return evaluationFailure_.empty() ? 0 : 1;  // recoverable: IDA retries with a smaller step
}

int IdaIntegrator::jacobian(double t, double cj, const double* y, const double* yp, void* J) {
  PhaseTimer timer(*jacobianSeconds_);
  evaluationFailure_ = system_.jacobian(t, cj, y, yp);
  if (!evaluationFailure_.empty()) return 1;
  // the pattern and values into SUNDIALS' matrix (IDA zeroes it, pattern included, before the call)
  const SparseMatrixXd& A = system_.matrix();
  const auto M = static_cast<SUNMatrix>(J);
  std::copy(A.outerIndexPtr(), A.outerIndexPtr() + A.cols() + 1, SUNSparseMatrix_IndexPointers(M));
  std::copy(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros(), SUNSparseMatrix_IndexValues(M));
  std::copy(A.valuePtr(), A.valuePtr() + A.nonZeros(), SUNSparseMatrix_Data(M));
  ++stats_.jacobianEvaluations;
  return 0;
}

void IdaIntegrator::doInitialize() {
  residualSeconds_ = &(stats_.phaseSeconds["residual evaluations"] = 0.0);
  jacobianSeconds_ = &(stats_.phaseSeconds["jacobian"] = 0.0);
  nonlinearIterations_ = 0;
  solver_ = std::make_unique<Solver>();
  Solver& s = *solver_;
  const int N = system_.size(), n = system_.velocitySize();
  SUNContext_Create(nullptr, &s.context);
  s.y = N_VNew_Serial(N, s.context);
  s.yp = N_VNew_Serial(N, s.context);
  s.work = N_VNew_Serial(N, s.context);
  s.workp = N_VNew_Serial(N, s.context);
  s.id = N_VNew_Serial(N, s.context);
  system_.pack(state_, N_VGetArrayPointer(s.y), N_VGetArrayPointer(s.yp));
  // positions and velocities are differential, the multipliers algebraic (and out of the error test)
  Eigen::Map<VectorXd> id(N_VGetArrayPointer(s.id), N);
  id.setZero();
  id.head(2 * n).setOnes();

  s.ida = IDACreate(s.context);
  IDASetErrHandlerFn(s.ida, &IdaCallbacks::error, &s);
  IDAInit(s.ida, &IdaCallbacks::residual, state_.t, s.y, s.yp);
  IDASetUserData(s.ida, this);
  // the multipliers' weights vanish (an absolute tolerance of 1e300): see the header
  Eigen::Map<VectorXd> atol(N_VGetArrayPointer(s.work), N);
  atol.setConstant(1e300);
  atol.head(2 * n).setConstant(settings_.atol);
  IDASVtolerances(s.ida, settings_.rtol, s.work);
  IDASetId(s.ida, s.id);
  IDASetSuppressAlg(s.ida, SUNTRUE);
  if (settings_.maxStep > 0.0) IDASetMaxStep(s.ida, settings_.maxStep);
  IDASetMinStep(s.ida, settings_.minStep);
  const SparseMatrixXd& A = system_.matrix();
  s.matrix = SUNSparseMatrix(N, N, A.nonZeros(), CSC_MAT, s.context);
  s.linear = SUNLinSol_KLU(s.y, s.matrix, s.context);
  IDASetLinearSolver(s.ida, s.linear, s.matrix);
  IDASetJacFn(s.ida, &IdaCallbacks::jacobian);
}

void IdaIntegrator::collectStats() {
  void* ida = solver_->ida;
  long errorFails = 0, convFails = 0, residuals = 0, setups = 0;
  IDAGetNumErrTestFails(ida, &errorFails);
  IDAGetNumNonlinSolvConvFails(ida, &convFails);
  IDAGetNumResEvals(ida, &residuals);
  IDAGetNumLinSolvSetups(ida, &setups);
  if (errorFails > 0) stats_.rejections["error test failed (IDA)"] = errorFails;
  if (convFails > 0) stats_.rejections["corrector did not converge (IDA)"] = convFails;
  stats_.rejectedSteps = errorFails + convFails;
  stats_.functionEvaluations = residuals;
  stats_.factorizations = setups;
}

StepResult IdaIntegrator::doStep(double h) {
  StepResult r;
  Solver& s = *solver_;
  const double tStop = state_.t + h;
  IDASetStopTime(s.ida, tStop);
  realtype tReached = state_.t;
  s.lastError.clear();
  evaluationFailure_.clear();
  const int flag = IDASolve(s.ida, tStop, &tReached, s.y, s.yp, IDA_ONE_STEP);
  long iterations = 0;
  IDAGetNumNonlinSolvIters(s.ida, &iterations);
  r.newtonIterations = static_cast<int>(iterations - nonlinearIterations_);
  nonlinearIterations_ = iterations;
  collectStats();
  if (flag < 0) {
    r.kind = StepResult::Kind::Failed;
    std::ostringstream os;
    os << "IDA: " << IDAGetReturnFlagName(flag);
    if (!s.lastError.empty()) os << " (" << s.lastError << ")";
    if (!evaluationFailure_.empty()) os << "; last failed evaluation: " << evaluationFailure_;
    r.reason = os.str();
    return r;
  }
  system_.unpack(tReached, N_VGetArrayPointer(s.y), N_VGetArrayPointer(s.yp), state_);
  // IDA chooses its own steps; the run bounds them by its end time
  r.nextStep = std::numeric_limits<double>::infinity();
  return r;
}

bool IdaIntegrator::doInterpolate(double t, State& out) {
  // IDA's interpolating polynomial: y(t) and y'(t)
  Solver& s = *solver_;
  IDAGetDky(s.ida, t, 0, s.work);
  IDAGetDky(s.ida, t, 1, s.workp);
  system_.unpack(t, N_VGetArrayPointer(s.work), N_VGetArrayPointer(s.workp), out);
  return false;
}

Capabilities IdaIntegrator::capabilities() {
  Capabilities c;
  c.family = "index-2 DAE (GGL), multistep (SUNDIALS IDA)";
  c.description =
      "variable-order BDF (1-5) on the stabilized index-2 form, exact sparse Jacobian, KLU";
  c.source = "SUNDIALS IDA 6.4 (Hindmarsh et al. 2005); GGL form: Gear, Gupta, Leimkuhler 1985";
  c.order = 5;
  c.errorEstimate = true;
  c.variableStep = true;
  c.fixedStep = false;
  c.formulations = {"rp", "rE"};
  c.evaluationCount = "GGL residual evaluations";
  c.refusals = {{"rA", "IDA integrates the positions as a vector (q' = v); rA's rotation matrices "
                       "live on SO(3) and their velocities are angular velocities (use rp or rE)"}};
  return c;
}

}  // namespace mbw
