// The histories of a study's runs (studies/run_histories.h): each run's results reduced to the
// channels asked for, found by the run's index; the runs listed only when a list is given; kept
// from several threads at once.

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "studies/run_histories.h"

namespace mbw {
namespace {

// a run's results of two rows: a.x = value, value + 1; a.vx = 2 value throughout
Results resultsOf(double value) {
  Results r;
  r.setChannels({{"t", "s"}, {"a.x", "m"}, {"a.vx", "m/s"}});
  r.appendRow({0.0, value, 2.0 * value});
  r.appendRow({0.1, value + 1.0, 2.0 * value});
  return r;
}

// a run's history keeps t and the channels asked for only, found by the run's index
TEST(RunHistories, KeepsTheChannelsAskedForByRun) {
  // only a.x is kept, with t, for the run whose results arrived (run 3), none for run 0
  RunHistories histories({"a.x"});
  histories.hooks().onResults(3, resultsOf(5.0));
  EXPECT_EQ(histories.history(0), nullptr);
  const Results* kept = histories.history(3);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->columnCount(), 2);  // t and a.x
  EXPECT_EQ(kept->column("a.vx"), -1);
  EXPECT_EQ(kept->at(1, kept->column("a.x")), 6.0);
}

// with a list of runs, the others' results are dropped
TEST(RunHistories, KeepsTheRunsListedOnly) {
  // a list of runs: the results of a run not on it are dropped
  RunHistories histories({"a.x"}, std::vector<int>{2});
  histories.keep(1, resultsOf(1.0));
  histories.keep(2, resultsOf(2.0));
  EXPECT_EQ(histories.history(1), nullptr);
  ASSERT_NE(histories.history(2), nullptr);
}

// runs finishing on several threads at once each keep their history intact
TEST(RunHistories, KeepsFromSeveralThreads) {
  // eight threads keep one run each at once: every run's a.vx is there afterwards
  RunHistories histories({"a.vx"});
  std::vector<std::thread> threads;
  for (int run = 0; run < 8; ++run)
    threads.emplace_back([&, run] { histories.keep(run, resultsOf(run)); });
  for (std::thread& t : threads) t.join();
  for (int run = 0; run < 8; ++run) {
    const Results* kept = histories.history(run);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->at(0, 1), 2.0 * run);
  }
}

}  // namespace
}  // namespace mbw
