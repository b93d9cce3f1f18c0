// mbw-cli study work-precision SCENE: each integrator at each tolerance or step, its errors
// against a reference run and its CPU time; the long-format table and the diagram (CPU time
// against error, one line per integrator). The study is the engine's (studies/work_precision.h).

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "study_console.h"
#include "studies/study_report_text.h"
#include "studies/work_precision.h"
#include "work_precision_figure.h"

namespace mbw::cli {
namespace {

struct WorkPrecisionCommand {
  std::string scene, integrators, outputs, reference, measure = "max", output, plot;
  std::vector<double> tolerances, steps;
  double referenceTolerance = 0.0, referenceStep = 0.0;
  int repeat = 1;
  RunOptions options;
  StudyCliOptions study;
};

int run(const WorkPrecisionCommand& cmd) {
  const Model model = loadSceneOrThrow(cmd.scene);
  const RunSettings base = cmd.options.resolve(model);
  WorkPrecisionSettings settings;
  settings.tolerances = cmd.tolerances;
  settings.steps = cmd.steps;
  settings.outputs = splitList(cmd.outputs);
  settings.repeat = cmd.repeat;
  settings.reference = referenceChoice(cmd.reference, cmd.referenceTolerance, cmd.referenceStep);
  const ErrorMeasure measure = parseErrorMeasure(cmd.measure);
  settings.methods = parseStudyMethods(cmd.integrators);
  const Study study = makeWorkPrecisionStudy(cmd.scene, model, base, settings);
  std::cout << workPrecisionHeading(study, model.name, base.tEnd);

  const StudyOutcome outcome = runStudyFromCli(study, cmd.study, [&](const RunRecord& r) {
    return workPrecisionRunLine(study, r, measure);
  });
  const std::vector<RunRecord> records = outcome.madeRecords();

  std::cout << workPrecisionTableText(study, records, measure);
  if (!cmd.output.empty())
    std::cout << "CSV   " << cmd.output << " (one row per run, every error measure)\n";
  if (!cmd.plot.empty()) {
    saveFigure(plot::workPrecisionFigure(study, outcome, measure,
                                         model.name + ": work-precision (reference: " +
                                             workPrecisionReferenceName(study) + ")"),
               cmd.plot);
    std::cout << "plot  " << cmd.plot << "\n";
  }
  if (outcome.interrupted) return kInterrupted;
  return outcome.failed() ? kNumericalFailure : kSuccess;
}

}  // namespace

Command addStudyWorkPrecisionCommand(CLI::App& study) {
  auto cmd = std::make_shared<WorkPrecisionCommand>();
  CLI::App* c = study.add_subcommand("work-precision",
                                     "Each integrator at each tolerance (or step): errors against "
                                     "a reference run and CPU time; the "
                                     "work-precision diagram");
  c->add_option("scene", cmd->scene, "built-in scene name or scene file")->required();
  c->add_option("--integrators", cmd->integrators, "comma-separated NAME or NAME:RHO_INF")
      ->required();
  c->add_option("--tolerances", cmd->tolerances,
                "rtol = atol of the integrators that choose their steps")
      ->delimiter(',');
  c->add_option("--steps", cmd->steps,
                "fixed steps Delta t of the others (of all, without --tolerances), s")
      ->delimiter(',');
  c->add_option("--outputs", cmd->outputs,
                "comma-separated CSV columns compared (default: the scene's named outputs, else "
                "the last body's x, y, z)");
  c->add_option("--reference", cmd->reference,
                "the reference: an integrator, or a run's CSV (FILE.csv); default: the engine's "
                "reference-quality run (CVODE BDF at 1e-12)");
  c->add_option("--reference-tol", cmd->referenceTolerance,
                "rtol = atol of the reference integrator (default 1e-10)");
  c->add_option("--reference-step", cmd->referenceStep,
                "a fixed step for the reference integrator instead, s");
  c->add_option("--repeat", cmd->repeat, "runs of each setting; the CPU time is the least")
      ->capture_default_str();
  c->add_option("--measure", cmd->measure,
                "the error of the diagram: max or rms over the run, or final (at t_end)")
      ->capture_default_str();
  c->add_option("--output,-o", cmd->output,
                "write the long-format table (one row per run) to this CSV file");
  c->add_option(
      "--plot", cmd->plot,
      "write the work-precision diagram to this file (PNG; .svg or .pdf: a vector drawing)");
  cmd->options.addStudyOptionsTo(*c);
  cmd->study.addTo(*c, false);
  c->callback([cmd] { cmd->study.table = cmd->output; });
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
