#pragma once
// Integrators advance a State of one formulation. The public step() does the bookkeeping (counts,
// rejection reasons, time) around the private doStep() of each scheme (STYLE.md 5). What an
// integrator can do is declared up front in its Capabilities, so an unsupported choice is refused
// when a run is configured, never in the middle of it.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "formulation/formulation.h"
#include "integrators/hermite_interpolant.h"
#include "integrators/work_integrals.h"
#include "solvers/initial_conditions.h"

namespace mbw {

// the dimensionless penalty factor of the augmented Lagrangian form (index3_solver.h)
constexpr double kDefaultPenalty = 1e6;

struct IntegratorSettings {
  double step = 1e-3;         // fixed step, or the first step of a variable-step method
  bool variableStep = false;  // use the error estimate to choose steps (when capable)
  double rtol = 1e-4;         // variable step: relative and absolute tolerances
  double atol = 1e-6;
  double minStep = 1e-12;       // variable step: below this the run fails
  double maxStep = 0.0;         // variable step: 0 = no limit
  double rhoInf = -1.0;         // spectral radius at infinity; < 0 = the method's default
  std::optional<double> alpha;  // HHT alpha in [-1/3, 0] (instead of rho_inf)
  // stop when |correction| * (b h)^2 < this (Kissel et al. 2021: Theta h^2) at steps of
  // kNewtonReferenceStep and above; with newtonToleranceRule "step" (the default) it falls as
  // (h / kNewtonReferenceStep)^4 below (step_control.h, newtonToleranceForStep), "fixed" keeps it
  double newtonTolerance = 1e-11;
  std::string newtonToleranceRule = "step";
  int maxNewtonIterations = 25;
  // step-size control of error-estimating one-step methods, Sandu et al. 2001 eq (16)
  double safetyFactor = 0.9;   // fac
  double minStepFactor = 0.2;  // facmin: a new step is at least this times the last
  double maxStepFactor = 6.0;  // facmax: and at most this times
  // variable-step index-3 schemes: the local error is controlled per unit step over this span, so
  // that the local errors of a run of this length sum to about the tolerance (step_control.h);
  // runs set it to their length
  double errorSpan = 1.0;  // s
  // state-space (ODE) integrators, Sandu et al. 2001 section 4
  double constraintTolerance = 1e-10;  // |Phi|_inf of the recovered dependent coordinates
  double repartitionGrowth = 1.25;     // cond(Phi_u) growth that triggers a new partition
  std::string jacobian = "exact";      // "exact" or "fd" (forward differences), where offered
  // state-space integrators: advance the joint coordinates of the model's kinematic tree
  // (statespace/joint_ode.h) instead of the independent rp coordinates (statespace/
  // state_space_ode.h); the run sets it for the joint formulation
  bool jointCoordinates = false;
  // variable steps: what the tolerance bounds (step_control.h): "per-unit-step", the local errors
  // of the whole run summed (the global error then about the tolerance), "per-step", each step's
  // local error (the native control of SUNDIALS and of Sandu et al.'s Rosenbrock methods), or
  // "auto", the integrator's default (Capabilities::errorControls)
  std::string errorControl = "auto";
  // index-3 integrators: storage of the Newton matrix and when it is evaluated (index3_solver.h)
  std::string linearSolver = "auto";    // "auto", "dense" or "sparse"
  std::string jacobianUpdate = "auto";  // "auto", "iteration" or "step"
  // the equations Newton solves at a time point: "kkt" (Lagrange multipliers) or
  // "augmented-lagrangian" (with velocity and acceleration projections), and the latter's penalty
  // factor (index3_solver.h)
  std::string index3Form = "kkt";
  double penalty = kDefaultPenalty;
};

struct Capabilities {
  std::string family;       // e.g. "index-3 DAE, one-step"
  std::string description;  // one line
  std::string source;       // where the coefficients come from
  int order = 1;            // design order (positions)
  int implicitStages = 1;   // time points solved per step (n in the paper's Delta t / n)
  bool lStable = false;
  bool errorEstimate = false;
  bool variableStep = false;
  bool fixedStep = true;  // can run with a fixed step (multistep codes choose their own)
  bool hasRhoInf = false;
  double rhoInfMin = 0.0, rhoInfMax = 1.0, rhoInfDefault = 0.0;
  bool rhoInfMaxExcluded = false;                     // the range is [min, max)
  std::vector<double> rhoInfValues;                   // when not empty: the only values offered
  bool hasAlpha = false;                              // HHT: alpha in [-1/3, 0] may replace rho_inf
  std::vector<std::string> jacobians = {"exact"};     // the Jacobian options it accepts
  std::vector<std::string> linearSolvers = {"auto"};  // the linearSolver settings it accepts
  std::vector<std::string> jacobianUpdates = {"auto"};  // the jacobianUpdate settings it accepts
  // the errorControl settings it accepts, "auto" (the first after it) first
  std::vector<std::string> errorControls = {"auto", "per-unit-step"};
  std::vector<std::string> index3Forms = {"kkt"};  // the index3Form settings it accepts
  std::vector<std::string> formulations;           // the formulations it has been tested with
  std::map<std::string, std::string> refusals;     // why it does not offer a formulation
  // what StepResult::newtonIterations counts for this integrator (plots and tables say so)
  std::string iterationCount = "Newton iterations";
  // what Stats::functionEvaluations counts (the methods that evaluate a right-hand side)
  std::string evaluationCount = "acceleration-map evaluations";
  // how the work integrals of the energy balance are advanced (work_integrals.h)
  std::string workRule;
};

struct StepResult {
  enum class Kind { Accepted, Rejected, Failed };
  Kind kind = Kind::Accepted;
  double h = 0.0;         // the step attempted (a code that chooses its own steps inside the
                          // interval asked for, CVODE and IDA, sets the one it took or failed at)
  double nextStep = 0.0;  // proposed next step
  int newtonIterations = 0;  // over all time points of the step
  int timePoints = 0;        // implicit time points solved (stages)
  std::string reason;        // why it was rejected or failed (a category: counted in stats)
  std::string detail;        // the numbers behind the reason (kept with each rejected step)
  std::string event;         // something the run should record at the new time (a repartition)
};

struct IntegratorStats {
  long steps = 0;
  long rejectedSteps = 0;
  long newtonIterations = 0;
  long timePoints = 0;  // implicit time points solved, rejected steps included
  long factorizations = 0;
  long functionEvaluations = 0;
  long jacobianEvaluations = 0;
  long repartitions = 0;
  // variable steps: the local error estimates of the accepted steps summed, each as its norm in the
  // tolerances' weights 1 / (atol + rtol |y|) (1 = one tolerance): what the steps committed, an
  // estimate of the global error before its propagation
  double localErrorSum = 0.0;
  std::map<std::string, long> rejections;      // reason -> count
  std::map<std::string, double> phaseSeconds;  // elapsed time by phase (jacobian, factorization,
                                               // ...; Simulation scales it to CPU time)
};

class Integrator {
 public:
  virtual ~Integrator() = default;
  Integrator(const Integrator&) = delete;
  Integrator& operator=(const Integrator&) = delete;

