// The study commands as a user meets them: work-precision writes its long-format table and its
// diagram; study flexible writes its table of runs, the figures' time histories and one PNG per
// figure of Zhang et al. 2022; bad settings are refused with exit status 2 before anything runs; a
// sweep killed part-way resumes without making again the runs its table holds.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "command_runner.h"
#include "studies/results_table.h"
#include "test_paths.h"

namespace mbw {
namespace {

// runs the built mbw-cli with the given arguments; status and merged output come back
test::CommandOutcome runCli(const std::string& arguments) {
  return test::runCommand(std::string(MBW_CLI_PATH) + " " + arguments);
}

// --- work-precision ------------------------------------------------------------------------------

// the variable-step methods (rn4, lms2) at the two tolerances and bathe, fixed steps only, at the
// step: five runs, each timed twice, two at once; the long-format table with its error and cost
// columns
TEST(StudyCommands, WorkPrecisionWritesTheTableAndTheDiagram) {
  const std::string csv = ::testing::TempDir() + "/wp.csv", png = ::testing::TempDir() + "/wp.png";
#ifdef MBW_HAVE_PLOT
  const std::string plot = " --plot " + png;
#else
  const std::string
      plot;  // a build without plotting refuses --plot (PlotDrawsATableColumnAgainstAnother)
#endif
  const test::CommandOutcome o = runCli(
      "study work-precision double-pendulum --t-end 0.3 --integrators rn4,lms2,bathe --tolerances "
      "1e-3,1e-5 "
      "--steps 1e-2 --outputs body_2.y --repeat 2 --jobs 2 -o " +
      csv + plot);
  // the summary names the reference the errors are taken against and the jobs in parallel
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("the engine's reference-quality run"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("2 at once"), std::string::npos) << o.output;
  // one row per run, the error columns carry the output's unit
  const TextTable table = readTextTable(csv);
  ASSERT_EQ(table.rows.size(), 5u);
  for (const char* column :
       {"max_error(body_2.y)", "rms_error(body_2.y)", "final_error(body_2.y)", "cpu_s", "steps",
        "newton_iterations", "factorizations", "rejected_error"})
    EXPECT_GE(table.column(column), 0) << column;
  EXPECT_EQ(table.rows[0][table.column("repeat")], "2");
  EXPECT_EQ(table.unit("max_error(body_2.y)"), "m");
#ifdef MBW_HAVE_PLOT
  std::ifstream image(png, std::ios::binary | std::ios::ate);
  EXPECT_TRUE(image && image.tellg() > 1000);
#endif
}

// bathe has no error estimate for a tolerance to steer; an output that no run records: both
// refused with status 2 before anything runs
TEST(StudyCommands, WorkPrecisionRefusesWhatCannotRun) {
  test::CommandOutcome o =
      runCli("study work-precision double-pendulum --integrators bathe --tolerances 1e-3");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("bathe runs with fixed steps only"), std::string::npos) << o.output;
  o = runCli(
      "study work-precision double-pendulum --integrators rn4 --tolerances 1e-3 --outputs "
      "body_9.x");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("no run of the study records 'body_9.x'"), std::string::npos) << o.output;
}

// --- study flexible ------------------------------------------------------------------------------

// the flexible study on the buckling strip writes what a reader of the paper compares: the table of
// runs, the histories of Figs 18-20 and the figures themselves
TEST(StudyCommands, FlexibleWritesTheRunsTheHistoriesAndThePapersFigures) {
  const std::string dir = ::testing::TempDir() + "/flexible/out";
  std::filesystem::remove_all(dir);
  // the figures as SVG drawings (for a paper)
  const test::CommandOutcome o =
      runCli("study flexible buckling --quick --t-end 0.05 --jobs 2 --figure-format svg -o " + dir);
  ASSERT_EQ(o.status, 0) << o.output;
  // one method per group: lms2 at rho_inf 0 and 0.6, mssth3; Delta t = n * 1e-3 s
  // the table of runs: all completed; mssth3 at Delta t = 3e-3 s takes 17 steps over 0.05 s
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
  // every data row names its method, then t; the header row gives the figures' channels
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
  // 51 rows for each lms2 (50 steps of 1e-3 s and t = 0) and 18 for mssth3 (17 steps of 3e-3 s)
  EXPECT_EQ(methods.size(), 3u);
  EXPECT_EQ(rows, 51u + 51u + 18u);
  // one drawing per figure, when the build has plotting
  if (o.output.find("no plotting") == std::string::npos) {
    for (const char* figure : {"fig18_buckling.svg", "fig19_buckling.svg", "fig20_buckling.svg"}) {
      EXPECT_GT(std::filesystem::file_size(dir + "/" + figure), 1000u) << figure;
    }
  }
}

