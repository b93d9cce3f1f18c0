// mbw-cli static SCENE: the static equilibrium of a scene (simulation/static_analysis.h), printed.
// The request and its options are the engine's (simulation/analysis_options.h).

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "simulation/analysis_options.h"
#include "simulation/csv.h"

namespace mbw::cli {
namespace {

int run(const StaticRequest& cmd) {
  // the engine's analysis at the settings given, else the scene's
  const Model model = loadSceneOrThrow(cmd.scene);
  const StaticAnalysis a = analyzeStaticRequest(model, cmd);

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
  auto cmd = std::make_shared<StaticRequest>();
  CLI::App* c = app.add_subcommand("static",
                                   "Static equilibrium: Newton on Phi_q^T lambda = Q, Phi = 0 at "
                                   "zero velocity, with load stepping");
  addCommandOptions(*c, staticOptions(*cmd));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
