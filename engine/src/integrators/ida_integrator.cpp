#include "integrators/ida_integrator.h"

#include <idas/idas.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "integrators/cpu_time.h"
#include "integrators/dense_lu_solver.h"
#include "integrators/ggl_system.h"
#include "integrators/joint_ggl_system.h"
#include "integrators/step_control.h"
#include "solvers/augmented_system.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

// the GGL form in the formulation's coordinates (ggl_system.h), with the consistent multipliers of
// the work integrals' powers (solvers/augmented_system.h)
class RpGglDae final : public IdaDae {
 public:
  explicit RpGglDae(Formulation& formulation) : system_(formulation), consistent_(formulation) {}

  void initialize(const State&) override {}
  int size() const override { return system_.size(); }
  int differentialSize() const override { return 2 * system_.velocitySize(); }
  void pack(const State& consistent, double* y, double* yp) override {
    system_.pack(consistent, y, yp);
  }
  void unpack(double t, const double* y, const double* yp, State& state) override {
    system_.unpack(t, y, yp, state);
  }
  void consistentState(double t, const double* y, const double* yp, State& state) override {
    // the state at IDA's point, its accelerations and multipliers solved consistently there
    system_.unpack(t, y, yp, state);
    consistent_.accelerations(state);
  }
  std::string rebaseDue(const double*) const override { return {}; }
  void rebase(double, double*, double*) override {}
  std::string residual(double t, const double* y, const double* yp, double* F) override {
    return system_.residual(t, y, yp, F);
  }
  std::string jacobian(double t, double cj, const double* y, const double* yp) override {
    return system_.jacobian(t, cj, y, yp);
  }
  const SparseMatrixXd* sparseMatrix() const override { return &system_.matrix(); }
  const MatrixXd& denseMatrix() const override { return none_; }
  long jacobianResiduals() const override { return 0; }

 private:
  GglSystem system_;
  AugmentedSystem consistent_;
  const MatrixXd none_;
};

// the DAE of the run's coordinates
std::unique_ptr<IdaDae> makeDae(Formulation& formulation, const IntegratorSettings& settings) {
  if (settings.jointCoordinates) return std::make_unique<JointGglSystem>(formulation);
  return std::make_unique<RpGglDae>(formulation);
}

}  // namespace

// --- the SUNDIALS objects and the callbacks ------------------------------------------------------

// the SUNDIALS objects of one run: the solver freed before what it uses, the context last
struct IdaIntegrator::Solver {
  SUNContext context = nullptr;
  void* ida = nullptr;
  N_Vector y = nullptr, yp = nullptr, id = nullptr, work = nullptr,
           workp = nullptr;                                 // work: interpolation
  N_Vector quadrature = nullptr, quadratureWork = nullptr;  // (W, D) and their interpolation
  SUNMatrix matrix = nullptr;
  SUNLinearSolver linear = nullptr;
  std::string lastError;  // IDA's message for the last failure

  ~Solver() {
    if (ida) IDAFree(&ida);
    if (linear) SUNLinSolFree(linear);
    if (matrix) SUNMatDestroy(matrix);
    for (N_Vector v : {y, yp, id, work, workp, quadrature, quadratureWork})
      if (v) N_VDestroy(v);
    if (context) SUNContext_Free(&context);
  }
};

// C callbacks into the integrator
struct IdaCallbacks {
  static int residual(realtype t, N_Vector y, N_Vector yp, N_Vector F, void* self) {
    return static_cast<IdaIntegrator*>(self)->residual(
        t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(F));
  }
  static int jacobian(realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J,
                      void* self, N_Vector, N_Vector, N_Vector) {
    return static_cast<IdaIntegrator*>(self)->jacobian(t, cj, N_VGetArrayPointer(y),
                                                       N_VGetArrayPointer(yp), J);
  }
  static int power(realtype t, N_Vector y, N_Vector yp, N_Vector rate, void* self) {
    return static_cast<IdaIntegrator*>(self)->power(
        t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(rate));
  }
  static int weights(N_Vector y, N_Vector ewt, void* self) {
    return static_cast<IdaIntegrator*>(self)->errorWeights(N_VGetArrayPointer(y),
                                                           N_VGetArrayPointer(ewt));
  }
  // IDA's messages go into the failure reason, never to the terminal
  static void error(int, const char*, const char* function, char* message, void* solver) {
    static_cast<IdaIntegrator::Solver*>(solver)->lastError = std::string(function) + ": " + message;
  }
};

