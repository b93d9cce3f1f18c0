// The way out of a run (simulation/run_output.h): the metadata every run starts with, and each
// recorded row passed on once to the sink and the observer, a failing sink stopping the run with
// its reason.

#include "simulation/run_output.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulation/simulation.h"

namespace mbw {
namespace {

// keeps what it is handed; fails from its failAfter-th row on
class KeepingSink : public ResultSink {
 public:
  void begin(const Results& run) override { begunWith = run.status; }
  void row(const double* values) override { rows.emplace_back(values, values + 2); }
  void runEvent(const RunEvent& e) override { events.push_back(e.description); }
  void end(const Results& run) override { endedWith = run.status; }
  std::string failure() const override {
    return rows.size() >= failAfter ? "the disk is full" : "";
  }

  RunStatus begunWith = RunStatus::Failed, endedWith = RunStatus::Running;
  std::vector<std::vector<double>> rows;
  std::vector<std::string> events;
  size_t failAfter = 100;
};

// the index of every row reported as recorded
class CountingObserver : public RunObserver {
 public:
  void onRecorded(const Results&, size_t newRow) override { recorded.push_back(newRow); }
  std::vector<size_t> recorded;
};

// the scene's name and the formulation; the scene's file between them when it has one
TEST(RunOutput, DescribesTheSceneItsFileAndTheFormulation) {
  Model model;
  model.name = "pendulum";
  Results r;
  describeRun(model, "rA", r);
  ASSERT_EQ(r.metadata.size(), 2u);
  EXPECT_EQ(r.metadata[0].first, "scene");
  EXPECT_EQ(r.metadataValue("formulation"), "rA");
  model.sourcePath = "scenes/pendulum.json";
  Results withFile;
  describeRun(model, "rp", withFile);
  ASSERT_EQ(withFile.metadata.size(), 3u);
  EXPECT_EQ(withFile.metadata[1].first, "scene_file");
  EXPECT_EQ(withFile.metadata[1].second, "scenes/pendulum.json");
}

// rows recorded since the last mark reach the sink and the observer exactly once, and events pass
// through as they happen
TEST(RunOutput, PassesEachNewRowOnOnceAndTheEventsAsTheyCome) {
  Results results;
  KeepingSink sink;
  CountingObserver observer;
  RunOutput output(results, &observer, &sink);
  output.begin({{"t", "s"}, {"x", "m"}}, 0);
  EXPECT_EQ(sink.begunWith, RunStatus::Running);
  // nothing recorded since the mark: nothing passed on
  output.mark();
  EXPECT_TRUE(output.deliver());
  EXPECT_TRUE(sink.rows.empty());
  // one row recorded: passed on once, the observer told its index
  for (int k = 0; k < 3; ++k) {
    output.mark();
    results.appendRow({0.1 * k, 2.0 * k});
    EXPECT_TRUE(output.deliver());
  }
  ASSERT_EQ(sink.rows.size(), 3u);
  EXPECT_EQ(sink.rows[2], (std::vector<double>{0.2, 4.0}));
  EXPECT_EQ(observer.recorded, (std::vector<size_t>{0, 1, 2}));
  output.event(0.15, "repartition");
  ASSERT_EQ(results.events.size(), 1u);
  EXPECT_EQ(sink.events, std::vector<std::string>{"repartition"});
  results.status = RunStatus::Completed;
  output.end();
  EXPECT_EQ(sink.endedWith, RunStatus::Completed);
}

// a sink that cannot write stops the run as failed, with its reason and the time reached
TEST(RunOutput, AFailingSinkStopsTheRunWithItsReason) {
  // the sink's second row fails: deliver() says so, and the run stops as failed with the sink's
  // reason and the time
  Results results;
  KeepingSink sink;
  sink.failAfter = 2;
  RunOutput output(results, nullptr, &sink);
  output.begin({{"t", "s"}, {"x", "m"}}, 0);
  output.mark();
  results.appendRow({0.0, 0.0});
  EXPECT_TRUE(output.deliver());
  output.mark();
  results.appendRow({0.5, 1.0});
  EXPECT_FALSE(output.deliver());
  output.stopForSink(0.5);
  EXPECT_EQ(results.status, RunStatus::Failed);
  EXPECT_EQ(results.message, "the disk is full; the run stopped at t = 0.5 s");
}

// however small the memory budget, the first and the latest rows are kept
TEST(RunOutput, AMemoryBudgetKeepsAtLeastTwoRows) {
  // a budget of one byte still keeps the first and the latest row
  Results results;
  RunOutput output(results, nullptr, nullptr);
  output.begin({{"t", "s"}, {"x", "m"}}, 1);
  for (int k = 0; k < 10; ++k) {
    output.mark();
    results.appendRow({double(k), 0.0});
    EXPECT_TRUE(output.deliver());
  }
  EXPECT_EQ(results.appendedRowCount(), 10u);
  EXPECT_EQ(results.rowCount(), 2u);
  EXPECT_EQ(results.at(0, 0), 0.0);
  // no budget: every row
  Results all;
  RunOutput unlimited(all, nullptr, nullptr);
  unlimited.begin({{"t", "s"}, {"x", "m"}}, 0);
  for (int k = 0; k < 10; ++k) all.appendRow({double(k), 0.0});
  EXPECT_EQ(all.rowCount(), 10u);
}

}  // namespace
}  // namespace mbw
