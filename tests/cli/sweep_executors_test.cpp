// The executors give the same table, run for run, apart from the CPU times: one thread, two
// threads, and (in builds with MPI) three MPI processes under mpirun, on a small sweep with a
// scene variation, errors against references and runs that fail numerically.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "command_runner.h"
#include "csv_compare.h"
#include "test_paths.h"

namespace mbw {
namespace {

// the columns of CPU times, which differ between any two runs
const std::set<std::string> kTimings = {"cpu_s", "cpu_s_max", "cpu_s_by_phase"};

// the table of the small sweep made with this launcher prefix and these options
std::string sweepTable(const std::string& name, const std::string& launcher,
                       const std::string& options) {
  const std::string dir = ::testing::TempDir() + "/sweep-executors-" + name;
  std::filesystem::remove_all(dir);
  const test::CommandOutcome o =
      test::runCommand(launcher + MBW_CLI_PATH + " sweep " + MBW_SOURCE_DIR +
                       "/tests/cli/data/small-sweep.json -o " + dir + " " + options);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("10 of 10 runs in the table, 2 failed"), std::string::npos) << o.output;
  return test::readText(dir + "/results.csv");
}

// a sweep's table does not depend on how many threads ran it
TEST(SweepExecutors, OneThreadAndTwoGiveTheSameTable) {
  // the sweep's table on one thread and on two is the same, failed runs with their reasons
  const std::string one = sweepTable("one", "", "--jobs 1"),
                    two = sweepTable("two", "", "--jobs 2");
  ASSERT_FALSE(one.empty());
  for (const std::string& d : test::csvDifferences(one, two, kTimings)) ADD_FAILURE() << d;
  EXPECT_NE(one.find("failed,\"Newton did not converge"), std::string::npos);  // the reason, quoted
}

#ifdef MBW_HAVE_MPI
// the same sweep on three MPI processes gives the threads' table
TEST(SweepExecutors, ThreeMpiProcessesGiveTheSameTableAsThreads) {
  std::string launcher = std::string(MBW_MPIEXEC) + " -np 3 --oversubscribe ";
#ifdef MBW_MPI_NO_LEAK_CHECK
  // OpenMPI unloads its components at MPI_Finalize and leaves their allocations behind: leaks from
  // unknown modules that no suppression can name. The ranks keep every other sanitizer check.
  launcher = "env ASAN_OPTIONS=${ASAN_OPTIONS}:detect_leaks=0 " + launcher;
#endif
  if (geteuid() == 0) launcher += "--allow-run-as-root ";
  const std::string mpi = sweepTable("mpi", launcher, ""),
                    threads = sweepTable("threads", "", "--jobs 2");
  ASSERT_FALSE(mpi.empty());
  for (const std::string& d : test::csvDifferences(threads, mpi, kTimings)) ADD_FAILURE() << d;
}
#endif

}  // namespace
}  // namespace mbw
