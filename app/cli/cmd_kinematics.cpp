// mbw-cli kinematics SCENE: kinematic analysis of a fully driven mechanism.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "run_progress.h"
#include "run_outputs.h"
#include "simulation/run_summary_text.h"

namespace mbw::cli {
namespace {

struct KinematicsCommand {
  std::string scene, output, formulation;
  double step = 0.0, tEnd = 0.0, tolerance = 1e-10;
  int every = 1;
};

int run(const KinematicsCommand& cmd) {
  // the scene, its step and end time unless the options give them
  const Model model = loadSceneOrThrow(cmd.scene);
  KinematicsSettings settings;
  settings.step = cmd.step > 0.0 ? cmd.step : model.defaults.step;
  settings.tEnd = cmd.tEnd > 0.0 ? cmd.tEnd : model.defaults.tEnd;
  settings.tolerance = cmd.tolerance;
  // the CSV opened before the run, the engine's analysis streaming into it
  const std::unique_ptr<CsvStreamWriter> csv = openCsvStream(cmd.output);
  TerminalProgress progress(settings.tEnd);
  Results results;
  try {
    results =
        runKinematics(model, cmd.formulation.empty() ? model.defaults.formulation : cmd.formulation,
                      settings, cmd.every, &progress, csv.get(), kMemoryBudget);
  } catch (const ModelError& e) {
    throw InputError(cmd.scene + ": " + e.what());
  }
  // the summary, then the outputs and the exit status
  std::cout << runSummaryText(results, nullptr);
  return finishRunOutputs(results, csv.get(), "", progress);
}

}  // namespace

Command addKinematicsCommand(CLI::App& app) {
  auto cmd = std::make_shared<KinematicsCommand>();
  CLI::App* c =
      app.add_subcommand("kinematics", "Kinematic analysis of a fully driven (0 DOF) scene");
  addCommandOptions(*c, {sceneArgument(cmd->scene)});
  c->add_option("--step", cmd->step, "time step, s (default: the scene's)");
  c->add_option("--t-end", cmd->tEnd, "end time, s (default: the scene's)");
  c->add_option("--output,-o", cmd->output, "write the results to this CSV file");
  c->add_option("--formulation", cmd->formulation, "rA, rp or rE (default: the scene's)");
  c->add_option("--tolerance", cmd->tolerance, "Newton stopping tolerance on the correction norm")
      ->capture_default_str();
  c->add_option("--every", cmd->every, "record every N-th step")->capture_default_str();
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
