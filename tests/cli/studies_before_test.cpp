// The studies give the numbers they gave before they were rewritten on the engine's study model
// (engine/src/studies): the tables in tests/cli/studies-before/ were written by the hand-written
// commands of app/cli (commit a8eb6a4), with the arguments below. Every cell must agree to the
// digits written, apart from CPU times. When the engine's numerics change on purpose, build those
// commands (git show a8eb6a4:app/cli/...) against the changed engine, write the tables again with
// the same arguments and say why in the commit. The tables were written with the Newton tolerance
// of 1e-11 at every step: the commands that run steps under 1e-3 s ask for that rule
// (--newton-tol-rule fixed).

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "command_runner.h"
#include "csv_compare.h"
#include "test_paths.h"

namespace mbw {
namespace {

struct BeforeCase {
  const char* name;
  std::string arguments;  // OUT stands for the output file or directory
  // the files compared: produced (relative to the directory OUT, "" = OUT itself) and recorded
  // (in tests/cli/studies-before/)
  std::vector<std::pair<std::string, std::string>> files;
};

void PrintTo(const BeforeCase& c, std::ostream* os) { *os << c.name; }

class StudiesBefore : public ::testing::TestWithParam<BeforeCase> {};

// the arguments with OUT replaced by the output path
std::string replaceOut(std::string text, const std::string& out) {
  const size_t at = text.find("OUT");
  return at == std::string::npos ? text : text.replace(at, 3, out);
}

// a user's study gives the numbers it gave before the study code moved into the engine
TEST_P(StudiesBefore, GiveTheRecordedNumbers) {
  // each study as the command line gives it, its files against those recorded before the study
  // code was moved into the engine: the same numbers to 1e-9 relative, CPU times aside
  const BeforeCase& c = GetParam();
  const std::string out = ::testing::TempDir() + "/studies-before-" + c.name;
  const test::CommandOutcome o =
      test::runCommand(std::string(MBW_CLI_PATH) + " " + replaceOut(c.arguments, out));
  ASSERT_EQ(o.status, 0) << o.output;
  const std::set<std::string> timings = {"cpu_s", "cpu_seconds", "run_cpu_seconds"};
  for (const auto& [produced, recorded] : c.files) {
    const std::string actual = test::readText(produced.empty() ? out : out + "/" + produced);
    const std::string expected =
        test::readText(std::string(MBW_SOURCE_DIR) + "/tests/cli/studies-before/" + recorded);
    ASSERT_FALSE(expected.empty()) << recorded;
    for (const std::string& d : test::csvDifferences(expected, actual, timings))
      ADD_FAILURE() << recorded << ": " << d;
  }
}

// convergence (fixed and variable-step references), compare, and the three studies of the
// papers; the Newton tolerance rule fixed, as it was when the tables were recorded
std::vector<BeforeCase> cases() {
  return {
      {"convergence",
       "convergence double-pendulum --integrators lms2,bathe:0.6,esdirk3-4l2sa --steps "
       "0.02,0.01,0.005 "
       "--t-end 0.5 --outputs body_2.z,body_2.vz,lambda.revJoint_CD_2.1 --newton-tol-rule fixed -o "
       "OUT",
       {{"", "convergence-double-pendulum.csv"}}},
      {"convergence_variable_reference",
       "convergence andrews-squeezer --integrators lms3:0.6,ss3:0.6,esdirk4-6l2sa2 --per-stage "
       "--steps 4e-5,2e-5 "
       "--t-end 0.003 --outputs fe.x,of.wz --reference-rtol 1e-9 --newton-tol-rule fixed -o OUT",
       {{"", "convergence-andrews-variable-reference.csv"}}},
      {"compare",
       "compare andrews-squeezer --integrators lms3,ss3,bathe,mssth3,hht --step-per-stage 1e-4 "
       "--t-end 0.004 --channels energy.balance,of.wz --newton-tol-rule fixed -o OUT",
       {{"", "compare-andrews.csv"}}},
      {"tolerance",
       "study tolerance stiff-double-pendulum --quick -o OUT",
       {{"", "tolerance-stiff-double-pendulum.csv"}}},
      {"explicit_vs_implicit",
       "study explicit-vs-implicit hmmwv-bump --spans 0.05,0.1 --tolerances 1e-2,1e-3 "
       "--figure-t-end 0.1 -o OUT",
       {{"", "explicit-vs-implicit-hmmwv.csv"}}},
      {"formulations",
       "study formulations --quick -o OUT",
       {{"table9_kinematics_iterations.csv", "formulations-table9_kinematics_iterations.csv"},
        {"dynamics_iterations.csv", "formulations-dynamics_iterations.csv"},
        {"orders.csv", "formulations-orders.csv"},
        {"order_analysis.csv", "formulations-order_analysis.csv"}}},
  };
}

INSTANTIATE_TEST_SUITE_P(Recorded, StudiesBefore, ::testing::ValuesIn(cases()),
                         [](const auto& param) { return std::string(param.param.name); });

}  // namespace
}  // namespace mbw
