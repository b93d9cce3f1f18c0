// mbw-cli static SCENE: the static equilibrium of a scene (simulation/static_analysis.h), printed.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "simulation/csv.h"
#include "simulation/static_analysis.h"

namespace mbw::cli {
namespace {

struct StaticCommand {
  std::string scene, output, formulation, linearSolver = "auto";
  std::optional<double> time;
  StaticSettings settings;
};

int run(const StaticCommand& cmd) {
  // the settings against the scene's defaults, then the engine's analysis
  const Model model = loadSceneOrThrow(cmd.scene);
  const std::string name = cmd.formulation.empty() ? model.defaults.formulation : cmd.formulation;
  StaticSettings settings = cmd.settings;
  if (cmd.linearSolver == "dense") settings.storage = LinearSolverKind::Dense;
  if (cmd.linearSolver == "sparse") settings.storage = LinearSolverKind::Sparse;
  const double t = cmd.time.value_or(model.defaults.tStart);
  const StaticAnalysis a = analyzeStaticEquilibrium(model, name, t, settings);

  // what it found (the engine's words); a failure is a numerical failure
  std::cout << staticAnalysisText(a, model.name);
  if (!a.solution.converged) return kNumericalFailure;
  // the equilibrium as one row of the run CSV, on request
  if (!cmd.output.empty()) {
    writeCsv(a.results, cmd.output);
    std::cout << "CSV   " << cmd.output << " (the equilibrium, multipliers included)\n";
  }
  return kSuccess;
}

}  // namespace

Command addStaticCommand(CLI::App& app) {
  auto cmd = std::make_shared<StaticCommand>();
  CLI::App* c = app.add_subcommand("static",
                                   "Static equilibrium: Newton on Phi_q^T lambda = Q, Phi = 0 at "
                                   "zero velocity, with load stepping");
  addCommandOptions(*c, {sceneArgument(cmd->scene)});
  c->add_option("--time,-t", cmd->time,
                "time of the loads and drivers, s (default: the scene's t_start)");
  c->add_option("--formulation", cmd->formulation, "rA or rp (default: the scene's)");
  c->add_option("--tolerance", cmd->settings.tolerance, "on the last position correction, m or rad")
      ->capture_default_str();
  c->add_option("--max-iterations", cmd->settings.maxIterations,
                "Newton iterations per load increment")
      ->capture_default_str();
  c->add_option("--linear-solver", cmd->linearSolver, "auto (by size), dense or sparse (KLU)")
      ->check(CLI::IsMember({"auto", "dense", "sparse"}))
      ->capture_default_str();
  c->add_option("--output,-o", cmd->output,
                "write the equilibrium (one row, the run CSV's columns) to this file");
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
