// The study commands as a user meets them: work-precision writes its long-format table and its
// diagram; study flexible writes its table of runs, the figures' time histories and one PNG per
// figure of the seed; bad settings are refused with exit status 2 before anything runs.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

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

TEST(StudyCommands, FlexibleWritesTheRunsTheHistoriesAndTheSeedsFigures) {
  const std::string dir = ::testing::TempDir() + "/flexible/out";
  std::filesystem::remove_all(dir);
  const test::CommandOutcome o = runCli("study flexible buckling --quick --t-end 0.05 --jobs 2 -o " + dir);
  ASSERT_EQ(o.status, 0) << o.output;
  // one method per group: lms2 at rho_inf 0 and 0.6, mssth3; Delta t = n * 1e-3 s
  const TextTable runs = readTextTable(dir + "/buckling_runs.csv");
  ASSERT_EQ(runs.rows.size(), 3u);
  for (const auto& row : runs.rows) EXPECT_EQ(row[runs.column("status")], "completed");
  EXPECT_EQ(runs.rows[2][runs.column("method")], "mssth3 (0)");
  EXPECT_EQ(runs.rows[2][runs.column("dt")], "0.003");
  EXPECT_EQ(runs.rows[2][runs.column("steps")], "17");
  // the histories: every method, the three channels of Figs 18-20, rows in [0, 0.05] s
  std::ifstream series(dir + "/buckling_series.csv");
  ASSERT_TRUE(series);
  std::string line;
  std::set<std::string> methods;
  size_t rows = 0;
  while (std::getline(series, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("method,", 0) == 0) {
      EXPECT_EQ(line, "method,t,theta_mid,beam.5.wx,mid.F3");
      continue;
    }
    methods.insert(line.substr(0, line.find("\",") + 1));
    const double t = std::stod(line.substr(line.find("\",") + 2));
    EXPECT_TRUE(t >= 0.0 && t <= 0.05 + 1e-12) << line;
    ++rows;
  }
  EXPECT_EQ(methods.size(), 3u);
  EXPECT_EQ(rows, 51u + 51u + 18u);
  if (o.output.find("no plotting") == std::string::npos) {
    for (const char* figure : {"fig18_buckling.png", "fig19_buckling.png", "fig20_buckling.png"}) {
      EXPECT_GT(std::filesystem::file_size(dir + "/" + figure), 1000u) << figure;
    }
  }
}

TEST(StudyCommands, FlexibleRefusesAnUnknownPart) {
  const test::CommandOutcome o = runCli("study flexible four-bars -o " + ::testing::TempDir() + "/flexible-bad");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("unknown part 'four-bars'"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace mbw
