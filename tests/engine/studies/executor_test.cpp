// The executors of a study's runs (studies/executor.h): the thread pool runs every job once, on
// at most its number of threads, hands each result to the calling thread, and passes on a job's
// exception.

#include "studies/executor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

namespace mbw {
namespace {

// the thread pool runs each job exactly once within its thread limit and gathers on the calling
// thread, so study bookkeeping needs no lock; a job's exception reaches the caller
TEST(ThreadPool, RunsEveryJobOnceAndGathersOnTheCallingThread) {
  // twenty jobs of 5 ms on three threads: each job's result reaches the gathering callback once,
  // on the thread that called run(), and at most three jobs run at a time
  ThreadPoolExecutor pool(3);
  std::vector<int> jobs(20);
  for (int k = 0; k < 20; ++k) jobs[k] = k;
  std::multiset<int> done;
  const auto caller = std::this_thread::get_id();
  std::atomic<int> running{0}, most{0};
  pool.run(
      jobs,
      [&](int k) {
        most = std::max(most.load(), ++running);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        --running;
        return std::to_string(k * k);
      },
      [&](int k, const std::string& text) {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        EXPECT_EQ(text, std::to_string(k * k));
        done.insert(k);
      },
      [] { return false; });
  // every job done exactly once
  EXPECT_EQ(done.size(), 20u);
  EXPECT_EQ(std::set<int>(done.begin(), done.end()).size(), 20u);
  EXPECT_LE(most.load(), 3);
  // a job that throws makes run() throw the same exception
  EXPECT_THROW(pool.run(
                   jobs,
                   [](int k) -> std::string {
                     if (k == 7) throw std::runtime_error("7");
                     return "";
                   },
                   [](int, const std::string&) {}, [] { return false; }),
               std::runtime_error);
}

}  // namespace
}  // namespace mbw
