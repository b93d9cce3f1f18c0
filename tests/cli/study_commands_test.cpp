// The study commands as a user meets them: work-precision writes its long-format table and its
// diagram; bad settings are refused with exit status 2 before anything runs.

#include <gtest/gtest.h>

#include <fstream>

#include "command_runner.h"
#include "studies/results_table.h"

namespace mbw {
namespace {

test::CommandOutcome runCli(const std::string& arguments) {
  return test::runCommand(std::string(MBW_CLI_PATH) + " " + arguments);
}

TEST(StudyCommands, WorkPrecisionWritesTheTableAndTheDiagram) {
  const std::string csv = ::testing::TempDir() + "/wp.csv", png = ::testing::TempDir() + "/wp.png";
  const test::CommandOutcome o =
      runCli("study work-precision double-pendulum --t-end 0.3 --integrators rn4,lms2,bathe --tolerances 1e-3,1e-5 "
             "--steps 1e-2 --outputs body_2.y --repeat 2 --jobs 2 -o " + csv + " --plot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("the engine's reference-quality run"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("2 at once"), std::string::npos) << o.output;
  const TextTable table = readTextTable(csv);
  ASSERT_EQ(table.rows.size(), 5u);
  for (const char* column : {"max_error(body_2.y)", "rms_error(body_2.y)", "final_error(body_2.y)", "cpu_s",
                             "steps", "newton_iterations", "factorizations", "rejected_error"})
    EXPECT_GE(table.column(column), 0) << column;
  EXPECT_EQ(table.rows[0][table.column("repeat")], "2");
  EXPECT_EQ(table.unit("max_error(body_2.y)"), "m");
  if (o.output.find("no plotting") == std::string::npos) {
    std::ifstream image(png, std::ios::binary | std::ios::ate);
    EXPECT_TRUE(image && image.tellg() > 1000);
  }
}

TEST(StudyCommands, WorkPrecisionRefusesWhatCannotRun) {
  test::CommandOutcome o = runCli("study work-precision double-pendulum --integrators bathe --tolerances 1e-3");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("bathe runs with fixed steps only"), std::string::npos) << o.output;
  o = runCli("study work-precision double-pendulum --integrators rn4 --tolerances 1e-3 --outputs body_9.x");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("no run of the study records 'body_9.x'"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace mbw
