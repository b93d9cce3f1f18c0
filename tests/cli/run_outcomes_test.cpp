// Every way a long `mbw-cli run` can end, as a user meets it: completed (0), numerical failure (3,
// partial CSV; a solution that blows up ends so within seconds), SIGINT, SIGTERM, SIGHUP and
// SIGQUIT (130, 143, 129 and 131: summary printed, CSV kept, status "cancelled"), SIGKILL (no
// chance to clean up: the CSV still parses, status "running"), a full disk or a file size limit
// (4: the run stops with the reason, the file keeps whole rows and says "failed"), and an output
// path that cannot be written (2, before the run starts).

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "command_runner.h"
#include "simulation/csv.h"
#include "test_models.h"
#include "test_paths.h"

namespace mbw {
namespace {

// --- a program in the background -----------------------------------------------------------------

using Clock = std::chrono::steady_clock;

// the whole file as it is on disk
std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// mbw-cli started in the background, its output going to a file
class CliProcess {
 public:
  CliProcess(const std::string& arguments, const std::string& log) : log_(log) {
    const std::string command =
        "exec " + std::string(MBW_CLI_PATH) + " " + arguments + " >" + log + " 2>&1";
    pid_ = fork();
    if (pid_ == 0) {
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
  }
  ~CliProcess() {
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  void signal(int s) { kill(pid_, s); }
  // exit status, or 128 + the signal that killed it
  int wait() {
    int raw = 0;
    waitpid(pid_, &raw, 0);
    reaped_ = true;
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  }
  std::string output() const { return readFile(log_); }

 private:
  std::string log_;
  pid_t pid_ = -1;
  bool reaped_ = false;
};

// waits until the file holds at least `rows` rows after its header (the writer flushes at least
// once a second while rows come)
bool waitForRows(const std::string& path, size_t rows, double seconds) {
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  while (Clock::now() < until) {
    const std::string text = readFile(path);
    size_t lines = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines += !line.empty() && line[0] != '#';
    if (lines >= rows + 1) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// a run far longer than any test waits for
const std::string kLongRun = "run double-pendulum --step 1e-3 --t-end 1e5 --every 10";

// --- signals, kills and bad paths ----------------------------------------------------------------

// a signal and the exit status the shells give for it: 128 + its number
struct SignalCase {
  int signal;
  int exitStatus;
};

class CliSignal : public ::testing::TestWithParam<SignalCase> {};

// Ctrl-C, a closed terminal or a job scheduler's stop ends a long run cleanly: the rows so far
// kept, the status written, and the shell's usual exit status for the signal
TEST_P(CliSignal, StopsTheRunKeepsTheCsvAndExitsWith128PlusTheSignal) {
  // the run killed by the signal once two rows are on disk: it stops as cancelled, says so, and
  // its file reads back with the rows it wrote
  const SignalCase c = GetParam();
  const std::string csv = ::testing::TempDir() + "/signal" + std::to_string(c.signal) + ".csv";
  std::remove(csv.c_str());  // rows of an earlier run must not pass for this one's
  CliProcess cli(kLongRun + " -o " + csv, csv + ".log");
  ASSERT_TRUE(waitForRows(csv, 2, 60.0)) << "no rows on disk while running";
  cli.signal(c.signal);
  EXPECT_EQ(cli.wait(), c.exitStatus) << cli.output();
  EXPECT_NE(cli.output().find("status           cancelled"), std::string::npos) << cli.output();
  const Results back = readCsv(csv);
  EXPECT_EQ(back.status, RunStatus::Cancelled);
  EXPECT_GE(back.rowCount(), 2u);
  EXPECT_GT(back.stats.steps, 0);
  EXPECT_NE(back.message.find("cancelled at t = "), std::string::npos);
}

// interrupt, terminate, hang-up and quit
INSTANTIATE_TEST_SUITE_P(StopSignals, CliSignal,
                         ::testing::Values(SignalCase{SIGINT, 130}, SignalCase{SIGTERM, 143},
                                           SignalCase{SIGHUP, 129}, SignalCase{SIGQUIT, 131}),
                         [](const auto& p) { return std::string(sigabbrev_np(p.param.signal)); });

// even a run killed outright leaves a file that reads back, for the rows it had written
TEST(CliRunOutcome, AKilledRunLeavesAValidPartialFile) {
  // SIGKILL cannot be caught: the file has no end status, yet its whole rows read back
  const std::string csv = ::testing::TempDir() + "/killed.csv";
  std::remove(csv.c_str());  // rows of an earlier run must not pass for this one's
  CliProcess cli(kLongRun + " -o " + csv, csv + ".log");
  ASSERT_TRUE(waitForRows(csv, 2, 60.0)) << "no rows on disk while running";
  cli.signal(SIGKILL);
  EXPECT_EQ(cli.wait(), 128 + SIGKILL);
  const std::string text = readFile(csv);
  ASSERT_FALSE(text.empty());
  const Results back = readCsv(csv);           // a row the kill cut short would be left out
  EXPECT_EQ(back.status, RunStatus::Running);  // it never ended
  EXPECT_GE(back.rowCount(), 2u);
}

// a typo in an output path costs the user seconds, not a whole run
TEST(CliRunOutcome, AnOutputPathThatCannotBeWrittenIsRefusedBeforeTheRun) {
  // a directory that does not exist, for the CSV and for the plot, and a directory as the CSV:
  // refused with status 2 within seconds, before the run's summary
  for (const std::string option :
       {"-o /nonexistent-dir/x.csv", "--plot /nonexistent-dir/x.png", "-o /tmp"}) {
    const auto start = Clock::now();
    CliProcess cli(kLongRun + " " + option, ::testing::TempDir() + "/badpath.log");
    EXPECT_EQ(cli.wait(), 2) << option << "\n" << cli.output();
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 10.0) << option;
    EXPECT_NE(cli.output().find("cannot write '/"), std::string::npos) << cli.output();
    EXPECT_EQ(cli.output().find("status"), std::string::npos)
        << "the run started: " << cli.output();
  }
}

// --- outcomes at the end of the run --------------------------------------------------------------

// a run that completes says so in its exit status, its summary and its file
TEST(CliRunOutcome, CompletesWithExit0AndTheFileSaysCompleted) {
  // 200 steps of 1 ms and the initial row: 201 rows
  const std::string csv = ::testing::TempDir() + "/complete.csv";
  CliProcess cli("run slider-crank --step 1e-3 --t-end 0.2 -o " + csv, csv + ".log");
  EXPECT_EQ(cli.wait(), 0) << cli.output();
  const Results back = readCsv(csv);
  EXPECT_EQ(back.status, RunStatus::Completed);
  EXPECT_EQ(back.rowCount(), 201u);
  EXPECT_NE(cli.output().find("(201 rows)"), std::string::npos) << cli.output();
}

// A disk that fills during the run: a 192 KiB tmpfs in a mount namespace of its own (needs root
// or unprivileged user namespaces; skipped otherwise). The file is copied out before the
// namespace, and the tmpfs with it, goes away.
TEST(CliRunOutcome, AFullDiskStopsTheRunWithExit4AndKeepsWholeRows) {
  const std::string dir = ::testing::TempDir() + "/full-disk";
  const std::string kept = ::testing::TempDir() + "/full-disk.csv";
  std::remove(kept.c_str());
  std::system(("mkdir -p " + dir).c_str());
  const std::string script = "mount -t tmpfs -o size=192k none " + dir + " || exit 99; " +
                             std::string(MBW_CLI_PATH) + " " + kLongRun + " -o " + dir +
                             "/x.csv; status=$?; cp " + dir + "/x.csv " + kept + "; exit $status";
  const std::string command = "unshare --mount sh -c '" + script + "' > " + kept + ".log 2>&1";
  const int raw = std::system(command.c_str());
  const int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  const std::string output = readFile(kept + ".log");
  if (status == 99 || output.find("unshare failed") != std::string::npos ||
      output.find("Operation not permitted") != std::string::npos)
    GTEST_SKIP() << "cannot mount a tmpfs here: " << output;
  // status 4: the write failed; the file ends with a whole row
  EXPECT_EQ(status, 4) << output;
  EXPECT_NE(output.find("No space left on device"), std::string::npos) << output;
  EXPECT_NE(output.find("status           failed"), std::string::npos) << output;
  const std::string text = readFile(kept);
  ASSERT_GT(text.size(), 100000u);
  EXPECT_EQ(text.back(), '\n');
  const Results back = readCsv(kept);  // whole rows, each with every column
  EXPECT_EQ(back.status, RunStatus::Failed);
  EXPECT_GE(back.rowCount(), 10u);
}

// A file size limit (ulimit -f, 64 blocks of 512 bytes) reached during the run: the write fails as
// on a full disk (SIGXFSZ ignored), the run stops with exit 4 and the file keeps whole rows.
TEST(CliRunOutcome, AFileSizeLimitStopsTheRunWithExit4AndKeepsWholeRows) {
  const std::string csv = ::testing::TempDir() + "/size-limit.csv";
  std::remove(csv.c_str());
  const std::string command =
      "ulimit -f 64; exec " + std::string(MBW_CLI_PATH) + " " + kLongRun + " -o " + csv;
  const test::CommandOutcome o = test::runCommand("sh -c '" + command + "'");
  EXPECT_EQ(o.status, 4) << o.output;
  EXPECT_NE(o.output.find("File too large"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("status           failed"), std::string::npos) << o.output;
  const std::string text = readFile(csv);
  ASSERT_GT(text.size(), 10000u);
  EXPECT_LE(text.size(), 64u * 512u);
  EXPECT_EQ(text.back(), '\n');
  const Results back = readCsv(csv);  // whole rows, each with every column
  EXPECT_EQ(back.status, RunStatus::Failed);
  EXPECT_GE(back.rowCount(), 10u);
}

// A force that grows without bound as t nears 0.5 s (1 / (0.5 - t)^3 on a free body): the
// variable-step integrators cut their steps toward zero. Rosenbrock-Nystrom and Adams went on for
// ever at steps near 1e-8 s, the CSV growing; now every integrator ends with exit 3 and the reason
// before t = 0.5 s, within seconds (the test's own limit: 60 s).
class CliBlowUp : public ::testing::TestWithParam<const char*> {};

TEST_P(CliBlowUp, EndsWithExit3AndTheReason) {
  // a file per integrator: CTest runs the cases side by side
  const std::string scene = ::testing::TempDir() + "/blow-up-" + GetParam() + ".json";
  std::ofstream(scene)
      << R"({"format": "mbw-scene", "version": 1, "name": "blow-up", "gravity": [0, 0, 0],
    "bodies": [{"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}],
    "forces": [{"name": "f", "type": "force", "body": "b", "point": [0, 0, 0], "force": ["1/(0.5-t)^3", "0", "0"]}],
    "settings": {"t_end": 1, "step": 1e-3}})";
  const std::string csv = ::testing::TempDir() + "/blow-up-" + GetParam() + ".csv";
  const test::CommandOutcome o =
      test::runCommand("timeout 60 " + std::string(MBW_CLI_PATH) + " run " + scene +
                       " --integrator " + GetParam() + " " + " --rtol 1e-6 --atol 1e-8 -o " + csv);
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.output.find("status           failed: "), std::string::npos) << o.output;
  const Results back = readCsv(csv);
  EXPECT_EQ(back.status, RunStatus::Failed);
  ASSERT_GE(back.rowCount(), 2u);
  const double reached = back.at(back.rowCount() - 1, 0);
  EXPECT_GT(reached, 0.49);
  EXPECT_LT(reached, 0.5);
}

INSTANTIATE_TEST_SUITE_P(VariableStep, CliBlowUp,
                         ::testing::Values("rosenbrock-nystrom4", "adams", "lms2", "ida"),
                         [](const auto& p) { return test::parameterName(p.param); });

}  // namespace
}  // namespace mbw
