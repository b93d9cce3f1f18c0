// mbw-cli list: built-in scenes, integrators, formulations (the engine's words,
// simulation/catalog_text.h).

#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "simulation/catalog_text.h"

namespace mbw::cli {

Command addListCommand(CLI::App& app) {
  CLI::App* c =
      app.add_subcommand("list", "List the built-in scenes, integrators and formulations");
  // the engine's catalogue, printed
  return {c, [] {
            std::cout << catalogText();
            return kSuccess;
          }};
}

}  // namespace mbw::cli
