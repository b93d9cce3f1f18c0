// The job of a sweep (studies/sweep_job.h) when no MPI launcher started the program, as in this
// test, whether or not the build has MPI: one process, a pool of the threads asked for (one per
// core by default) that gathers its results. (Three MPI processes under mpirun are compared with
// threads in tests/cli/sweep_executors_test.cpp.)

#include "studies/sweep_job.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace mbw {
namespace {

// a sweep started without an MPI launcher runs on a thread pool (one thread per core by default)
// as process 0 of 1
TEST(SweepJob, RunAloneItIsAPoolOfThreadsThatGathers) {
  const SweepJob job(3);
  EXPECT_FALSE(job.launched());
  EXPECT_EQ(job.rank(), 0);
  EXPECT_EQ(job.size(), 1);
  EXPECT_EQ(job.executor().workers(), 3);
  EXPECT_EQ(job.executor().description(), "3 threads");
  EXPECT_TRUE(job.executor().gathers());
  // no number given: one per core
  EXPECT_EQ(SweepJob(0).executor().workers(), coreCount());
}

// alone, the job returns its status and lets its errors reach the caller unreported
TEST(SweepJob, RunAloneItsStatusAndItsErrorsGoToTheCaller) {
  const SweepJob job(1);
  std::string reported;
  const auto report = [&](const std::string& error) { reported = error; };
  EXPECT_EQ(job.run([] { return 7; }, report, 2), 7);
  EXPECT_THROW(job.run([]() -> int { throw std::runtime_error("bad study"); }, report, 2),
               std::runtime_error);
  EXPECT_EQ(reported, "") << "an error of a process alone is the caller's to report";
}

}  // namespace
}  // namespace mbw
