// mbw-cli compare SCENE: several integrators on one scene at the same Delta t / n (Zhang et al.
// 2022 section 5: equal cost), side by side: steps, Newton iterations, energy balance extremes,
// constraint violation, CPU time, and overlaid time histories of chosen outputs (Figures 9-12).
// The study and its table are the engine's (studies/method_grid*.h); this file parses and prints.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "method_grid_figures.h"
#include "simulation/csv.h"
#include "study_console.h"
#include "studies/method_grid_tables.h"
#include "studies/run_histories.h"
#include "studies/study_options.h"

namespace mbw::cli {
namespace {

// the engine's request and its options (studies/study_options.h), with the run's and the study's
struct CompareCommand : CompareRequest {
  RunOptions options;
  StudyRunRequest study;
};

int run(const CompareCommand& cmd) {
  // the engine's study at the scene's settings with the user's: a run per method, the channels
  const Model model = loadSceneOrThrow(cmd.scene);
  const CompareStudy compare = makeCompareStudy(model, cmd.options.resolve(model), cmd);
  const Study& study = compare.study;
  const std::vector<std::string>& channels = compare.channels;

  // the time histories kept for the figure, and the runs' CSVs on request
  RunHistories histories(channels);
  StudyRunHooks hooks;
  hooks.onResults = [&](int run, const Results& results) {
    // each run's CSV in the directory, when asked
    if (!cmd.runsDirectory.empty())
      writeCsv(results, cmd.runsDirectory + "/" + methodRunFileName(compare.methods.at(run)));
    histories.keep(run, results);
  };
  // the runs, a line each as they finish
  const StudyOutcome outcome = runStudyFromCli(
      study, cmd.study,
      [&](const RunRecord& r) {
        return methodLabel(study.runs[r.run].settings) + ": " + recordSummaryText(r);
      },
      hooks);
  const std::vector<RunRecord> records = outcome.madeRecords();

  // the table, then its CSV and the figure where asked for; the exit status says how the runs ended
  std::cout << comparisonTableText(model.name, cmd.step, cmd.perStage, study, records);
  if (!cmd.output.empty()) {
    writeComparisonTable(cmd.output, model.name, study, records);
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty())
    savePlot(plot::comparisonFigure(model.name, cmd.step, cmd.perStage, study, channels, histories),
             cmd.plot);
  return studyExitStatus(outcome);
}

}  // namespace

Command addCompareCommand(CLI::App& app) {
  // the subcommand and its options; --step and --step-per-stage exclude each other, the one given
  // says whether the step is Delta t / n
  auto cmd = std::make_shared<CompareCommand>();
  CLI::App* c = app.add_subcommand(
      "compare", "Several integrators on one scene at equal Delta t or Delta t / n, side by side");
  addCommandOptions(*c, compareOptions(*cmd));
  // after parsing: the step is per stage when --step-per-stage was given
  c->callback([cmd, c] { cmd->perStage = c->get_option("--step-per-stage")->count() > 0; });
  // the run options the studies offer, then the study's own
  cmd->options.addStudyOptionsTo(*c);
  addCommandOptions(*c, studyRunOptions(cmd->study));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