IdaIntegrator::IdaIntegrator(Formulation& formulation, IntegratorSettings settings)
    : Integrator(formulation, settings),
      perUnitStep_(controlPerUnitStep(settings, true)),
      dae_(makeDae(formulation, settings)) {}

IdaIntegrator::~IdaIntegrator() = default;

// --- the DAE, its Jacobian and its tolerances, as IDA asks for them ------------------------------

// the GGL residual F(t, y, y') at IDA's iterate (ida_dae.h)
int IdaIntegrator::residual(double t, const double* y, const double* yp, double* F) {
  PhaseTimer timer(*residualSeconds_);
  evaluationFailure_ = dae_->residual(t, y, yp, F);
  return evaluationFailure_.empty() ? 0 : 1;  // recoverable: IDA retries with a smaller step
}

int IdaIntegrator::power(double t, const double* y, const double* yp, double* rate) {
  // the powers at the corrected point, with the multipliers of its positions and velocities (the
  // acceleration-level equations), not IDA's: those carry the error of the BDF derivative v',
  // of order tol / h
  PhaseTimer timer(*residualSeconds_);
  // the state at IDA's point, its accelerations and multipliers solved consistently there
  dae_->consistentState(t, y, yp, powerState_);
  const Power p = powerAt(powerState_);
  rate[0] = p.in;
  rate[1] = p.dissipated;
  return 0;
}

int IdaIntegrator::jacobian(double t, double cj, const double* y, const double* yp, void* J) {
  PhaseTimer timer(*jacobianSeconds_);
  // the GGL Jacobian dF/dy + cj dF/dy' (ida_dae.h)
  evaluationFailure_ = dae_->jacobian(t, cj, y, yp);
  if (!evaluationFailure_.empty()) return 1;
  const auto M = static_cast<SUNMatrix>(J);
  ++stats_.jacobianEvaluations;
  // dense: the columns as they are
  const SparseMatrixXd* sparse = dae_->sparseMatrix();
  if (!sparse) {
    const MatrixXd& A = dae_->denseMatrix();
    std::copy(A.data(), A.data() + A.size(), SUNDenseMatrix_Data(M));
    return 0;
  }
  // sparse: the pattern and values into SUNDIALS' matrix (IDA zeroes it, pattern included, before
  // the call); compressed columns: the column starts, the row indices, the values
  const SparseMatrixXd& A = *sparse;
  std::copy(A.outerIndexPtr(), A.outerIndexPtr() + A.cols() + 1, SUNSparseMatrix_IndexPointers(M));
  std::copy(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros(), SUNSparseMatrix_IndexValues(M));
  std::copy(A.valuePtr(), A.valuePtr() + A.nonZeros(), SUNSparseMatrix_Data(M));
  return 0;
}

int IdaIntegrator::errorWeights(const double* y, double* ewt) const {
  // positions and velocities: 1 / (rtol |y_i| + atol), over the share of the tolerance of the step
  // IDA is about to take when controlled per unit step (step_control.h); the multipliers' weights
  // vanish (see the header)
  const int N = dae_->size(), differential = dae_->differentialSize();
  const double share = currentShare();
  for (int i = 0; i < N; ++i)
    ewt[i] = i < differential ? 1.0 / ((settings_.rtol * std::abs(y[i]) + settings_.atol) * share)
                              : 1e-300;
  return 0;
}