// the convergence part gives each method's order of accuracy on the shaft, as Figs 25-27 do
TEST(StudyCommands, FlexibleConvergenceMeasuresTheMethodsOrders) {
  // the machinery of Figs 25-27 (steps per stage, the reference's rows on every run's steps, RE of
  // eq 26, least-squares orders) on the shaft's first 0.2 s: gravity ramped in smoothly with the
  // settling rod holding the mid-span. A few seconds of CPU.
  const std::string dir = ::testing::TempDir() + "/flexible/convergence";
  std::filesystem::remove_all(dir);
  const test::CommandOutcome o = runCli(
      "study flexible convergence --quick --t-end -0.8 --record-from -1 --convergence-steps 4e-3 "
      "2e-3 1e-3 "
      "--reference-step 5e-4 --jobs 2 -o " +
      dir);
  // the reference is a fixed-step esdirk4-6l2sa2 run at half the smallest step
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("esdirk4-6l2sa2, fixed step 0.0005 s (smallest step / 2)"),
            std::string::npos)
      << o.output;
  const TextTable orders = readTextTable(dir + "/convergence_orders.csv");
  ASSERT_EQ(orders.rows.size(), 3u);
  const auto order = [&](size_t row) { return std::stod(orders.rows[row][orders.column("u3")]); };
  // u3: the second-order LMS2 at both rho_inf, the third-order MSSTH(3) (2.77 here, pairwise 2.80
  // and 2.74: not yet fully asymptotic at these steps). v3 and a3 are not checked: on this window
  // they are not in the asymptotic range (a3 about first order for all three).
  EXPECT_EQ(orders.rows[0][0], "lms2 (0)");
  EXPECT_NEAR(order(0), 2.0, 0.1);
  EXPECT_EQ(orders.rows[1][0], "lms2 (0.6)");
  EXPECT_NEAR(order(1), 2.0, 0.1);
  EXPECT_EQ(orders.rows[2][0], "mssth3 (0)");
  EXPECT_GT(order(2), 2.6);
  EXPECT_LT(order(2), 3.2);
  // three steps per method, each error below the one at the larger step
  const TextTable errors = readTextTable(dir + "/convergence.csv");
  ASSERT_EQ(errors.rows.size(), 9u);
  const int re = errors.column("RE(u3)");
  for (size_t r = 0; r < 9; r += 3) {
    for (size_t k = 1; k < 3; ++k) {
      EXPECT_LT(std::stod(errors.rows[r + k][re]), std::stod(errors.rows[r + k - 1][re]))
          << errors.rows[r + k][0];
    }
  }
  // Figs 25-27, a chart per group
  if (o.output.find("no plotting") == std::string::npos) {
    for (const char* figure : {"fig25_shaft_convergence.png", "fig26_shaft_convergence.png",
                               "fig27_shaft_convergence.png"})
      EXPECT_GT(std::filesystem::file_size(dir + "/" + figure), 1000u) << figure;
  }
}

// the parts of the flexible study are named; anything else is refused
TEST(StudyCommands, FlexibleRefusesAnUnknownPart) {
  const test::CommandOutcome o =
      runCli("study flexible four-bars -o " + ::testing::TempDir() + "/flexible-bad");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("unknown part 'four-bars'"), std::string::npos) << o.output;
}

// --- sweep and plot ------------------------------------------------------------------------------

// eight runs of 300 to 600 steps each (10-25 ms each in Release, 0.5-2.5 s under the sanitizers)
std::string writeSweepStudy(const std::string& dir) {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/study.json";
  std::ofstream(path) << R"({"format": "mbw-study", "version": 1, "name": "kill and resume",
    "scenes": [{"scene": "double-pendulum", "t_end": 1.0, "variations": {"/bodies/1/mass": [1, 2]}}],
    "integrators": [{"name": "bathe", "steps": [1e-3, 5e-4]}, {"name": "lms3", "steps": [1e-3, 5e-4]}],
    "outputs": ["body_2.y"], "run_files": true})";
  return path;
}

// the run numbers of the "run N: ..." lines the sweep prints as it makes each run
std::set<std::string> runsMade(const std::string& output) {
  std::set<std::string> runs;
  std::stringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("run ", 0) == 0) runs.insert(line.substr(4, line.find(':') - 4));
  return runs;
}

