// What `mbw-cli run` and `validate` refuse before anything runs, as a user meets it: settings
// that mean nothing (exit 2, naming the option, or the scene file and the JSON path of the
// setting), runs too large to finish (exit 2 with the estimate, unless --yes), outputs that would
// overwrite an input or each other, and inputs that are slow or huge to refuse (a deep expression,
// a file of megabytes), whose messages stay short and in the project's words.

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>

#include "command_runner.h"
#include "test_models.h"
#include "test_paths.h"

namespace mbw {
namespace {

// --- helpers -------------------------------------------------------------------------------------

using Outcome = test::CommandOutcome;
using Clock = std::chrono::steady_clock;

// runs the built mbw-cli with the given arguments; status and merged output come back
Outcome runCli(const std::string& arguments) {
  return test::runCommand(std::string(MBW_CLI_PATH) + " " + arguments);
}

// writes a file into the test's temporary directory and returns its path
std::string writeFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

const char* kBody = R"({"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]})";

// a free body under gravity whose scene gives these settings
std::string sceneWithSettings(const std::string& name, const std::string& settings) {
  return writeFile(name + ".json", test::sceneJson(std::string("[") + kBody + "]", "[]", "[]",
                                                   R"(, "settings": )" + settings));
}

// --- options that mean nothing -------------------------------------------------------------------

// an option's value that no run can take, and the option the refusal must name
struct MeaninglessOption {
  const char* name;
  const char* options;
  const char* named;  // the option the message names
};

void PrintTo(const MeaninglessOption& m, std::ostream* os) { *os << m.name; }

class CliMeaninglessOption : public ::testing::TestWithParam<MeaninglessOption> {};

// Each was accepted with exit 0 ("completed" after 0 steps for --t-end inf), or exited 3 (bad
// Newton options) after the run started.
TEST_P(CliMeaninglessOption, IsRefusedWithExit2NamingTheOption) {
  // refused with status 2, the option named after "error: ", before any summary is printed
  const MeaninglessOption& m = GetParam();
  const Outcome o = runCli(std::string("run double-pendulum ") + m.options);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find(std::string("error: ") + m.named + ": "), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("status"), std::string::npos) << "the run started: " << o.output;
}

INSTANTIATE_TEST_SUITE_P(
    Each, CliMeaninglessOption,
    ::testing::Values(MeaninglessOption{"t_end_inf", "--t-end inf", "--t-end"},
                      MeaninglessOption{"step_inf", "--step inf", "--step"},
                      MeaninglessOption{"step_zero", "--step 0", "--step"},
                      MeaninglessOption{"rho_inf_nan",
                                        "--integrator generalized-alpha --rho-inf nan",
                                        "--rho-inf"},
                      MeaninglessOption{"record_from_nan", "--record-from nan", "--record-from"},
                      MeaninglessOption{"max_step_negative",
                                        "--integrator ida --rtol 1e-6 --max-step -1", "--max-step"},
                      MeaninglessOption{"newton_tolerance_zero", "--newton-tol 0", "--newton-tol"},
                      MeaninglessOption{"newton_iterations_zero", "--max-newton 0", "--max-newton"},
                      MeaninglessOption{"rtol_negative", "--integrator ida --rtol -1", "--rtol"},
                      MeaninglessOption{"every_zero", "--every 0", "--every"}),
    [](const auto& p) { return std::string(p.param.name); });

// --- settings named where they were given --------------------------------------------------------

// A t_end of 1e12 s at h = 1e-3 s ran without a word about the 1e15 steps ahead. There the run's
// times cannot resolve the step (their spacing is 1.2e-4 s): refused. A run that can be done but
// not finished (1e11 steps at t_end = 1e8 s) is refused with the estimate, unless confirmed.
TEST(CliRunArguments, ARunTooLargeToFinishAsksForYes) {
  // too large to resolve, too many steps, too many output rows: each refused with status 2
  Outcome o = runCli("run double-pendulum --t-end 1e12 --step 1e-3");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("cannot resolve it"), std::string::npos) << o.output;
  o = runCli("run double-pendulum --t-end 1e8 --step 1e-3");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("1e+11 steps"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("--yes"), std::string::npos) << o.output;
  o = runCli("run double-pendulum --t-end 1 --output-step 1e-9");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("--output-step: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("rows"), std::string::npos) << o.output;
  // confirmed, the run starts (and is stopped here by Ctrl-C after a second)
  o = test::runCommand("timeout --preserve-status -s INT 1 " + std::string(MBW_CLI_PATH) +
                       " run double-pendulum --t-end 1e8 --step 1e-3 --yes");
  EXPECT_EQ(o.status, 130) << o.output;
  EXPECT_NE(o.output.find("status           cancelled"), std::string::npos) << o.output;
}

