#include "simulation/analysis_options.h"

#include "simulation/simulation.h"

namespace mbw {

// the formulation given, else the scene's (rp for a scene that asks for joint coordinates)
std::string analysisFormulation(const Model& model, const std::string& given) {
  return given.empty() ? recordedFormulation(model.defaults.formulation) : given;
}

// --- kinematics ---------------------------------------------------------------------------------

// one row per option, in the order of `mbw-cli kinematics --help`
std::vector<CommandOption> kinematicsOptions(KinematicsRequest& r) {
  return {
      sceneArgument(r.scene),
      {"step", "time step, s (default: the scene's)", &r.step},
      {"t-end", "end time, s (default: the scene's)", &r.tEnd},
      {"output", "write the results to this CSV file", &r.output, 0, "o"},
      {"formulation", "rA, rp or rE (default: the scene's)", &r.formulation},
      {"tolerance", "Newton stopping tolerance on the correction norm", &r.tolerance,
       kOptionShowDefault},
      {"every", "record every N-th step", &r.every, kOptionShowDefault},
  };
}

KinematicsSettings kinematicsSettings(const Model& model, const KinematicsRequest& r) {
  // the scene's step and end time unless given
  KinematicsSettings s;
  s.step = r.step > 0.0 ? r.step : model.defaults.step;
  s.tEnd = r.tEnd > 0.0 ? r.tEnd : model.defaults.tEnd;
  s.tolerance = r.tolerance;
  return s;
}

// --- static equilibrium -------------------------------------------------------------------------

// one row per option, in the order of `mbw-cli static --help`
std::vector<CommandOption> staticOptions(StaticRequest& r) {
  return {
      sceneArgument(r.scene),
      {"time", "time of the loads and drivers, s (default: the scene's t_start)", &r.time, 0, "t"},
      {"formulation", "rA or rp (default: the scene's)", &r.formulation},
      {"tolerance", "on the last position correction, m or rad", &r.settings.tolerance,
       kOptionShowDefault},
      {"max-iterations", "Newton iterations per load increment", &r.settings.maxIterations,
       kOptionShowDefault},
      {"linear-solver",
       "auto (by size), dense or sparse (KLU)",
       &r.linearSolver,
       kOptionShowDefault,
       "",
       "",
       {"auto", "dense", "sparse"}},
      {"output", "write the equilibrium (one row, the run CSV's columns) to this file", &r.output,
       0, "o"},
  };
}

StaticSettings staticSettings(const StaticRequest& r) {
  // the storage named, else by size
  StaticSettings settings = r.settings;
  if (r.linearSolver == "dense") settings.storage = LinearSolverKind::Dense;
  if (r.linearSolver == "sparse") settings.storage = LinearSolverKind::Sparse;
  return settings;
}

StaticAnalysis analyzeStaticRequest(const Model& model, const StaticRequest& r) {
  // the scene's formulation and start time unless given
  return analyzeStaticEquilibrium(model, analysisFormulation(model, r.formulation),
                                  r.time.value_or(model.defaults.tStart), staticSettings(r));
}

}  // namespace mbw
