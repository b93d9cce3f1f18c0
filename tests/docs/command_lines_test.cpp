// Every command line the documentation shows still parses: the mbw-cli ones with the program's
// own CLI11 definitions, the mbw ones with the workbench's command-line parser. Parsing checks
// commands, option names, value types and choices; it runs nothing.

#include <gtest/gtest.h>

#include "cli_program.h"
#include "doc_command_lines.h"
#include "test_paths.h"

#ifdef MBW_HAVE_GUI
#include <QStringList>

#include "command_line.h"
#endif

namespace mbw {
namespace {

using test::DocCommandLine;

// the file, line and text of a documented command, for the failure's message
std::string where(const DocCommandLine& c) {
  return c.file + ":" + std::to_string(c.line) + ": " + c.text;
}

// "" when the arguments parse, the parser's message otherwise
std::string parseCli(const std::vector<std::string>& arguments) {
  cli::CliProgram program;
  std::vector<std::string> reversed(arguments.rbegin(),
                                    arguments.rend());  // CLI11 takes them last first
  // asking for help or for the version is a line that parses
  try {
    program.app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
  } catch (const CLI::CallForAllHelp&) {
  } catch (const CLI::CallForVersion&) {
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

// the documented lines are split into words as a shell would, so a quoted file name or a trailing
// comment in a page reaches the parser as the reader would type it
TEST(DocCommandLines, ShellWordsFollowQuotesAndComments) {
  // quotes group words and are removed; '#' starts a comment only at the start of a word
  EXPECT_EQ(test::shellWords(R"(a 'b c' "d # e" f  # g)"),
            (std::vector<std::string>{"a", "b c", "d # e", "f"}));
  EXPECT_EQ(test::shellWords("x=1#2"), (std::vector<std::string>{"x=1#2"}));
}

// the check below is only worth something if parsing refuses a line that would fail for a reader
TEST(DocCommandLines, TheParserRefusesWhatIsWrong) {
  // a good line, then a misspelt option, a bad value, a misspelt command and a bad choice
  EXPECT_EQ(parseCli({"run", "double-pendulum", "--step", "1e-3"}), "");
  EXPECT_NE(parseCli({"run", "double-pendulum", "--stepp", "1e-3"}), "");
  EXPECT_NE(parseCli({"run", "double-pendulum", "--step", "fast"}), "");
  EXPECT_NE(parseCli({"runn", "double-pendulum"}), "");
  EXPECT_NE(parseCli({"run", "x", "--linear-solver", "lu"}), "");
}

// a reader who copies an mbw-cli line from the documentation gets no "unknown option" back
TEST(DocCommandLines, EveryMbwCliLineParses) {
  // every documented mbw-cli line, parsed with the program's own definitions
  int count = 0;
  for (const DocCommandLine& c : test::docCommandLines(MBW_SOURCE_DIR)) {
    if (c.program != "mbw-cli") continue;
    ++count;
    EXPECT_EQ(parseCli(c.arguments), "") << where(c);
  }
  // the command-line guide alone shows about twenty
  EXPECT_GE(count, 20);
}

#ifdef MBW_HAVE_GUI
// the workbench's own parser refuses a misspelt option, so the check of its lines means something
TEST(DocCommandLines, TheWorkbenchParserRefusesWhatIsWrong) {
  // a good line parses; a misspelt option is refused with exit status 2
  int exitCode = -1;
  EXPECT_TRUE(gui::parseCommandLine({"mbw", "four-link", "--t-end", "2"}, &exitCode).has_value());
  EXPECT_FALSE(gui::parseCommandLine({"mbw", "four-link", "--t-ends", "2"}, &exitCode).has_value());
  EXPECT_EQ(exitCode, 2);
}

// a session by option or as the file given (QApplication takes --session for itself)
TEST(DocCommandLines, TheWorkbenchOpensASessionFile) {
  int exitCode = -1;
  const auto byOption = gui::parseCommandLine({"mbw", "--open-session", "work.mbws"}, &exitCode);
  ASSERT_TRUE(byOption.has_value());
  EXPECT_EQ(byOption->session, QString("work.mbws"));
  // a .mbws file named alone is a session, not a scene
  const auto byName = gui::parseCommandLine({"mbw", "work.mbws"}, &exitCode);
  ASSERT_TRUE(byName.has_value());
  EXPECT_EQ(byName->session, QString("work.mbws"));
  EXPECT_TRUE(byName->scene.isEmpty());
  // a scene named beside a session is kept
  const auto scene =
      gui::parseCommandLine({"mbw", "four-link", "--open-session", "work.mbws"}, &exitCode);
  ASSERT_TRUE(scene.has_value());
  EXPECT_EQ(scene->scene, QString("four-link"));
}

// a reader who copies an mbw line from the documentation gets the workbench started as shown
TEST(DocCommandLines, EveryMbwLineParses) {
  // every documented mbw line parses, or asks for help or the version (exit code 0)
  int count = 0;
  for (const DocCommandLine& c : test::docCommandLines(MBW_SOURCE_DIR)) {
    if (c.program != "mbw") continue;
    ++count;
    QStringList arguments{"mbw"};
    for (const std::string& a : c.arguments) arguments << QString::fromStdString(a);
    int exitCode = -1;
    const auto parsed = gui::parseCommandLine(arguments, &exitCode);
    EXPECT_TRUE(parsed.has_value() || exitCode == 0) << where(c);
  }
  // the workbench's page shows how to open it and how its pictures were made
  EXPECT_GE(count, 5);
}
#endif

}  // namespace
}  // namespace mbw