// the share of the tolerance of IDA's current step, bounded below; 1 when controlled per step
double IdaIntegrator::currentShare() const {
  if (!perUnitStep_) return 1.0;
  double h = 0.0;
  IDAGetCurrentStep(solver_->ida, &h);
  const double floor = std::max(kMinimumShare, kLocalErrorFloor / settings_.atol);
  return h > 0.0 ? std::max(floor, toleranceShare(h, settings_)) : floor;
}

// --- set-up and counters -------------------------------------------------------------------------

void IdaIntegrator::doInitialize() {
  // the CPU time counters of the cost split
  residualSeconds_ = &(stats_.phaseSeconds["residual evaluations"] = 0.0);
  jacobianSeconds_ = &(stats_.phaseSeconds["jacobian"] = 0.0);
  nonlinearIterations_ = 0;
  earlier_ = {};
  rebasePending_ = false;
  // y = (q, v, lambda, mu) and y' from the consistent initial state
  dae_->initialize(state_);
  solver_ = std::make_unique<Solver>();
  Solver& s = *solver_;
  const int N = dae_->size();
  SUNContext_Create(nullptr, &s.context);
  // y, y' and IDA's interpolation work vectors, N entries each; id marks the kinds
  s.y = N_VNew_Serial(N, s.context);
  s.yp = N_VNew_Serial(N, s.context);
  s.work = N_VNew_Serial(N, s.context);
  s.workp = N_VNew_Serial(N, s.context);
  s.id = N_VNew_Serial(N, s.context);
  dae_->pack(state_, N_VGetArrayPointer(s.y), N_VGetArrayPointer(s.yp));
  // positions and velocities are differential, the multipliers algebraic (and out of the error
  // test)
  Eigen::Map<VectorXd> id(N_VGetArrayPointer(s.id), N);
  id.setZero();
  id.head(dae_->differentialSize()).setOnes();

  // IDA on the GGL residual, its messages caught
  s.ida = IDACreate(s.context);
  IDASetErrHandlerFn(s.ida, &IdaCallbacks::error, &s);
  IDAInit(s.ida, &IdaCallbacks::residual, state_.t, s.y, s.yp);
  IDASetUserData(s.ida, this);
  // the work integrals as IDAS quadratures: differential variables integrated by the same BDF
  // formula, in its error test
  s.quadrature = N_VNew_Serial(2, s.context);
  s.quadratureWork = N_VNew_Serial(2, s.context);
  N_VConst(0.0, s.quadrature);
  IDAQuadInit(s.ida, &IdaCallbacks::power, s.quadrature);
  IDASetQuadErrCon(s.ida, SUNTRUE);
  IDAQuadSStolerances(s.ida, settings_.rtol * currentShare(), settings_.atol * currentShare());
  // the weights (per unit step or per step), and the multipliers algebraic, out of the local error
  // test
  IDAWFtolerances(s.ida, &IdaCallbacks::weights);
  IDASetId(s.ida, s.id);
  IDASetSuppressAlg(s.ida, SUNTRUE);
  // the step bounds of the settings
  if (settings_.maxStep > 0.0) IDASetMaxStep(s.ida, settings_.maxStep);
  IDASetMinStep(s.ida, settings_.minStep);
  attachLinearSolver();
}

void IdaIntegrator::attachLinearSolver() {
  Solver& s = *solver_;
  const int N = dae_->size();
  // a sparse Jacobian: its pattern sized from the DAE's matrix, solved by KLU; else dense, by
  // Eigen's LU
  if (const SparseMatrixXd* A = dae_->sparseMatrix()) {
    s.matrix = SUNSparseMatrix(N, N, A->nonZeros(), CSC_MAT, s.context);
    s.linear = SUNLinSol_KLU(s.y, s.matrix, s.context);
  } else {
    s.matrix = SUNDenseMatrix(N, N, s.context);
    s.linear = makeDenseLuSolver(N, s.context);
  }
  IDASetLinearSolver(s.ida, s.linear, s.matrix);
  IDASetJacFn(s.ida, &IdaCallbacks::jacobian);
}

