#include "cli_program.h"

#include <sstream>

#include "cli_common.h"
#include "run_progress.h"
#include "simulation/csv.h"

namespace mbw::cli {

// the exit statuses, as the help's footer lists them
const std::vector<ExitStatus>& exitStatuses() {
  static const std::vector<ExitStatus> statuses = {
      {kSuccess, "success"},
      {kBadInput, "bad input: the message names the file and the JSON path of the field"},
      // a run that failed, or an output that could not be written
      {kNumericalFailure,
       "numerical failure: the message says when and why; the CSV holds every step computed until "
       "then"},
      {kOutputFailure,
       "an output could not be written (disk full, file size limit): the run stopped, the CSV "
       "keeps its whole rows"},
      // the signals that stop a run, each keeping its outputs
      {kHungUp,
       "stopped with SIGHUP (the terminal closed): the summary, CSV and plot are still written"},
      {kInterrupted, "stopped with Ctrl-C: the summary, CSV and plot are still written"},
      {kQuit, "stopped with SIGQUIT (Ctrl-\\): the summary, CSV and plot are still written"},
      {kTerminated, "stopped with SIGTERM: the summary, CSV and plot are still written"},
  };
  return statuses;
}

CliProgram::CliProgram()
    : app("mbw-cli - dynamics of constrained mechanical systems, headless.\n"
          "Scenes are built-in names (see `mbw-cli list`) or JSON files.",
          "mbw-cli") {
  // the version, and one subcommand required
  app.set_version_flag("--version", std::string("mbw-cli ") + mbw::engineVersion());
  app.require_subcommand(1);
  // the exit statuses in the help's footer
  std::ostringstream footer;
  footer << "Exit status:";
  for (const ExitStatus& s : exitStatuses())
    footer << "\n  " << s.code << (s.code < 10 ? "    " : "  ") << s.meaning;
  app.footer(footer.str());
  // every command, in the order of the help
  commands = {addListCommand(app),        addValidateCommand(app), addRunCommand(app),
              addKinematicsCommand(app),  addStaticCommand(app),   addSchemaCommand(app),
              addGenerateCommand(app),    addStudyCommand(app),    addLinearAnalysisCommand(app),
              addConvergenceCommand(app), addCompareCommand(app),  addSweepCommand(app),
              addPlotCommand(app),        addReferenceCommand(app)};
}

int CliProgram::runParsed() const {
  // the one subcommand parsed runs
  for (const Command& c : commands)
    if (c.subcommand->parsed()) return c.run();
  return kBadInput;
}

}  // namespace mbw::cli
