// mbw-cli reference: every command and option, written from the program's own definitions, as
// Markdown (docs/cli-reference.md) or as the man page mbw-cli(1). The generator is the
// cli_reference library's; this file gives it mbw-cli's words around the definitions.

#include <memory>

#include "cli_common.h"
#include "cli_program.h"
#include "commands.h"
#include "scene/schema.h"
#include "simulation/csv.h"

namespace mbw::cli {
namespace {

// mbw-cli's words: the page's preamble, the man page's description and see-also, the exit
// statuses and a few examples (the docs test parses them like every other command line)
cli_reference::ReferenceTexts mbwCliTexts() {
  cli_reference::ReferenceTexts t;
  // the page's navigation, its note that it is generated, and its introduction
  t.markdownPreamble =
      docsNavigationLine() +
      "\n\n<!-- Generated from the program's own definitions by `mbw-cli reference -o "
      "docs/cli-reference.md`; do not edit (a test checks it is current). -->\n\n"
      "Every command and option of `mbw-cli`, written from the program's own definitions (the "
      "same text as `mbw-cli COMMAND --help`, and the man page mbw-cli(1)). The guide with "
      "examples and the CSV format is [The command line](command-line.md).\n\n";
  // the man page's header, description and see-also
  t.manGeneratedBy = "mbw-cli reference --format man";
  t.manVersion = mbw::engineVersion();
  t.manManual = "Multibody Workbench";
  t.manDescription =
      " is the engine of Multibody Workbench without its window (see mbw(1)): it loads scenes, "
      "runs integrators on them, writes the results as CSV and plots, and reproduces the studies "
      "of the papers the workbench follows.";
  t.manSeeAlso =
      ".BR mbw (1)\n.PP\nThe guide: README.md and docs/ in the package's documentation "
      "directory, /usr/share/doc/multibody\\-workbench when installed from the Debian package.\n";
  // the exit statuses, as the help lists them
  t.exitStatuses = exitStatuses();
  // a few examples, each with what it does
  t.examples = {
      {"mbw-cli list", "the built-in scenes, integrators (with capabilities) and formulations"},
      {"mbw-cli run double-pendulum -o dp.csv --plot dp.png",
       "a run at the scene's settings: summary, CSV and plots"},
      {"mbw-cli run slider-crank --integrator hht --step 1e-3 --t-end 3",
       "another integrator, step and end time"},
      {"mbw-cli compare andrews-squeezer --integrators lms3:0.6,ss3:0.6,mssth3 "
       "--step-per-stage 1e-4 --t-end 0.05",
       "three integrators at equal cost, side by side"},
      {"mbw-cli validate my-mechanism.json",
       "check a scene file; every problem with its JSON path"},
  };
  return t;
}

}  // namespace

// the reference as Markdown, mbw-cli's words around it
std::string referenceMarkdown(const CLI::App& program) {
  return cli_reference::markdownReference(program, mbwCliTexts());
}

// the reference as the man page mbw-cli(1)
std::string referenceManPage(const CLI::App& program) {
  return cli_reference::manPageReference(program, mbwCliTexts());
}

// the subcommand: the format and the file, the whole program walked when it runs
Command addReferenceCommand(CLI::App& app) {
  struct Options {
    std::string format = "markdown";
    std::string output;
  };
  auto o = std::make_shared<Options>();
  CLI::App* c = app.add_subcommand(
      "reference", "Print the reference of every command and option (Markdown or a man page)");
  // the format, then the file
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
