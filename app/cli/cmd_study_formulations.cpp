// mbw-cli study formulations: Kissel et al.'s comparison of rA, rp and rE (Tables 8-10, Figs. 4-7),
// and joint coordinates against rp in state space.
// The study is the engine's (studies/formulation_study.h); this file parses and prints.

#include <filesystem>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "formulation_study_figures.h"
#include "simulation/file_claims.h"
#include "studies/formulation_study_tables.h"
#include "studies/study_options.h"
#include "studies/study_report_text.h"
#include "study_console.h"

namespace mbw::cli {
namespace {

// the engine's request and its options (studies/study_options.h), the runs one at a time
struct StudyFormulationsCommand : FormulationStudyRequest {
  StudyRunRequest study = formulationStudyRun();
};

int run(const StudyFormulationsCommand& cmd) {
  // the paper's settings (or the quick ones), refused without a timed run, and the directory
  const FormulationStudySettings settings = formulationStudySettings(cmd);
  createOutputDirectory(cmd.outputDir);

  // the runs, a line only for those that did not complete; the results from the records made
  const Study study = makeFormulationStudy(settings);
  const StudyOutcome outcome = runStudyFromCli(study, cmd.study, formulationRunLine);
  const std::vector<RunRecord> records = outcome.madeRecords();
  FormulationStudy results = formulationStudyResults(settings, study, records);
  results.interrupted = outcome.interrupted;

  // the tables printed and written, then the figures where this build can draw them
  const std::filesystem::path dir(cmd.outputDir);
  // each table printed, and written as CSV into the directory
  for (const auto& [file, table] : formulationStudyTables(results)) {
    table.print(std::cout);
    table.writeCsv((dir / file).string());
  }
#ifdef MBW_HAVE_PLOT
  // the figures, in the chosen format
  for (const auto& [file, figure] : plot::formulationStudyFigures(results))
    saveFigure(figure, cmd.study.figureFile((dir / file).string()));
  std::cout << "tables (CSV) and figures (" << cmd.study.figureFormat << ") in " << cmd.outputDir
            << "\n";
#else
  // without plotting: the tables only
  std::cout << "tables (CSV) in " << cmd.outputDir
            << "; figures skipped: this build has no plotting (configure with MBW_BUILD_GUI=ON)\n";
#endif

  // the exit status says how the runs ended
  if (results.interrupted) {
    std::cout << "interrupted (Ctrl-C): the tables hold the runs made until then\n";
    return kInterrupted;
  }
  return outcome.failed() ? kNumericalFailure : kSuccess;
}

}  // namespace

Command addStudyFormulationsCommand(CLI::App& study) {
  auto cmd = std::make_shared<StudyFormulationsCommand>();
  CLI::App* c = study.add_subcommand(
      "formulations",
      "Compare rA, rp and rE as Kissel et al. 2021 do: speedups and Newton iterations for "
      "kinematics and "
      "dynamics (Tables 8-10), iterations against the step (Fig. 4), order analysis (Figs. 5-7); "
      "and joint coordinates against rp with rn4 on every built-in scene");
  // the engine's options, then --jobs (default 1) and the figures' format
  addCommandOptions(*c, formulationStudyOptions(*cmd));
  addCommandOptions(*c, formulationStudyRunOptions(cmd->study));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
