// Results streamed to a CSV file while the run goes on: the file is the one writeCsv gives for the
// same run, rows reach the disk during the run, the status line follows the run (running, then
// how it ended), memory stays bounded, and a path that cannot be written or a full disk are
// reported as errors that stop the run and keep what was written valid.

#include "simulation/csv_stream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "scene/scene_reader.h"
#include "simulation/csv.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// --- helpers -------------------------------------------------------------------------------------

// the whole file as it is on disk
std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// the rows of data: the lines after the header that are not comments
size_t dataRows(const std::string& text) {
  std::istringstream in(text);
  size_t rows = 0;
  bool header = false;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (header) ++rows;
    header = true;
  }
  return rows;
}

// the slider-crank at 1 ms to tEnd
RunSettings slider(double tEnd) {
  RunSettings s;
  s.integratorSettings.step = 1e-3;
  s.tEnd = tEnd;
  return s;
}

std::string tempPath(const std::string& name) { return ::testing::TempDir() + "/" + name; }

// --- the file during and after the run -----------------------------------------------------------

// a variable-step rn4 run of the HMMWV: every row streamed, and the file byte for byte the one
// writeCsv writes from the results afterwards
TEST(CsvStream, TheStreamedFileIsWhatWriteCsvWritesForTheSameRun) {
  const std::string path = tempPath("streamed.csv");
  Simulation sim(loadScene("hmmwv-bump"), [] {
    RunSettings s;
    s.integrator = "rn4";
    s.integratorSettings.variableStep = true;
    s.integratorSettings.step = 1e-3;
    s.tEnd = 0.3;
    return s;
  }());
  Results results;
  {
    CsvStreamWriter csv(path);
    results = sim.run(nullptr, &csv);
    EXPECT_EQ(csv.failure(), "");
    EXPECT_EQ(csv.rowsWritten(), results.rowCount());
  }
  std::ostringstream whole;
  writeCsv(results, whole);
  EXPECT_EQ(readFile(path), whole.str());
  std::remove(path.c_str());
}

// reads the file while the run goes on
class FileWatcher : public RunObserver {
 public:
  explicit FileWatcher(std::string path) : path_(std::move(path)) {}
  void onRecorded(const Results& results, size_t newRow) override {
    if (newRow == 0)
      statusAtStart = readFile(path_).find("# status: running  \n") != std::string::npos;
    // a row a second after the previous write is written with what was buffered
    if (results.appendedRowCount() == 3)
      std::this_thread::sleep_for(std::chrono::milliseconds(1050));
    if (results.appendedRowCount() == 4) rowsOnDiskAtFourth = dataRows(readFile(path_));
  }
  bool statusAtStart = false;
  size_t rowsOnDiskAtFourth = 0;

 private:
  std::string path_;
};

// the status line says "running" while the run goes on; after the pause, the fourth row finds
// all four rows on disk; at the end the status is the run's, with 200 steps and 201 rows
TEST(CsvStream, RowsReachTheDiskDuringTheRunAndTheStatusLineFollowsIt) {
  const std::string path = tempPath("during.csv");
  Simulation sim(loadScene("slider-crank"), slider(0.2));
  FileWatcher watcher(path);
  CsvStreamWriter csv(path);
  const Results results = sim.run(&watcher, &csv);
  EXPECT_TRUE(watcher.statusAtStart);
  EXPECT_EQ(watcher.rowsOnDiskAtFourth, 4u);
  const Results back = readCsv(path);
  EXPECT_EQ(back.status, RunStatus::Completed);
  EXPECT_EQ(back.rowCount(), 201u);
  EXPECT_EQ(back.stats.steps, 200);
  std::remove(path.c_str());
}

// asks the run to stop once it has recorded the given number of rows
class StopAt : public RunObserver {
 public:
  explicit StopAt(size_t rows) : rows_(rows) {}
  void onRecorded(const Results& results, size_t) override { seen_ = results.appendedRowCount(); }
  bool stopRequested() override { return seen_ >= rows_; }

 private:
  size_t rows_, seen_ = 0;
};

// a cancelled run leaves a valid file of the rows computed, its status saying where it stopped
TEST(CsvStream, ACancelledRunKeepsItsRowsAndSaysSo) {
  // stopped at 50 rows: the file holds those 50 rows and the cancelled status
  const std::string path = tempPath("cancelled.csv");
  Simulation sim(loadScene("slider-crank"), slider(1.0));
  StopAt stop(50);
  CsvStreamWriter csv(path);
  const Results results = sim.run(&stop, &csv);
  ASSERT_EQ(results.status, RunStatus::Cancelled);
  const Results back = readCsv(path);
  EXPECT_EQ(back.status, RunStatus::Cancelled);
  EXPECT_EQ(back.rowCount(), 50u);
  EXPECT_NE(back.message.find("cancelled at t = "), std::string::npos) << back.message;
  std::remove(path.c_str());
}

