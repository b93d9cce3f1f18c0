#pragma once
// The options of the analyses that are no dynamic run, described once for every front end as
// studies/study_options.h describes the studies': what a user gives a kinematic analysis (`mbw-cli
// kinematics`) and a static equilibrium (`mbw-cli static`), each option bound to its field of the
// request (simulation/command_option.h), and the analysis' settings on a scene: what the request
// leaves out is the scene's.

#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "simulation/command_option.h"
#include "simulation/static_analysis.h"
#include "solvers/kinematics.h"

namespace mbw {

// The formulation of an analysis: the one given, else the scene's ("" given: the scene's; rp
// when the scene asks for joint coordinates, which the analyses do not take).
std::string analysisFormulation(const Model& model, const std::string& given);

// --- kinematics ---------------------------------------------------------------------------------

// `kinematics`: the motion of a fully driven (0 DOF) scene, position by position.
struct KinematicsRequest {
  std::string scene, output, formulation;             // formulation "": the scene's
  double step = 0.0, tEnd = 0.0;                      // s; 0: the scene's
  double tolerance = KinematicsSettings{}.tolerance;  // Newton's, on the correction norm
  int every = 1;                                      // record every N-th step
};
std::vector<CommandOption> kinematicsOptions(KinematicsRequest& request);

// The analysis' settings: the scene's step and end time unless the request gives them.
KinematicsSettings kinematicsSettings(const Model& model, const KinematicsRequest& request);

// --- static equilibrium -------------------------------------------------------------------------

// `static`: the equilibrium at zero velocity under the loads at a time, with load stepping.
struct StaticRequest {
  std::string scene, output, formulation;  // formulation "": the scene's
  std::string linearSolver = "auto";       // auto (by size), dense or sparse
  std::optional<double> time;              // of the loads and drivers, s; none: the scene's t_start
  StaticSettings settings;                 // Newton's tolerance and iterations per load increment
};
std::vector<CommandOption> staticOptions(StaticRequest& request);

// Newton's settings of the request, the matrix stored as named (auto: by size).
StaticSettings staticSettings(const StaticRequest& request);

// The engine's analysis (simulation/static_analysis.h) at the request's settings on the model.
// Throws std::invalid_argument for an unknown formulation.
StaticAnalysis analyzeStaticRequest(const Model& model, const StaticRequest& request);

}  // namespace mbw
