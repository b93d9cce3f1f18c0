// mbw-cli run SCENE: dynamics from the consistent initial state to t_end.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "run_progress.h"
#include "run_report.h"
#include "run_summary.h"
#include "simulation/csv.h"
#include "solvers/initial_conditions.h"

namespace mbw::cli {
namespace {

struct RunCommand {
  std::string scene;
  std::string output;
  std::string plot;
  RunOptions options;
};

int run(const RunCommand& cmd) {
  const Model model = loadSceneOrThrow(cmd.scene);
  const RunSettings settings = cmd.options.resolve(model);
  std::unique_ptr<Simulation> simulation;
  try {
    simulation = std::make_unique<Simulation>(model, settings);
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  } catch (const ModelError& e) {
    throw InputError(cmd.scene + ": " + e.what());
  }
  TerminalProgress progress(settings.tEnd, settings.tStart);
  const Results results = simulation->run(&progress);
  if (!cmd.output.empty()) writeCsv(results, cmd.output);
  printRunSummary(results, &simulation->projection(), std::cout);
  if (!cmd.output.empty()) std::cout << "CSV              " << cmd.output << " (" << results.rowCount() << " rows)\n";
  if (!cmd.plot.empty()) {
    saveFigure(runReportFigure(results), cmd.plot);
    std::cout << "plot             " << cmd.plot << "\n";
  }
  if (progress.interrupted()) return kInterrupted;
  return results.status == RunStatus::Completed ? kSuccess : kNumericalFailure;
}

}  // namespace

Command addRunCommand(CLI::App& app) {
  auto cmd = std::make_shared<RunCommand>();
  CLI::App* c = app.add_subcommand("run", "Simulate the dynamics of a scene");
  c->add_option("scene", cmd->scene, "built-in scene name or scene file")->required();
  c->add_option("--output,-o", cmd->output, "write the results to this CSV file");
  c->add_option("--plot", cmd->plot, "write a PNG page of plots of the run (motion, energy, violation, steps)");
  cmd->options.addTo(*c);
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