// a table of three points in two groups by method: two curves, three points
TEST(StudyCommands, PlotDrawsATableColumnAgainstAnother) {
  const std::string csv = ::testing::TempDir() + "/plot.csv",
                    png = ::testing::TempDir() + "/plot.png";
  std::ofstream(csv)
      << "# units: cpu_s=s\nmethod,rtol,cpu_s\nrn4,1e-3,0.1\nrn4,1e-5,0.4\nlms2,1e-3,0.2\n";
  std::filesystem::remove(png);
  test::CommandOutcome o = runCli("plot " + csv + " --x rtol --y cpu_s --by method -o " + png);
#ifdef MBW_HAVE_PLOT
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("2 curves, 3 points"), std::string::npos) << o.output;
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  // a column the table does not have is refused with its name
  o = runCli("plot " + csv + " --x rtol --y cpu --by method -o " + png);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("no column 'cpu'"), std::string::npos) << o.output;
  // for papers: an SVG or a PDF drawing, by the file's extension
  for (const std::string extension : {".svg", ".pdf"}) {
    const std::string drawing = ::testing::TempDir() + "/plot" + extension;
    std::filesystem::remove(drawing);
    o = runCli("plot " + csv + " --x rtol --y cpu_s --by method -o " + drawing);
    ASSERT_EQ(o.status, 0) << o.output;
    std::ifstream in(drawing);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (extension == ".svg") {
      EXPECT_NE(text.find("<svg"), std::string::npos);
      EXPECT_NE(text.find("cpu_s"), std::string::npos);  // the axis label as text, not pixels
    } else {
      EXPECT_EQ(text.rfind("%PDF", 0), 0u);
    }
  }
#else
  // a build without plotting (the sanitizer build) refuses before reading anything
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("this build has no plotting"), std::string::npos) << o.output;
#endif
}

// the sweep runs in a child process killed with SIGKILL once results.csv has two rows: the
// run at the time of the kill leaves no row behind. Each run takes 20-45 ms (Release; 1 s of the
// double pendulum), so that the killer, polling every 5 ms, comes before the last row also on a
// loaded machine (at 0.3 s, 5-13 ms a run, the sweep sometimes finished first)
TEST(StudyCommands, SweepKilledPartWayResumesWithoutRemakingFinishedRuns) {
  const std::string dir = ::testing::TempDir() + "/sweep-kill";
  std::filesystem::remove_all(dir);
  const std::string study = writeSweepStudy(dir);
  const std::string out = dir + "/out";
  // killed (SIGKILL) once two rows are in the table, looked for every 5 ms; the program's path is
  // resolved before the fork
  const char* cli = MBW_CLI_PATH;
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    dup2(devnull, 2);
    execl(cli, cli, "sweep", study.c_str(), "-o", out.c_str(), "--jobs", "1", nullptr);
    _exit(127);
  }
  // poll the table every 5 ms, for 30 s at most: it is never found without its header (written
  // whole, then renamed into place; when it was written in place, a poll found it so in the
  // sanitizer build)
  size_t rows = 0;
  for (int k = 0; k < 6000 && rows < 2; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    rows = 0;
    if (std::filesystem::exists(out + "/results.csv"))
      rows = readTextTable(out + "/results.csv").rows.size();
  }
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  const TextTable before = readTextTable(out + "/results.csv");
  ASSERT_GE(before.rows.size(), 2u);
  ASSERT_LT(before.rows.size(), 8u) << "the sweep finished before it was killed";

  // without --resume the table is kept, not overwritten
  test::CommandOutcome o = runCli("sweep " + study + " -o " + out);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("--resume"), std::string::npos) << o.output;

  // with --resume only the missing runs are made: none of the rows from before is made again,
  // and the table ends with all eight rows in run order, the run files and references beside it
  o = runCli("sweep " + study + " -o " + out + " --resume");
  ASSERT_EQ(o.status, 0) << o.output;
  const std::set<std::string> made = runsMade(o.output);
  for (const auto& row : before.rows)
    EXPECT_EQ(made.count(row[0]), 0u) << "run " << row[0] << " made again";
  EXPECT_EQ(made.size() + before.rows.size(), 8u) << o.output;
  const TextTable after = readTextTable(out + "/results.csv");
  ASSERT_EQ(after.rows.size(), 8u);
  for (size_t k = 0; k < 8; ++k) EXPECT_EQ(after.rows[k][0], std::to_string(k));  // in run order
  EXPECT_NE(o.output.find("(" + std::to_string(before.rows.size()) + " from before)"),
            std::string::npos)
      << o.output;
  EXPECT_TRUE(std::filesystem::exists(out + "/runs/run-7.csv"));
  EXPECT_TRUE(std::filesystem::exists(out + "/reference-1.csv"));
}

// a negative step in the study file: refused with the file and the JSON path of the value
TEST(StudyCommands, SweepRefusesABadStudyFileWithItsPath) {
  const std::string dir = ::testing::TempDir() + "/sweep-bad";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/bad.json";
  std::ofstream(path) << R"({"format": "mbw-study", "version": 1, "name": "b",
    "scenes": [{"scene": "double-pendulum"}], "integrators": [{"name": "lms3", "steps": [0.01, -0.01]}]})";
  const test::CommandOutcome o = runCli("sweep " + path + " -o " + dir + "/out");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find(path + ": /integrators/0/steps/1: must be positive"), std::string::npos)
      << o.output;
}

}  // namespace
}  // namespace mbw
