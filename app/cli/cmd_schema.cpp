// mbw-cli schema: the scene format reference (Markdown), generated from the schema.

#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "scene/schema.h"

namespace mbw::cli {

Command addSchemaCommand(CLI::App& app) {
  auto output = std::make_shared<std::string>();
  CLI::App* c = app.add_subcommand("schema", "Print the scene format reference (Markdown)");
  c->add_option("--output,-o", *output, "write it to this file instead of standard output");
  return {c, [output] { return writeOutput(sceneFormatMarkdown(), *output); }};
}

}  // namespace mbw::cli
