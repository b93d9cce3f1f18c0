// mbw-cli run SCENE: dynamics from the consistent initial state to t_end.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "run_progress.h"
#include "run_outputs.h"
#include "simulation/run_summary_text.h"
#include "solvers/initial_conditions.h"
#include "solvers/static_equilibrium_error.h"

namespace mbw::cli {
namespace {

struct RunCommand {
  std::string scene;
  std::string output;
  std::string plot;
  RunOptions options;
};

int run(const RunCommand& cmd) {
  // the scene, and the run settings from it and the options
  const Model model = loadSceneOrThrow(cmd.scene);
  RunSettings settings = cmd.options.resolve(model);
  // the rows kept in memory within a budget
  settings.memoryBudget = kMemoryBudget;
  // settings that mean nothing, named by the option or the scene's JSON path they came from
  if (const std::optional<SettingsProblem> p = runSettingsProblem(settings))
    throw InputError(settingsProblemText(*p, model, &cmd.options));
  std::unique_ptr<Simulation> simulation;
  try {
    simulation = std::make_unique<Simulation>(model, settings);
  } catch (const ConfigurationError& e) {
    throw InputError(settingsProblemText({e.settings(), e.what()}, model, &cmd.options));
  } catch (const StaticEquilibriumError& e) {
    // --from-equilibrium: the static Newton failed, a numerical failure like `mbw-cli static`'s
    std::cerr << "error: " << cmd.scene << ": " << e.what() << "\n";
    return kNumericalFailure;
  } catch (const ModelError& e) {
    throw InputError(cmd.scene + ": " + e.what());
  }
  // outputs that cannot be written are bad input, found before the run
  const std::unique_ptr<CsvStreamWriter> csv = openCsvStream(cmd.output);
  checkPlotPath(cmd.plot);
  // the run, its progress on the terminal and its rows to the CSV as they come
  TerminalProgress progress(settings.tEnd, settings.tStart);
  const Results results = simulation->run(&progress, csv.get());
  // the summary, then the outputs and the exit status
  std::cout << runSummaryText(results, &simulation->projection());
  return finishRunOutputs(results, csv.get(), cmd.plot, progress);
}

}  // namespace

Command addRunCommand(CLI::App& app) {
  auto cmd = std::make_shared<RunCommand>();
  CLI::App* c = app.add_subcommand("run", "Simulate the dynamics of a scene");
  // the scene, the outputs, then the run options
  addCommandOptions(*c, {sceneArgument(cmd->scene)});
  c->add_option("--output,-o", cmd->output, "write the results to this CSV file");
  c->add_option(
      "--plot", cmd->plot,
      "write a page of plots of the run (motion, energy, violation, steps): PNG, or .svg or .pdf");
  cmd->options.addTo(*c);
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
