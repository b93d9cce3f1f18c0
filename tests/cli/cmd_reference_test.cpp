// The reference of mbw-cli, written from its CLI11 definitions: docs/cli-reference.md is its
// current output, every command and option is in it, and the man page is well-formed roff.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli_program.h"
#include "test_paths.h"

namespace mbw {
namespace {

// every command of the program, nested ones too, with its full name ("study tolerance")
void forEachCommand(const CLI::App& app, const std::string& prefix,
                    const std::function<void(const CLI::App&, const std::string&)>& visit) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    const std::string name = prefix.empty() ? sub->get_name() : prefix + " " + sub->get_name();
    visit(*sub, name);
    forEachCommand(*sub, name, visit);
  }
}

// a name as roff writes it: hyphens as \-
std::string roffName(const std::string& name) {
  std::string out;
  for (char c : name) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

// the checked-in reference equals what the program writes now, byte for byte
TEST(CliReference, TheDocumentedReferenceIsCurrent) {
  const cli::CliProgram program;
  std::ifstream in(std::string(MBW_SOURCE_DIR) + "/docs/cli-reference.md");
  ASSERT_TRUE(in) << "docs/cli-reference.md is missing";
  std::stringstream documented;
  documented << in.rdbuf();
  EXPECT_TRUE(documented.str() == cli::referenceMarkdown(program.app))
      << "docs/cli-reference.md is out of date (a command or option changed). Regenerate it with:\n"
         "  build/app/cli/mbw-cli reference -o docs/cli-reference.md";
}

// every command has a heading and its description in the Markdown and a subsection in the man
// page; every long option is named in both
TEST(CliReference, NamesEveryCommandAndOption) {
  const cli::CliProgram program;
  const std::string markdown = cli::referenceMarkdown(program.app);
  const std::string man = cli::referenceManPage(program.app);
  int commands = 0;
  forEachCommand(program.app, "", [&](const CLI::App& command, const std::string& name) {
    ++commands;
    EXPECT_NE(markdown.find("## `mbw-cli " + name + "`"), std::string::npos) << name;
    EXPECT_NE(markdown.find(command.get_description()), std::string::npos) << name;
    EXPECT_NE(man.find(".SS \"mbw\\-cli " + roffName(name)), std::string::npos) << name;
    for (const CLI::Option* o : command.get_options())
      for (const std::string& l : o->get_lnames()) {
        EXPECT_NE(markdown.find("--" + l), std::string::npos) << name << " --" << l;
        EXPECT_NE(man.find(roffName("--" + l)), std::string::npos) << name << " --" << l;
      }
  });
  EXPECT_GE(commands, 12);
}

// the .TH line comes right after the first line (a roff comment), then the usual man sections
TEST(CliReference, ManPageIsRoff) {
  const cli::CliProgram program;
  const std::string man = cli::referenceManPage(program.app);
  EXPECT_EQ(man.find(".TH MBW-CLI 1"), man.find('\n') + 1) << man.substr(0, 200);
  for (const char* section : {".SH NAME\nmbw\\-cli \\- ", ".SH SYNOPSIS", ".SH DESCRIPTION",
                              ".SH COMMANDS", ".SH EXIT STATUS", ".SH EXAMPLES", ".SH SEE ALSO"})
    EXPECT_NE(man.find(section), std::string::npos) << section;
  // every line is a request, a comment or text that does not start like one
  std::istringstream lines(man);
  std::string line;
  const std::vector<std::string> requests = {".TH ", ".SH ", ".SS ", ".TP", ".B ",
                                             ".I ",  ".BR ", ".br",  ".PP", ".\\\""};
  while (std::getline(lines, line)) {
    if (line.empty() || (line[0] != '.' && line[0] != '\'')) continue;
    bool known = false;
    for (const std::string& r : requests) known = known || line.rfind(r, 0) == 0;
    EXPECT_TRUE(known) << line;
  }
}

}  // namespace
}  // namespace mbw
