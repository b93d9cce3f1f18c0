// mbw-cli kinematics SCENE: kinematic analysis of a fully driven mechanism. The request and its
// options are the engine's (simulation/analysis_options.h).

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "run_progress.h"
#include "run_outputs.h"
#include "simulation/analysis_options.h"
#include "simulation/run_summary_text.h"

namespace mbw::cli {
namespace {

int run(const KinematicsRequest& cmd) {
  // the scene, its step and end time unless the options give them
  const Model model = loadSceneOrThrow(cmd.scene);
  const KinematicsSettings settings = kinematicsSettings(model, cmd);
  // the CSV opened before the run, the engine's analysis streaming into it
  const std::unique_ptr<CsvStreamWriter> csv = openCsvStream(cmd.output);
  // the terminal's progress line, and Ctrl-C
  TerminalProgress progress(settings.tEnd);
  Results results;
  try {
    results = runKinematics(model, analysisFormulation(model, cmd.formulation), settings, cmd.every,
                            &progress, csv.get(), kMemoryBudget);
  } catch (const ModelError& e) {
    throw InputError(cmd.scene + ": " + e.what());
  }
  // the summary, then the outputs and the exit status
  std::cout << runSummaryText(results, nullptr);
  return finishRunOutputs(results, csv.get(), "", progress);
}

}  // namespace

Command addKinematicsCommand(CLI::App& app) {
  auto cmd = std::make_shared<KinematicsRequest>();
  CLI::App* c =
      app.add_subcommand("kinematics", "Kinematic analysis of a fully driven (0 DOF) scene");
  addCommandOptions(*c, kinematicsOptions(*cmd));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
