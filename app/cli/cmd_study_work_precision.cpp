// mbw-cli study work-precision SCENE: each integrator at each tolerance or step, its errors
// against a reference run and its CPU time; the long-format table and the diagram (CPU time
// against error, one line per integrator). The study is the engine's (studies/work_precision.h).

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "study_console.h"
#include "studies/study_options.h"
#include "studies/study_report_text.h"
#include "studies/work_precision.h"
#include "work_precision_figure.h"

namespace mbw::cli {
namespace {

// the engine's request and its options (studies/study_options.h), with the run's and the study's
struct WorkPrecisionCommand : WorkPrecisionRequest {
  RunOptions options;
  StudyRunRequest study;
};

int run(const WorkPrecisionCommand& cmd) {
  // the scene, the run settings, the error measure, and the engine's study
  const Model model = loadSceneOrThrow(cmd.scene);
  const RunSettings base = cmd.options.resolve(model);
  const ErrorMeasure measure = parseErrorMeasure(cmd.measure);
  const Study study = makeWorkPrecisionStudy(cmd.scene, model, base, workPrecisionSettings(cmd));
  std::cout << workPrecisionHeading(study, model.name, base.tEnd);

  // the runs, a line each as they finish
  const StudyOutcome outcome = runStudyFromCli(study, cmd.study, [&](const RunRecord& r) {
    return workPrecisionRunLine(study, r, measure);
  });
  const std::vector<RunRecord> records = outcome.madeRecords();

  // the table, then the CSV (written as the runs finished) and the figure
  std::cout << workPrecisionTableText(study, records, measure);
  if (!cmd.output.empty())
    std::cout << "CSV   " << cmd.output << " (one row per run, every error measure)\n";
  if (!cmd.plot.empty())
    savePlot(plot::workPrecisionFigure(study, outcome, measure,
                                       model.name + ": work-precision (reference: " +
                                           workPrecisionReferenceName(study) + ")"),
             cmd.plot);
  return studyExitStatus(outcome);
}

}  // namespace

Command addStudyWorkPrecisionCommand(CLI::App& study) {
  auto cmd = std::make_shared<WorkPrecisionCommand>();
  CLI::App* c = study.add_subcommand("work-precision",
                                     "Each integrator at each tolerance (or step): errors against "
                                     "a reference run and CPU time; the "
                                     "work-precision diagram");
  addCommandOptions(*c, workPrecisionOptions(*cmd));
  // the run options the studies offer, then the study's own (without --table)
  cmd->options.addStudyOptionsTo(*c);
  addCommandOptions(*c, studyRunOptions(cmd->study, 0));
  // the long-format table goes to -o
  c->callback([cmd] { cmd->study.table = cmd->output; });
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