IdaIntegrator::Counts IdaIntegrator::idaCounts() const {
  // IDA's totals since its (re)initialization
  void* ida = solver_->ida;
  Counts c;
  IDAGetNumErrTestFails(ida, &c.errorFails);
  IDAGetNumNonlinSolvConvFails(ida, &c.convFails);
  IDAGetNumResEvals(ida, &c.residuals);
  IDAGetNumLinSolvSetups(ida, &c.setups);
  return c;
}

void IdaIntegrator::collectStats() {
  // IDA's counters with those before its last restart: rejections by reason, residual
  // evaluations, factorizations
  Counts c = idaCounts();
  c += earlier_;
  if (c.errorFails > 0) stats_.rejections["error test failed (IDA)"] = c.errorFails;
  if (c.convFails > 0) stats_.rejections["corrector did not converge (IDA)"] = c.convFails;
  stats_.rejectedSteps = c.errorFails + c.convFails;
  stats_.functionEvaluations = c.residuals + dae_->jacobianResiduals();
  stats_.factorizations = c.setups;
}

// --- the step ------------------------------------------------------------------------------------

StepResult IdaIntegrator::doStep(double h) {
  StepResult r;
  Solver& s = *solver_;
  // coordinates the last step found due re-based there, and IDA started again from there
  if (rebasePending_) {
    dae_->rebase(state_.t, N_VGetArrayPointer(s.y), N_VGetArrayPointer(s.yp));
    restart();
  }
  // one internal step of IDA, stopped at the run's next time at the latest
  const double tStop = state_.t + h;
  IDASetStopTime(s.ida, tStop);
  // the quadratures' tolerances follow the step's share of the tolerance (the states' weights do
  // through errorWeights)
  if (perUnitStep_)
    IDAQuadSStolerances(s.ida, settings_.rtol * currentShare(), settings_.atol * currentShare());
  realtype tReached = state_.t;
  // the messages of an earlier failure cleared
  s.lastError.clear();
  evaluationFailure_.clear();
  const int flag = IDASolve(s.ida, tStop, &tReached, s.y, s.yp, IDA_ONE_STEP);
  // the Newton iterations this step took
  long iterations = 0;
  IDAGetNumNonlinSolvIters(s.ida, &iterations);
  r.newtonIterations = static_cast<int>(iterations - nonlinearIterations_);
  nonlinearIterations_ = iterations;
  collectStats();
  if (flag < 0) {
    // the step IDA failed at, not the interval it was asked to cover
    IDAGetCurrentStep(s.ida, &r.h);
    r.kind = StepResult::Kind::Failed;
    std::ostringstream os;
    // the flag's name, in memory SUNDIALS allocates for the caller to free
    char* flagName = IDAGetReturnFlagName(flag);
    os << "IDA: " << flagName;
    std::free(flagName);
    if (!s.lastError.empty()) os << " (" << s.lastError << ")";
    if (!evaluationFailure_.empty()) os << "; last failed evaluation: " << evaluationFailure_;
    os << singularPositionNote();
    r.reason = os.str();
    return r;
  }
  // the state IDA reached
  dae_->unpack(tReached, N_VGetArrayPointer(s.y), N_VGetArrayPointer(s.yp), state_);
  // the step's local error estimate in tolerances (positions and velocities, plain weights)
  IDAGetEstLocalErrors(s.ida, s.work);
  stats_.localErrorSum += toleranceNorm(N_VGetArrayPointer(s.work), N_VGetArrayPointer(s.y),
                                        dae_->differentialSize(), settings_);
  // the integrals at the point IDA returned
  realtype tQuadrature = tReached;
  IDAGetQuad(s.ida, &tQuadrature, s.quadratureWork);
  const double* w = N_VGetArrayPointer(s.quadratureWork);
  // the work integrals taken, with the power at the new state
  acceptWork({w[0], w[1]}, powerAt(state_));
  // coordinates due to be taken afresh at the new point (the joint coordinates' Bryant angles): the
  // event names them, the next step re-bases them (this step's interpolant is in the old ones)
  r.event = dae_->rebaseDue(N_VGetArrayPointer(s.y));
  rebasePending_ = !r.event.empty();
  // IDA chooses its own steps; the run bounds them by its end time
  r.nextStep = std::numeric_limits<double>::infinity();
  return r;
}

