// mbw-cli sweep STUDY.json -o DIR: the runs of a study file (studies/study_file.h) on all local
// cores, or under MPI on the processes of the job; the long-format table DIR/results.csv is
// appended as runs finish and resumed with --resume; the reference runs are kept in DIR; with
// outputs compared, the work-precision diagram DIR/work-precision.png.

#include <chrono>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "simulation/csv.h"
#include "simulation/file_claims.h"
#include "study_console.h"
#include "studies/study_file.h"
#include "studies/study_options.h"
#include "studies/study_report_text.h"
#include "studies/sweep_job.h"
#include "work_precision_figure.h"

namespace mbw::cli {
namespace {

// the engine's request and its options (studies/study_options.h), --jobs and --resume the study's
struct SweepCommand : SweepRequest {
  StudyRunRequest study;
};

int sweep(const SweepCommand& cmd, Executor& executor);

// the job (studies/sweep_job.h: under MPI, one process's error ends the job and only the first
// process speaks; alone, errors go to main as any command's), an error printed as main prints it
int run(const SweepCommand& cmd) {
  const SweepJob job(cmd.study.jobs);
  return job.run([&] { return sweep(cmd, job.executor()); },
                 [](const std::string& error) { std::cerr << "error: " << error << "\n"; },
                 kBadInput);
}

int sweep(const SweepCommand& cmd, Executor& executor) {
  // the study file, and the directory of its results (and of its runs' CSVs when it keeps them)
  const StudyFile file = readStudyFile(cmd.studyFile);
  const Study& study = file.study;
  const SweepDirectory directory{cmd.directory};
  directory.create(file);

  // the table, appended to (never replaced), the references kept beside it
  const StudyExecutionOptions execution = directory.executionOptions(cmd.study.resume);
  StudyRunRequest options = cmd.study;
  options.table = execution.tableFile;
  options.referenceDirectory = execution.referenceDirectory;
  options.replace = execution.replace;
  StudyRunHooks hooks;
  // each run's CSV, when the file asks for them
  if (file.runFiles)
    hooks.onResults = [&](int run, const Results& r) { writeCsv(r, directory.runFile(run)); };
  // the runs on this machine's threads or the job's processes; only the first process reports
  const bool gathers = executor.gathers();
  if (gathers) std::cout << file.name << " (" << cmd.studyFile << ")\n";
  const auto start = std::chrono::steady_clock::now();
  const StudyOutcome outcome = runStudyFromCli(
      study, options, [&](const RunRecord& r) { return studyFileRunLine(study, r); }, hooks,
      &executor);
  // the other processes end here
  if (!gathers) return kSuccess;

  // what was made and how long it took, then the diagram when some method has a line to draw
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "\n"
            << studyFileSummaryText(study, outcome, wall, executor.workers(),
                                    executor.description());
  std::cout << "table " << options.table << "\n";
  if (!study.outputs.empty() && hasWorkPrecisionLine(study, outcome.madeRecords())) {
    const std::string png = options.figureFile(directory.figure());
    saveSideFigure(plot::workPrecisionFigure(study, outcome, file.measure, file.name), png,
                   std::cout);
  }
  if (!file.thresholds.empty()) {
    // the cheapest run of each method under each threshold, kept as Markdown and printed
    const ThresholdReport report = directory.writeThresholds(file, outcome.records);
    std::cout << "\n"
              << report.heading << "\n"
              << report.table << "thresholds " << directory.thresholds() << "\n";
  }
  // an interrupted sweep continues with --resume
  if (outcome.interrupted) {
    std::cout << "interrupted: continue with the same command and --resume\n";
    return kInterrupted;
  }
  return kSuccess;
}

}  // namespace

Command addSweepCommand(CLI::App& app) {
  auto cmd = std::make_shared<SweepCommand>();
  CLI::App* c = app.add_subcommand("sweep",
                                   "Run a study file (see docs/study-format.md): its table, "
                                   "references and diagram in a directory; "
                                   "under mpirun or srun, on the processes of the job");
  addCommandOptions(*c, sweepOptions(*cmd));
  // the jobs and --resume, then the figures' format
  addCommandOptions(*c, sweepRunOptions(cmd->study));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
