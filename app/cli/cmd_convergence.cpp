// mbw-cli convergence SCENE: relative errors (Zhang et al. 2022 eq 26) of several integrators at
// several steps against a reference run, observed orders, and Newton iterations per step (Figure
// 28). The study and its tables are the engine's (studies/method_grid*.h); this file parses and
// prints.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "method_grid_figures.h"
#include "study_console.h"
#include "studies/method_grid_tables.h"
#include "studies/study_options.h"
#include "studies/study_report_text.h"

namespace mbw::cli {
namespace {

// the engine's request and its options (studies/study_options.h), with the run's and the study's
struct ConvergenceCommand : ConvergenceRequest {
  RunOptions options;
  StudyRunRequest study;
};

int run(const ConvergenceCommand& cmd) {
  // the engine's study at the scene's settings with the user's: every method at every step
  // against one reference run, and the outputs compared
  const Model model = loadSceneOrThrow(cmd.scene);
  const ConvergenceStudy convergence = makeConvergenceStudy(model, cmd.options.resolve(model), cmd);
  const Study& study = convergence.study;
  const std::vector<std::string>& outputs = convergence.outputs;

  // the runs, a line each with its relative errors as they finish
  const StudyOutcome outcome = runStudyFromCli(study, cmd.study, [&](const RunRecord& r) {
    return convergenceRunLine(study.runs[r.run], r, outputs);
  });
  const std::vector<RunRecord> records = outcome.madeRecords();

  // the observed orders, then the CSV and the figure where asked for
  const std::vector<std::vector<MethodOrder>> orders = observedOrdersByOutput(study, records);
  std::cout << observedOrdersText(outputs, orders);

  if (!cmd.output.empty()) {
    writeConvergenceTable(cmd.output, model.name, study, records, orders);
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty())
    savePlot(plot::methodConvergenceFigure(
                 study, records, outputs,
                 model.name + " - convergence against " + study.references[0].description),
             cmd.plot);
  return studyExitStatus(outcome);
}

}  // namespace

Command addConvergenceCommand(CLI::App& app) {
  auto cmd = std::make_shared<ConvergenceCommand>();
  CLI::App* c = app.add_subcommand("convergence",
                                   "Relative errors (Zhang et al. 2022 eq 26) and observed orders "
                                   "of integrators against a reference run");
  addCommandOptions(*c, convergenceOptions(*cmd));
  // the run options the studies offer, then the study's own
  cmd->options.addStudyOptionsTo(*c);
  addCommandOptions(*c, studyRunOptions(cmd->study));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
