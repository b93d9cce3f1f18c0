// mbw-cli: the headless engine of Multibody Workbench.

#include <iostream>
#include <vector>

#include "cli_common.h"
#include "commands.h"
#include "simulation/csv.h"

int main(int argc, char** argv) {
  using namespace mbw::cli;
  CLI::App app{"mbw-cli - dynamics of constrained mechanical systems, headless.\n"
               "Scenes are built-in names (see `mbw-cli list`) or JSON files.",
               "mbw-cli"};
  app.set_version_flag("--version", std::string("mbw-cli ") + mbw::engineVersion());
  app.require_subcommand(1);

  const std::vector<Command> commands = {addListCommand(app), addValidateCommand(app),
                                         addRunCommand(app), addKinematicsCommand(app), addStaticCommand(app),
                                         addSchemaCommand(app), addGenerateCommand(app), addStudyCommand(app),
                                         addLinearAnalysisCommand(app), addConvergenceCommand(app),
                                         addCompareCommand(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kSuccess : kBadInput;
  }
  try {
    for (const Command& c : commands)
      if (c.subcommand->parsed()) return c.run();
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kBadInput;
  }
  return kBadInput;
}
