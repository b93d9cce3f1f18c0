// The reference of a command-line program from its CLI11 definitions (app/cli_reference): every
// command, nested ones too, with its usage, arguments and options; the program's own words around
// them; Markdown table cells and roff text escaped.

#include <gtest/gtest.h>

#include "cli_reference.h"

namespace mbw {
namespace {

using cli_reference::ReferenceTexts;

// a small program: a command with a positional, a required option, a list, a flag and a default,
// and a command with a nested one
struct Program {
  CLI::App app{"prog - does things.\nMore about it.", "prog"};
  std::string file, mode = "fast", pipe;
  std::vector<double> values;
  bool verbose = false;

  Program() {
    CLI::App* go = app.add_subcommand("go", "Go somewhere");
    go->add_option("file", file, "the input file")->required();
    go->add_option("--mode,-m", mode, "fast or slow")->capture_default_str();
    go->add_option("--values", values, "a list")->delimiter(',');
    go->add_option("--pipe", pipe, "a | in a cell")->required();
    go->add_flag("--verbose", verbose, "-- say more");
    CLI::App* group = app.add_subcommand("group", "A group");
    group->add_subcommand("inner", ".starts with a dot, has a \\ backslash");
  }
};

// the texts the reference takes besides the program's own definitions
ReferenceTexts texts() {
  ReferenceTexts t;
  t.markdownPreamble = "PREAMBLE\n\n";
  t.manGeneratedBy = "prog reference";
  t.manVersion = "1.0";
  t.manManual = "Prog Manual";
  t.manDescription = " does things.";
  t.manSeeAlso = ".BR other (1)\n";
  t.exitStatuses = {{0, "success"}, {2, "bad input"}};
  t.examples = {{"prog go in.txt", "go with the input"}};
  return t;
}

// docs/cli-reference.md is generated, so what a reader looks up (every command, how to call it,
// which options it takes and their defaults) comes from the program itself
TEST(CliReference, MarkdownHasEveryCommandWithItsUsageAndOptions) {
  const Program p;
  const std::string md = cli_reference::markdownReference(p.app, texts());
  // the title, the preamble, the description, the table of commands
  EXPECT_EQ(md.rfind("# Command-line reference (`prog`)\n\nPREAMBLE\n\n`prog`: does things. More "
                     "about it.\n\n",
                     0),
            0u)
      << md;
  EXPECT_NE(md.find("| [`group inner`](#prog-group-inner) |"), std::string::npos) << md;
  // usages: the positional, the nested command, the options
  EXPECT_NE(md.find("prog go FILE [OPTIONS]\n"), std::string::npos) << md;
  EXPECT_NE(md.find("prog group COMMAND\n"), std::string::npos) << md;
  EXPECT_NE(md.find("## `prog group inner`"), std::string::npos) << md;
  // the rows: required, defaults, lists, flags without a value, a | escaped
  EXPECT_NE(md.find("| `FILE` (required) | `TEXT` | | the input file |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `-m, --mode` | `TEXT` | `fast` | fast or slow |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `--values` | `FLOAT,...` | | a list |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `--verbose` | | | -- say more |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `--pipe` (required) | `TEXT` | | a \\| in a cell |"), std::string::npos)
      << md;
  // the exit statuses and the examples
  EXPECT_NE(md.find("| 2 | bad input |"), std::string::npos) << md;
  EXPECT_NE(md.find("prog go in.txt   # go with the input\n"), std::string::npos) << md;
}

// an option that three commands take word for word is listed once and named in each; the same
// name with another description stays in its command's table, and the man page lists all
TEST(CliReference, MarkdownListsTheSharedOptionsOnce) {
  CLI::App app{"prog - does things.", "prog"};
  double tEnd = 1;
  for (const char* name : {"a", "b", "c"})
    app.add_subcommand(name, "A command")->add_option("--t-end", tEnd, "end time, s");
  app.add_subcommand("d", "Another")->add_option("--t-end", tEnd, "end of the window, s");
  const std::string md = cli_reference::markdownReference(app, texts());
  const std::string row = "| `--t-end` | `FLOAT` | | end time, s |\n";
  ASSERT_NE(md.find(row), std::string::npos) << md;
  EXPECT_EQ(md.find(row, md.find(row) + 1), std::string::npos) << md;
  EXPECT_LT(md.find("## `prog d`"), md.find("## Options shared by several commands"));
  EXPECT_LT(md.find("## Options shared by several commands"), md.find(row));
  EXPECT_NE(md.find("## `prog a`\n\nA command\n\n```\nprog a [OPTIONS]\n```\n\n"
                    "[Shared options](#options-shared-by-several-commands): `--t-end`.\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| `--t-end` | `FLOAT` | | end of the window, s |\n"), std::string::npos) << md;
  // the man page lists every command's options in full: the shared one under each of its three
  const std::string man = cli_reference::manPageReference(app, texts());
  size_t count = 0;
  for (size_t at = man.find("end time, s"); at != std::string::npos;
       at = man.find("end time, s", at + 1))
    ++count;
  EXPECT_EQ(count, 3u) << man;
}

// the man page shows the option names, a leading dot and a backslash as written, where unescaped
// roff would swallow a line or mangle a hyphen
TEST(CliReference, ManPageEscapesRoff) {
  // the header comment and the title line, the name and the description split into paragraphs
  const Program p;
  const std::string man = cli_reference::manPageReference(p.app, texts());
  EXPECT_EQ(man.rfind(".\\\" Generated from the program's own definitions by `prog reference`.\n"
                      ".TH PROG 1 \"\" \"prog 1.0\" \"Prog Manual\"\n",
                      0),
            0u)
      << man;
  EXPECT_NE(man.find(".SH NAME\nprog \\- does things\n"), std::string::npos) << man;
  EXPECT_NE(man.find(".SH DESCRIPTION\nprog does things.\n.PP\nMore about it.\n"),
            std::string::npos)
      << man;
  // options with their value and default, hyphens as \-
  EXPECT_NE(man.find(".TP\n\\fB\\-m, \\-\\-mode\\fR \\fITEXT\\fR\nfast or slow (default: fast)\n"),
            std::string::npos)
      << man;
  // a line that would start with a dot is guarded; a backslash is \e
  EXPECT_NE(man.find("\\&.starts with a dot, has a \\e backslash"), std::string::npos) << man;
  EXPECT_NE(man.find(".SH EXIT STATUS\n.TP\n.B 0\nsuccess\n"), std::string::npos) << man;
  EXPECT_NE(man.find(".SH SEE ALSO\n.BR other (1)\n"), std::string::npos) << man;
}

}  // namespace
}  // namespace mbw
