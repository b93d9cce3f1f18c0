#pragma once
// The subcommands of mbw-cli. Each adds itself to the app and returns the action to run when the
// user chose it; the action returns the process exit code.

#include <CLI/CLI.hpp>
#include <functional>

namespace mbw::cli {

struct Command {
  CLI::App* subcommand;
  std::function<int()> run;
};

Command addListCommand(CLI::App& app);
Command addValidateCommand(CLI::App& app);
Command addRunCommand(CLI::App& app);
Command addKinematicsCommand(CLI::App& app);
Command addStaticCommand(CLI::App& app);
Command addSchemaCommand(CLI::App& app);
Command addGenerateCommand(CLI::App& app);
Command addLinearAnalysisCommand(CLI::App& app);
Command addConvergenceCommand(CLI::App& app);
Command addCompareCommand(CLI::App& app);
Command addStudyCommand(CLI::App& app);
Command addSweepCommand(CLI::App& app);
Command addPlotCommand(CLI::App& app);
// the reference of the whole program `app` (every command, walked when it runs)
Command addReferenceCommand(CLI::App& app);
// `study formulations` and `study work-precision`, added to the `study` command
Command addStudyFormulationsCommand(CLI::App& study);
Command addStudyWorkPrecisionCommand(CLI::App& study);

}  // namespace mbw::cli
