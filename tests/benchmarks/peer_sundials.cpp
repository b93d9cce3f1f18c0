// CVODE on the 2-angle ODEs and IDA on the Cartesian index-1 DAE (peer_solvers.h).

#include <cvodes/cvodes.h>
#include <idas/idas.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "peer_solvers.h"

namespace mbw::peers {
namespace {

// the SUNDIALS objects of one run, freed in reverse order
struct Objects {
  SUNContext context = nullptr;
  void* memory = nullptr;
  bool ida = false;
  N_Vector y = nullptr, yp = nullptr, id = nullptr;
  SUNMatrix matrix = nullptr;
  SUNLinearSolver linear = nullptr;
  SUNNonlinearSolver nonlinear = nullptr;
  Objects() { SUNContext_Create(nullptr, &context); }
  ~Objects() {
    if (memory && ida) IDAFree(&memory);
    if (memory && !ida) CVodeFree(&memory);
    if (nonlinear) SUNNonlinSolFree(nonlinear);
    if (linear) SUNLinSolFree(linear);
    if (matrix) SUNMatDestroy(matrix);
    for (N_Vector v : {y, yp, id})
      if (v) N_VDestroy(v);
    SUNContext_Free(&context);
  }
};

// the callbacks SUNDIALS calls, the model passed through its user data
int twoAngleRhs(realtype, N_Vector y, N_Vector ydot, void* model) {
  twoAngleRate(*static_cast<const TwoBarPendulum*>(model), N_VGetArrayPointer(y),
               N_VGetArrayPointer(ydot));
  return 0;
}

// the residual F(t, y, y') = 0 of the Cartesian DAE for IDA
int cartesianRes(realtype, N_Vector y, N_Vector yp, N_Vector F, void* model) {
  cartesianResidual(*static_cast<const TwoBarPendulum*>(model), N_VGetArrayPointer(y),
                    N_VGetArrayPointer(yp), N_VGetArrayPointer(F));
  return 0;
}

}  // namespace

// CVODE on the two angles: BDF with a dense Newton, or Adams with fixed-point iteration (the
// nonstiff form); the samples are the second bar's centre or the first angle
PeerRun cvodeTwoAngles(const TwoBarPendulum& p, const std::array<double, 4>& initial, bool bdf,
                       double tol, const std::vector<double>& times, Quantity quantity) {
  Objects o;
  o.y = N_VNew_Serial(4, o.context);
  for (int i = 0; i < 4; ++i) N_VGetArrayPointer(o.y)[i] = initial[i];
  o.memory = CVodeCreate(bdf ? CV_BDF : CV_ADAMS, o.context);
  CVodeInit(o.memory, twoAngleRhs, 0.0, o.y);
  CVodeSetUserData(o.memory, const_cast<TwoBarPendulum*>(&p));
  CVodeSStolerances(o.memory, tol, tol);
  // the tolerance given as both rtol and atol, and a step limit high enough
  // not to cut a run short
  CVodeSetMaxNumSteps(o.memory, 1000000);
  if (bdf) {
    o.matrix = SUNDenseMatrix(4, 4, o.context);
    o.linear = SUNLinSol_Dense(o.y, o.matrix, o.context);
    CVodeSetLinearSolver(o.memory, o.linear, o.matrix);
  } else {
    o.nonlinear = SUNNonlinSol_FixedPoint(o.y, 0, o.context);
    CVodeSetNonlinearSolver(o.memory, o.nonlinear);
  }
  PeerRun run;
  // integrated to each sample time in turn; a failure ends the samples there
  for (double t : times) {
    realtype reached = 0.0;
    if (CVode(o.memory, t, o.y, &reached, CV_NORMAL) < 0) {
      run.failure = "CVODE failed before t = " + std::to_string(t);
      break;
    }
    const double* y = N_VGetArrayPointer(o.y);
    run.samples.push_back(quantity == Quantity::SecondBarCentre ? secondBarCentre(p, y[0], y[1])
                                                                : std::array<double, 2>{y[0], 0.0});
  }
  // the steps over the whole span, the counter compared with the engine's
  CVodeGetNumSteps(o.memory, &run.steps);
  return run;
}

PeerRun idaCartesian(const TwoBarPendulum& p, double phi1, double phi2, double tol,
                     const std::vector<double>& times) {
  // IDA on the Cartesian DAE: positions and velocities differential, the four multipliers
  // algebraic, a dense linear solver
  const int N = kCartesianSize;
  Objects o;
  o.ida = true;
  o.y = N_VNew_Serial(N, o.context);
  o.yp = N_VNew_Serial(N, o.context);
  o.id = N_VNew_Serial(N, o.context);
  cartesianInitialState(p, phi1, phi2, N_VGetArrayPointer(o.y));
  N_VConst(0.0, o.yp);
  for (int i = 0; i < N; ++i) N_VGetArrayPointer(o.id)[i] = i < 12 ? 1.0 : 0.0;  // lambda algebraic
  o.memory = IDACreate(o.context);
  IDAInit(o.memory, cartesianRes, 0.0, o.y, o.yp);
  IDASetUserData(o.memory, const_cast<TwoBarPendulum*>(&p));
  IDASStolerances(o.memory, tol, tol);
  // which components are differential (the rest algebraic), as IDACalcIC needs
  IDASetId(o.memory, o.id);
  IDASetMaxNumSteps(o.memory, 1000000);
  o.matrix = SUNDenseMatrix(N, N, o.context);
  o.linear = SUNLinSol_Dense(o.y, o.matrix, o.context);
  IDASetLinearSolver(o.memory, o.linear, o.matrix);
  PeerRun run;
  // accelerations and multipliers consistent with the positions and velocities
  if (IDACalcIC(o.memory, IDA_YA_YDP_INIT, times.front()) < 0) {
    run.failure = "IDACalcIC failed";
    return run;
  }
  // the second bar's centre (x2, y2) at each sample time
  for (double t : times) {
    realtype reached = 0.0;
    if (IDASolve(o.memory, t, &reached, o.y, o.yp, IDA_NORMAL) < 0) {
      run.failure = "IDA failed before t = " + std::to_string(t);
      break;
    }
    const double* y = N_VGetArrayPointer(o.y);
    run.samples.push_back({y[3], y[4]});
  }
  IDAGetNumSteps(o.memory, &run.steps);
  return run;
}

}  // namespace mbw::peers
