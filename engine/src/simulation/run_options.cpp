#include "simulation/run_options.h"

#include <algorithm>

#include "joint/tree_ode.h"
#include "scene/scene_error.h"

namespace mbw {

using O = RunOverrides;

// the Python keyword of an option: its long name with underscores ("t-end" -> t_end)
std::string RunOption::keyword() const {
  std::string k = name;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

// --- the formulations ---------------------------------------------------------------------------

std::string runFormulationRefusal(const std::string& name, const Model& model) {
  if (name != kJointFormulation) return initialPoseRefusal(name, model);
  // the tree's equations of motion (its loops solved by coordinate partitioning), or why it
  // cannot hold the model
  try {
    TreeOde ode(model, true);
  } catch (const JointTreeError& e) {
    return e.what();
  }
  return {};
}

// --- the table -----------------------------------------------------------------------------------

// one row per option of `mbw-cli run`: its name, the setting it sets (the scene's key), its help,
// the words it accepts, the member of RunOverrides it fills, and whether the studies offer it

namespace {

// the integrator, its steps and their tolerances, and the multipliers as channels
std::vector<RunOption> integratorOptions() {
  return {
      // the integrator, the step and the recording's stride
      {"integrator", "integrator", "integrator name, see `mbw-cli list`", {}, &O::integrator},
      {"step", "step", "time step, s (first step when variable)", {}, &O::step},
      {"every", "every", "record every N-th step (first and last always)", {}, &O::every},
      // fixed or variable steps, and the tolerances that ask for variable ones
      {"variable-step",
       "variable_step",
       "choose steps from the error estimate",
       {},
       &O::variableStep},
      {"fixed-step",
       "fixed_step",
       "keep the step fixed even where the scene gives tolerances",
       {},
       &O::fixedStep},
      {"rtol",
       "rtol",
       "relative tolerance of variable steps (implies --variable-step)",
       {},
       &O::rtol},
      {"atol",
       "atol",
       "absolute tolerance of variable steps (implies --variable-step)",
       {},
       &O::atol},
      // the Lagrange multipliers as channels of their own
      {"multipliers",
       "multipliers",
       "add the Lagrange multipliers to the results (lambda.*)",
       {},
       &O::multipliers},
  };
}

// variable steps: the largest and smallest step, what the tolerances bound, the controller
std::vector<RunOption> stepControlOptions() {
  return {
      // variable steps: the largest step, what the tolerances bound and the smallest step
      {"max-step", "max_step", "largest step of variable-step methods, s", {}, &O::maxStep},
      {"error-control",
       "error_control",
       "what the tolerances bound: per-unit-step (the local errors of the whole run summed: the "
       "global error about the tolerance), per-step (each step's local error: the native control "
       "of SUNDIALS and of Sandu et al. 2001) or auto (the integrator's default, see `mbw-cli "
       "list`)",
       {"auto", "per-unit-step", "per-step"},
       &O::errorControl},
      {"min-step",
       "min_step",
       "smallest step of variable-step methods, s, below which the run fails (default: 1e-12 of "
       "the output step, else of --max-step, else of the run's span)",
       {},
       &O::minStep},
      // the step-size controller's safety factor and its bounds on the step ratio
      {"safety",
       "safety",
       "step-size control: safety factor fac of Sandu et al. 2001 eq 16 (default 0.9)",
       {},
       &O::safety},
      {"fac-min",
       "fac_min",
       "step-size control: smallest ratio of new to old step (default 0.2)",
       {},
       &O::facMin},
      {"fac-max",
       "fac_max",
       "step-size control: largest ratio of new to old step (default 6)",
       {},
       &O::facMax},
  };
}

// the state-space integrators' recovery of the dependent coordinates, and the Jacobian
std::vector<RunOption> stateSpaceOptions() {
  return {
      // the state-space integrators' recovery of the dependent coordinates and their partition
      {"constraint-tol",
       "constraint_tolerance",
       "state-space integrators: |Phi|_inf of the recovered dependent coordinates (default 1e-10)",
       {},
       &O::constraintTolerance},
      {"repartition-growth",
       "repartition_growth",
       "state-space integrators: cond(Phi_u) growth that triggers a new partition (default 1.25)",
       {},
       &O::repartitionGrowth},
      // the Jacobian: exact or by forward differences
      {"jacobian",
       "jacobian",
       "exact, or fd (forward differences) where the integrator offers it",
       {},
       &O::jacobian},
  };
}

// the output: rows at requested times, large runs, the steps beside the requested times
std::vector<RunOption> outputOptions() {
  return {
      // rows at requested times instead of at the steps
      {"output-step",
       "output_step",
       "record at t0 + k DT (s) instead of at the steps: states from the integrator's continuous "
       "extension, put back onto the constraints (default: the scene's output_step)",
       {},
       &O::outputStep},
      {"output-times",
       "output_times",
       "record at the times listed in FILE (one per line or separated by blanks or commas, # "
       "comments)",
       {},
       &O::outputTimes},
      // large runs only when confirmed, and the steps recorded beside the requested times
      {"yes",
       "yes",
       "run even when the run is large: more than 1e9 fixed steps, or more than 1e8 rows at "
       "output times",
       {},
       &O::confirmed},
      {"record-steps",
       "record_steps",
       "with --output-step or --output-times: record the steps as well (column on_grid: 1 at the "
       "requested times, 0 at the steps)",
       {},
       &O::recordSteps},
  };
}

// offered by the studies too: the formulation, the span, the start of the recording and the initial
// state
std::vector<RunOption> studySpanOptions() {
  return {
      // the formulation
      {"formulation", "formulation",
       "rA, rp, rE, or joint: the joint coordinates of a spanning tree of the scene's revolute, "
       "translational and fixed joints (loops closed by constraints), for the state-space "
       "integrators (rn4, w2, adams, bdf) and ida (default: the scene's setting)",
       runFormulationNames(), &O::formulation, true},
      // the run's span, the start of its recording and its initial state
      {"t-start",
       "t_start",
       "start time, s (default: the scene's; negative for a run-in)",
       {},
       &O::tStart,
       true},
      {"t-end", "t_end", "end time, s", {}, &O::tEnd, true},
      {"record-from",
       "record_from",
       "record rows from this time on, s (default: the scene's, else all)",
       {},
       &O::recordFrom,
       true},
      {"from-equilibrium",
       "from_equilibrium",
       "start from the static equilibrium at the start time (positions; see `mbw-cli static`)",
       {},
       &O::fromEquilibrium,
       true},
  };
}

// offered by the studies too: the methods' parameters and Newton
std::vector<RunOption> newtonOptions() {
  return {
      // the methods' parameters
      {"rho-inf",
       "rho_inf",
       "spectral radius at infinity, for methods that have one",
       {},
       &O::rhoInf,
       true},
      {"alpha", "alpha", "HHT alpha in [-1/3, 0]", {}, &O::alpha, true},
      // Newton: its tolerance, how the tolerance follows the step, its iterations
      {"newton-tol",
       "newton_tolerance",
       "Newton tolerance on positions (Theta h^2 of Kissel, Taves and Negrut, default 1e-11) at "
       "fixed steps of 1e-3 s and above; index-3 integrators tighten it below (see "
       "--newton-tol-rule) and with variable steps (a tenth of the step's share of --atol)",
       {},
       &O::newtonTolerance,
       true},
      {"newton-tol-rule",
       "newton_tolerance_rule",
       "index-3 integrators at fixed steps: step (default: the tolerance falls as (h / 1e-3 s)^4 "
       "below 1e-3 s, so that the step, not Newton, sets the accuracy of long runs) or fixed "
       "(--newton-tol at every step, as Kissel, Taves and Negrut ran it)",
       {"step", "fixed"},
       &O::newtonToleranceRule,
       true},
      {"max-newton",
       "max_newton_iterations",
       "Newton iterations before a step fails",
       {},
       &O::maxNewtonIterations,
       true},
  };
}

// offered by the studies too: the index-3 integrators' Newton matrix and equations, the penalty
std::vector<RunOption> index3Options() {
  return {
      // index-3 integrators: the Newton matrix's storage and update, and the equations it solves
      {"linear-solver",
       "linear_solver",
       "index-3 integrators: storage of the Newton matrix, auto (by size), dense or sparse (KLU)",
       {"auto", "dense", "sparse"},
       &O::linearSolver,
       true},
      {"jacobian-update",
       "jacobian_update",
       "index-3 integrators: when the Newton matrix is evaluated: auto (kept while Newton "
       "contracts well), iteration (full Newton) or step (once per time point)",
       {"auto", "iteration", "step"},
       &O::jacobianUpdate,
       true},
      {"index3-form",
       "index3_form",
       "index-3 integrators: the equations Newton solves, kkt (Lagrange multipliers; near a rank "
       "drop of the constraint Jacobian a time point is solved again by the augmented Lagrangian "
       "iteration) or augmented-lagrangian (a penalty on top of the multipliers, velocity and "
       "acceleration projections; Bayo and Ledesma 1996)",
       {"kkt", "augmented-lagrangian"},
       &O::index3Form,
       true},
      // the augmented Lagrangian's penalty
      {"penalty",
       "penalty",
       "penalty factor of the augmented Lagrangian (dimensionless: times the mean body mass; "
       "default 1e6)",
       {},
       &O::penalty,
       true},
  };
}

}  // namespace

// every option of `mbw-cli run`, in the order of its --help: the run's own ones, then those the
// studies offer too
const std::vector<RunOption>& runOptions() {
  static const std::vector<RunOption> table = [] {
    // the groups, one after the other
    std::vector<RunOption> all;
    for (const std::vector<RunOption>& group :
         {integratorOptions(), stepControlOptions(), stateSpaceOptions(), outputOptions(),
          studySpanOptions(), newtonOptions(), index3Options()})
      all.insert(all.end(), group.begin(), group.end());
    return all;
  }();
  return table;
}

// the run options bound to one overrides: the run's own first (unless only the studies' are
// asked for), then those the studies offer too
std::vector<CommandOption> runCommandOptions(RunOverrides& overrides, bool studyOnly) {
  std::vector<CommandOption> options;
  for (const bool study : {false, true}) {
    if (!study && studyOnly) continue;
    for (const RunOption& o : runOptions()) {
      if (o.study != study) continue;
      // the option's place in these overrides
      const CommandOptionField field = std::visit(
          [&](auto member) -> CommandOptionField { return &(overrides.*member); }, o.target);
      options.push_back({o.name, o.help, field, 0, "", "", o.allowed});
    }
  }
  return options;
}

// the option that sets a run setting, for messages that name what the user typed
const RunOption* runOptionFor(const std::string& setting) {
  // the first option that sets it
  for (const RunOption& o : runOptions())
    if (o.setting == setting) return &o;
  return nullptr;
}

// --- where a settings problem came from ----------------------------------------------------------

std::string settingsProblemText(const SettingsProblem& p, const Model& model,
                                const std::string& source,
                                const std::function<std::string(const std::string&)>& userName,
                                const std::string& confirmHint) {
  // a problem the user may confirm says how
  const std::string hint = p.confirmable ? confirmHint : "";
  // an option the user gave
  for (const std::string& setting : p.settings)
    if (const std::string name = userName(setting); !name.empty())
      return name + ": " + p.message + hint;
  // else a setting the scene gives, at its JSON path
  const std::vector<std::string>& given = model.defaults.given;
  for (const std::string& setting : p.settings)
    if (std::find(given.begin(), given.end(), setting) != given.end())
      return SceneError(source, {{"/settings/" + setting, p.message + hint}}).what();
  return p.message + hint;
}

}  // namespace mbw