// `validate` passed settings that `run` then refused without naming the file or JSON path.
// a record_from after t_end given by the scene: both validate and run name the file and the JSON
// path
TEST(CliRunArguments, ValidateAndRunNameTheSceneSettingAndItsPath) {
  const std::string scene = sceneWithSettings("bad-settings", R"({"t_end": 1, "record_from": 5})");
  for (const char* command : {"validate ", "run "}) {
    const Outcome o = runCli(command + scene);
    EXPECT_EQ(o.status, 2) << command << o.output;
    EXPECT_NE(o.output.find(scene + ": /settings/record_from: record_from (5 s) is after t_end"),
              std::string::npos)
        << command << o.output;
  }
  // an option given names itself, not the scene
  const Outcome o = runCli("run " + scene + " --record-from 0 --step 0");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("error: --step: "), std::string::npos) << o.output;
}

// `run mine.json -o mine.json` wrote the results over the scene; the CSV and the plot may not be
// one file either.
TEST(CliRunArguments, AnOutputThatWouldOverwriteAnInputOrAnotherOutputIsRefused) {
  // the results written over the scene read, by its own name or another
  const std::string scene = sceneWithSettings("mine", R"({"t_end": 0.01})");
  const std::string before = test::readText(scene);
  Outcome o = runCli("run " + scene + " -o " + scene);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("it is the scene this command reads"), std::string::npos) << o.output;
  EXPECT_EQ(test::readText(scene), before);
  // the same file by another name
  const std::string dir = ::testing::TempDir();
  o = runCli("run " + scene + " -o " + dir + "/./mine.json");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_EQ(test::readText(scene), before);
  const std::string csv = dir + "/both.csv";
  o = runCli("run " + scene + " -o " + csv + " --plot " + csv);
  EXPECT_EQ(o.status, 2) << o.output;
#ifdef MBW_HAVE_PLOT
  EXPECT_NE(o.output.find("the results go there"), std::string::npos) << o.output;
#else
  // a build without plotting refuses the plot first
  EXPECT_NE(o.output.find("this build has no plotting"), std::string::npos) << o.output;
#endif
}

// A plot that cannot be written (--plot /dev/full) is refused before the run, named.
TEST(CliRunArguments, APlotToAFullDeviceIsRefusedBeforeTheRun) {
  const Outcome o = runCli("run double-pendulum --t-end 0.01 --plot /dev/full");
#ifdef MBW_HAVE_PLOT
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("cannot write '/dev/full': No space left on device"), std::string::npos)
      << o.output;
#else
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("'/dev/full'"), std::string::npos) << o.output;
#endif
  EXPECT_EQ(o.output.find("status"), std::string::npos) << "the run started: " << o.output;
}

// --- input that once cost too much or said too much ----------------------------------------------

// `sin(` nested 500 deep is refused as too deep before it is parsed: parsing it first would cost
// tens of seconds and hundreds of MB.
TEST(CliRunArguments, ADeepExpressionIsRefusedBeforeItIsParsed) {
  std::string expression;
  for (int k = 0; k < 500; ++k) expression += "sin(";
  expression += "t";
  for (int k = 0; k < 500; ++k) expression += ")";
  // a force of sin(sin(... sin(t))) 500 deep
  const std::string scene = writeFile(
      "deep-expression.json",
      test::sceneJson(
          std::string("[") + kBody + "]", "[]",
          R"([{"name": "f", "type": "force", "body": "a", "point": [0, 0, 0], "force": [")" +
              expression + R"(", "0", "0"]}])"));
  const auto start = Clock::now();
  const Outcome o = runCli("validate " + scene);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find(scene + ": /forces/0/force/0: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("nested 500 deep"), std::string::npos) << o.output;
  EXPECT_LT(o.output.size(), 1000u) << "the expression is echoed whole";
  EXPECT_LT(seconds, 10.0);  // a guard against the cubic cost, not a timing
}

// A bad file of megabytes gets a short message, in the workbench's words: no JSON library tags
// ("[json.exception.parse_error.101]") and no GiNaC source frames.
TEST(CliRunArguments, MessagesOnHugeOrOddInputAreShortAndInOurWords) {
  // a 2 MB string in a file that is no JSON
  const std::string huge =
      writeFile("huge.json", "{\"name\": \"" + std::string(2000000, 'x') + "\" oops");
  Outcome o = runCli("validate " + huge);
  EXPECT_EQ(o.status, 2) << o.output.substr(0, 2000);
  EXPECT_LT(o.output.size(), 2000u) << o.output.substr(0, 2000);
  EXPECT_NE(o.output.find("invalid JSON at line 1"), std::string::npos) << o.output.substr(0, 2000);
  EXPECT_EQ(o.output.find("json.exception"), std::string::npos) << o.output;
  // GiNaC's complaint about an unknown name, and its parse error, in our words
  const std::string odd = writeFile(
      "odd-expression.json",
      test::sceneJson(
          std::string("[") + kBody + "]", "[]",
          R"([{"name": "f", "type": "force", "body": "a", "point": [0, 0, 0], "force": ["omega*t", "sin(", "0"]}])"));
  o = runCli("validate " + odd);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("unknown name \"omega\""), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("it ends before it is complete"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("GiNaC"), std::string::npos) << o.output;
  EXPECT_EQ(o.output.find("\n\n"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace mbw
