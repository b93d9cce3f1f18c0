// The MPI executor (studies/mpi_executor.h) in a one-process MPI world, the one MPI_Init makes for
// a program no launcher started (an MPI singleton): process 0 runs every job on a thread of its
// own and gathers on the calling thread; a job's exception, or a failure in done, ends the handing
// out of jobs and reaches the caller; a stop request ends the run early, the jobs started still
// gathered; share gives the text back. Several processes under mpirun are compared with threads in
// tests/cli/sweep_executors_test.cpp. Built with MPI only, and not under AddressSanitizer: Open MPI
// leaves its components' allocations behind at MPI_Finalize, from modules unloaded by then that no
// suppression can name (the same reason as that test's MBW_MPI_NO_LEAK_CHECK).

#include <gtest/gtest.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MBW_MPI_EXECUTOR_TEST_UNDER_ASAN
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define MBW_MPI_EXECUTOR_TEST_UNDER_ASAN
#endif

#if defined(MBW_HAVE_MPI) && !defined(MBW_MPI_EXECUTOR_TEST_UNDER_ASAN)

#include <chrono>
#include <cstdlib>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "studies/mpi_executor.h"

namespace mbw {
namespace {

// the process's MPI session, started once (MPI_Init runs once per process) as under a launcher:
// startIfLaunched sees a variable of Intel MPI's launcher, which Open MPI does not read, and
// MPI_Init makes a world of this process alone
const MpiSession& oneProcessSession() {
  static const std::unique_ptr<MpiSession> session = [] {
    setenv("MPI_LOCALNRANKS", "1", 1);
    std::unique_ptr<MpiSession> started = MpiSession::startIfLaunched();
    unsetenv("MPI_LOCALNRANKS");
    return started;
  }();
  return *session;
}

// the jobs 0 .. n-1
std::vector<int> mpiJobs(int n) {
  std::vector<int> jobs(n);
  for (int k = 0; k < n; ++k) jobs[k] = k;
  return jobs;
}

// without a launcher's variable the program runs without MPI
TEST(MpiSession, NoneWithoutALauncher) {
  // no launcher's variable in a test's environment: the program runs alone, without MPI
  EXPECT_TRUE(MpiSession::startIfLaunched() == nullptr);
}

// in a one-process world every job runs on a worker thread and is gathered on the caller, in order
TEST(MpiExecutor, OneProcessMakesEveryJobOnItsThreadAndGathersOnTheCaller) {
  const MpiSession& session = oneProcessSession();
  EXPECT_EQ(session.rank(), 0);
  EXPECT_EQ(session.size(), 1);
  MpiExecutor executor(session);
  EXPECT_EQ(executor.workers(), 1);
  EXPECT_TRUE(executor.gathers());
  // each job's text gathered on this thread, in order (one worker), made on another thread
  const auto caller = std::this_thread::get_id();
  std::set<std::thread::id> makers;
  std::vector<int> gathered;
  executor.run(
      mpiJobs(10),
      [&](int k) {
        makers.insert(std::this_thread::get_id());
        return std::to_string(k * k);
      },
      [&](int k, const std::string& text) {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        EXPECT_EQ(text, std::to_string(k * k));
        gathered.push_back(k);
      },
      [] { return false; });
  EXPECT_EQ(gathered, mpiJobs(10));
  ASSERT_EQ(makers.size(), 1u);
  EXPECT_NE(*makers.begin(), caller);
}

// a job that throws stops the handing out of jobs, and its exception reaches the caller
TEST(MpiExecutor, AJobsExceptionReachesTheCallerAndNoLaterJobStarts) {
  MpiExecutor executor(oneProcessSession());
  std::vector<int> made, gathered;
  try {
    executor.run(
        mpiJobs(10),
        [&](int k) -> std::string {
          made.push_back(k);
          if (k == 3) throw std::runtime_error("job 3 failed");
          return "";
        },
        [&](int k, const std::string&) { gathered.push_back(k); }, [] { return false; });
    FAIL() << "the job's exception was not rethrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "job 3 failed");
  }
  EXPECT_EQ(made, mpiJobs(4));
  EXPECT_EQ(gathered, mpiJobs(3));
}

// a failure while gathering a result also stops the handing out of jobs
TEST(MpiExecutor, AFailureInDoneStopsHandingOutJobs) {
  MpiExecutor executor(oneProcessSession());
  std::vector<int> made;
  EXPECT_THROW(executor.run(
                   mpiJobs(10),
                   [&](int k) {
                     made.push_back(k);
                     return std::string();
                   },
                   [](int k, const std::string&) {
                     if (k == 2) throw std::invalid_argument("cannot gather job 2");
                   },
                   [] { return false; }),
               std::invalid_argument);
  // the job whose result failed was the last one handed out
  EXPECT_EQ(made, mpiJobs(3));
}

// a stop request ends the run early, and every job already started is still gathered
TEST(MpiExecutor, AStopRequestEndsTheRunAndTheJobsStartedAreGathered) {
  MpiExecutor executor(oneProcessSession());
  // 10 ms jobs, 10 s of them, and a stop asked for from the start (polled every 100 ms)
  std::vector<int> made, gathered;
  int polls = 0;
  executor.run(
      mpiJobs(1000),
      [&](int k) {
        made.push_back(k);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return std::string();
      },
      [&](int k, const std::string&) { gathered.push_back(k); },
      [&] {
        ++polls;
        return true;
      });
  EXPECT_EQ(polls, 1);
  EXPECT_LT(made.size(), 1000u);
  EXPECT_EQ(gathered, made);
}

// share() broadcasts process 0's text; alone, it gives it back unchanged
TEST(MpiExecutor, ShareGivesTheTextBackInOneProcess) {
  MpiExecutor executor(oneProcessSession());
  EXPECT_EQ(executor.share("a table\nof two lines\n"), "a table\nof two lines\n");
  EXPECT_EQ(executor.share(""), "");
}

}  // namespace
}  // namespace mbw

#endif
#undef MBW_MPI_EXECUTOR_TEST_UNDER_ASAN
