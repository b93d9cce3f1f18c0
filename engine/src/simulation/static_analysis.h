#pragma once
// The static equilibrium of a scene as every front end reports it: solved at a time t in a
// formulation (solvers/static_equilibrium.h) from the scene's pose, the largest distance a body
// frame origin moved from that pose to the equilibrium (solvers/initial_conditions.h:
// measureMove), and the equilibrium as one row of a run's results (the run's channels at zero
// velocity, the Lagrange multipliers included), with its Newton counts.

#include <string>

#include "model/model.h"
#include "simulation/results.h"
#include "solvers/static_equilibrium.h"

namespace mbw {

struct StaticAnalysis {
  std::string formulation;
  double t = 0.0;
  StaticResult solution;
  BodyMove move;    // from the scene's pose, when the solution converged
  Results results;  // the equilibrium's row, when the solution converged
};

// Throws std::invalid_argument for an unknown formulation.
StaticAnalysis analyzeStaticEquilibrium(const Model& model, const std::string& formulation,
                                        double t, const StaticSettings& settings);

// What an analysis found, as `mbw-cli static` prints it: the scene, time and formulation, then
// the failure ("FAILED: ..."), or the Newton iterations, load increments and residual, and the
// largest move from the scene's pose.
std::string staticAnalysisText(const StaticAnalysis& analysis, const std::string& sceneName);

}  // namespace mbw