  // starts from a consistent state (see consistentInitialState)
  void initialize(const State& consistent);
  // attempts one step of size h from the current state (with subnormal numbers flushed to zero,
  // see math/floating_point.h)
  StepResult step(double h);

  // The state at a time t within the last accepted step, [stepStart(), state().t], from the
  // method's continuous extension: its own interpolant where it has one (CVODE, IDA), the cubic
  // Hermite interpolant of hermite_interpolant.h otherwise. It need not satisfy the constraints:
  // true when it does, at both levels to the constraint tolerance, with the accelerations and
  // multipliers of the equations of motion there (the state-space integrators solve their
  // dependent coordinates at t), so that it needs no projection.
  bool interpolate(double t, State& out) { return doInterpolate(t, out); }
  // whether the accepted states satisfy the constraints and the equations of motion in that sense
  virtual bool statesOnConstraints() const { return false; }
  double stepStart() const { return previous_.t; }

  // W and D of the energy balance at state().t, from the start of the run, advanced by the
  // method's own rule (Capabilities::workRule)
  const WorkIntegrals& work() const { return work_; }
  // at a time t within the last accepted step, from the continuous extension of the integrals
  WorkIntegrals workAt(double t) { return doWorkAt(t); }
  // whether the integrals are advanced by a quadrature rule beside the method (whose own error then
  // adds to the balance) rather than by the method itself
  bool workByQuadrature() const { return workByQuadrature_; }

  const State& state() const { return state_; }
  const IntegratorStats& stats() const { return stats_; }
  const IntegratorSettings& settings() const { return settings_; }

 protected:
  Integrator(Formulation& formulation, IntegratorSettings settings)
      : formulation_(formulation), settings_(settings) {}

  virtual void doInitialize() {}
  // on acceptance the scheme has updated state_ (t included)
  virtual StepResult doStep(double h) = 0;
  virtual bool doInterpolate(double t, State& out);
  // default: the cubic Hermite interpolant of the integrals and powers at the step's ends
  virtual WorkIntegrals doWorkAt(double t);
  // the powers at a state (work_integrals.h)
  Power powerAt(const State& s) { return powerOf(formulation_, s); }
  // an accepted step's integrals, with the powers at the new state_ (called by the schemes)
  void acceptWork(const WorkIntegrals& work, const Power& endPower) {
    work_ = work;
    power_ = endPower;
  }

  Formulation& formulation_;
  IntegratorSettings settings_;
  State state_;
  State previous_;                     // the state at the start of the last step
  WorkIntegrals work_, previousWork_;  // at state_ and previous_
  Power power_, previousPower_;        // likewise
  bool workByQuadrature_ = false;
  IntegratorStats stats_;
  HermiteInterpolant hermite_;
};

}  // namespace mbw