// a run that fails numerically leaves a valid file of its rows so far and the failure's reason
TEST(CsvStream, ANumericalFailureKeepsItsRowsAndSaysWhy) {
  // one Newton iteration per step at h = 0.01 cannot converge on the double pendulum: the rows
  // so far and the failure's message are in the file
  const std::string path = tempPath("failed.csv");
  RunSettings s = slider(1.0);
  s.integratorSettings.step = 0.01;
  s.integratorSettings.maxNewtonIterations = 1;
  Simulation sim(loadScene("double-pendulum"), s);
  CsvStreamWriter csv(path);
  const Results results = sim.run(nullptr, &csv);
  ASSERT_EQ(results.status, RunStatus::Failed);
  const Results back = readCsv(path);
  EXPECT_EQ(back.status, RunStatus::Failed);
  EXPECT_EQ(back.message, results.message);
  EXPECT_GE(back.rowCount(), 1u);
  std::remove(path.c_str());
}

// --- memory, and files that cannot be written ----------------------------------------------------

// with a memory budget the results keep a bounded subset of rows (the last included) while the
// file gets them all, and the channel ranges still cover every row
TEST(CsvStream, MemoryStaysBoundedWhileTheFileGetsEveryRow) {
  // 5 s at 1 ms is 5001 rows; a budget of 32 KiB keeps only some of them in memory, the last one
  // among them, while the file gets all of them
  const std::string path = tempPath("bounded.csv");
  RunSettings s = slider(5.0);
  s.memoryBudget = 32 << 10;
  Simulation sim(loadScene("slider-crank"), s);
  CsvStreamWriter csv(path);
  const Results results = sim.run(nullptr, &csv);
  EXPECT_LE(results.rowCount() * results.columnCount() * sizeof(double), s.memoryBudget);
  EXPECT_GE(results.rowCount(), 10u);
  EXPECT_EQ(results.appendedRowCount(), 5001u);
  EXPECT_EQ(results.at(results.rowCount() - 1, 0), 5.0);
  const Results all = readCsv(path);
  ASSERT_EQ(all.rowCount(), 5001u);
  // the ranges the summary prints are those of every row
  for (const char* channel : {"violation.position", "energy.balance", "crank.wx"}) {
    const int c = all.column(channel);
    double low = all.at(0, c), high = low;
    for (size_t r = 0; r < all.rowCount(); ++r) {
      low = std::min(low, all.at(r, c));
      high = std::max(high, all.at(r, c));
    }
    EXPECT_EQ(results.channelRange(c).first, low) << channel;
    EXPECT_EQ(results.channelRange(c).second, high) << channel;
  }
  std::remove(path.c_str());
}

// an unwritable path is refused when the writer is made, before any step is spent
TEST(CsvStream, APathThatCannotBeWrittenIsRefusedBeforeTheRun) {
  // a directory that does not exist, and a directory in the file's place
  for (const std::string& path : {std::string("/nonexistent-dir/x.csv"), ::testing::TempDir()}) {
    try {
      CsvStreamWriter csv(path);
      FAIL() << path;
    } catch (const CsvError& e) {
      EXPECT_NE(std::string(e.what()).find("cannot write '" + path + "'"), std::string::npos)
          << e.what();
    }
  }
}

// a write that fails (a full disk) stops the run at once with the system's reason
TEST(CsvStream, AFullDiskStopsTheRunWithTheReason) {
  // /dev/full takes the file but no byte of it: the first write (the preamble) fails
  Simulation sim(loadScene("slider-crank"), slider(1.0));
  CsvStreamWriter csv("/dev/full");
  const Results results = sim.run(nullptr, &csv);
  EXPECT_EQ(results.status, RunStatus::Failed);
  EXPECT_NE(results.message.find("writing '/dev/full' failed: No space left on device"),
            std::string::npos)
      << results.message;
  EXPECT_NE(results.message.find("the run stopped at t = 0 s"), std::string::npos)
      << results.message;
  EXPECT_EQ(results.stats.steps, 0);
  EXPECT_NE(csv.failure(), "");
}

}  // namespace
}  // namespace mbw