void IdaIntegrator::restart() {
  // the counters IDAReInit clears, kept
  Solver& s = *solver_;
  earlier_ += idaCounts();
  // IDA from (t, y, y') at the state, the integrals going on from their values there
  IDAReInit(s.ida, state_.t, s.y, s.yp);
  N_VGetArrayPointer(s.quadrature)[0] = work_.work;
  N_VGetArrayPointer(s.quadrature)[1] = work_.dissipated;
  IDAQuadReInit(s.ida, s.quadrature);
  // the iteration count restarts with IDA's
  nonlinearIterations_ = 0;
  rebasePending_ = false;
}

// --- singular positions, output between the steps, capabilities ----------------------------------

std::string IdaIntegrator::singularPositionNote() const {
  // at the positions of IDA's last residual evaluation, the failed step's: a rank drop of Phi_q
  // there (or one close by) is the likely cause, which tolerances do not cure
  // no primitive equations: no rank to lose
  if (formulation_.primitiveRows() == 0) return {};
  // one analysis of Phi_q: near a rank drop; else approaching one; else no note
  const ConstraintRank rank = analyzeConstraintRank(formulation_);
  std::string note;
  if (const std::string at = rankDropDescription(formulation_, rank, kNearRankLoss); !at.empty())
    note = "; at a singular position: " + at;
  else if (const std::string near = rankDropDescription(formulation_, rank, kRankLossWarning);
           !near.empty())
    note = "; approaching a singular position: " + near;
  else
    return note;
  return note +
         "; what may help: an index-3 integrator (hht, lms2, bathe: they pass singular positions)";
}

WorkIntegrals IdaIntegrator::doWorkAt(double t) {
  // IDAS's interpolating polynomial of the quadratures
  if (IDAGetQuadDky(solver_->ida, t, 0, solver_->quadratureWork) != IDA_SUCCESS)
    return Integrator::doWorkAt(t);
  const double* w = N_VGetArrayPointer(solver_->quadratureWork);
  return {w[0], w[1]};
}

bool IdaIntegrator::doInterpolate(double t, State& out) {
  // IDA's interpolating polynomial: y(t) and y'(t)
  Solver& s = *solver_;
  IDAGetDky(s.ida, t, 0, s.work);
  IDAGetDky(s.ida, t, 1, s.workp);
  dae_->unpack(t, N_VGetArrayPointer(s.work), N_VGetArrayPointer(s.workp), out);
  // false: IDA's interpolant need not satisfy the constraints
  return false;
}

Capabilities IdaIntegrator::capabilities() {
  Capabilities c;
  c.family = "index-2 DAE (GGL), multistep (SUNDIALS IDA)";
  c.description =
      "variable-order BDF (1-5) on the stabilized index-2 form, exact sparse Jacobian, KLU (joint "
      "coordinates: dense, partly by differences)";
  c.source = "SUNDIALS IDA 6.4 (Hindmarsh et al. 2005); GGL form: Gear, Gupta, Leimkuhler 1985";
  c.order = 5;
  c.workRule =
      "IDAS quadratures: BDF on the powers (multipliers of the acceleration-level "
      "equations at the step's positions and velocities), in the error test";
  c.errorEstimate = true;
  c.variableStep = true;
  c.fixedStep = false;
  c.formulations = {"rp", "rE", "joint"};
  c.evaluationCount = "GGL residual evaluations";
  c.errorControls = {"auto", "per-unit-step", "per-step"};
  c.refusals = {{"rA",
                 "IDA integrates the positions as a vector (q' = v); rA's rotation matrices "
                 "live on SO(3) and their velocities are angular velocities (use rp or rE)"}};
  return c;
}

}  // namespace mbw
