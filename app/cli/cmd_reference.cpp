// mbw-cli reference: every command and option, written from the program's own definitions, as
// Markdown (docs/cli-reference.md) or as the man page mbw-cli(1).

#include <memory>

#include "cli_common.h"
#include "cli_reference.h"
#include "commands.h"

namespace mbw::cli {

Command addReferenceCommand(CLI::App& app) {
  struct Options {
    std::string format = "markdown";
    std::string output;
  };
  auto o = std::make_shared<Options>();
  CLI::App* c = app.add_subcommand(
      "reference", "Print the reference of every command and option (Markdown or a man page)");
  c->add_option("--format", o->format, "markdown (docs/cli-reference.md) or man (mbw-cli(1))")
      ->capture_default_str()
      ->check(CLI::IsMember({"markdown", "man"}));
  c->add_option("--output,-o", o->output, "write it to this file instead of standard output");
  // the whole program: the root of the command this one was added to
  const CLI::App* program = &app;
  return {c, [o, program] {
            return writeOutput(
                o->format == "man" ? referenceManPage(*program) : referenceMarkdown(*program),
                o->output);
          }};
}

}  // namespace mbw::cli
