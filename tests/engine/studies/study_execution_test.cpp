// The study engine (its results table, thread pool and scene variants have their own tests): a
// study gives the same records on 1 and 3 threads, and with models loaded by the caller; its
// progress ticks while its reference runs, so that a stop asked there is seen; a study stopped
// part-way resumes without making again the runs its table holds, and computes again a kept
// reference that a kill tore; an outcome's records of the runs made, in run order.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "csv_compare.h"
#include "simulation/csv.h"
#include "test_studies.h"
#include "studies/results_table.h"
#include "studies/scene_variant_loader.h"
#include "studies/study_execution.h"

namespace mbw {
namespace {

// the study's results table as CSV text, a row per record made
std::string tableOf(const Study& study, const StudyOutcome& o) {
  std::string text = csvLine(resultsTableHeader(study)) + "\n";
  for (const auto& r : o.records)
    if (r) text += csvLine(resultsTableRow(study, *r)) + "\n";
  return text;
}

// the columns of CPU times, which differ between any two executions
const std::set<std::string> kTimings = {"cpu_s", "cpu_s_max", "cpu_s_by_phase"};

// a study's records do not depend on the number of threads (CPU times aside), and the errors fall
// with the step
TEST(StudyExecution, OneThreadAndThreeGiveTheSameRecords) {
  // the small method study on one thread and on three: the same table, CPU times aside
  const Study study = smallMethodStudy();
  ThreadPoolExecutor one(1), three(3);
  const StudyOutcome a = executeStudy(study, one, {}, {});
  const StudyOutcome b = executeStudy(study, three, {}, {});
  ASSERT_EQ(a.failed(), 0);
  EXPECT_FALSE(a.interrupted || b.interrupted);
  EXPECT_TRUE(test::csvDifferences(tableOf(study, a), tableOf(study, b), kTimings).empty());
  // errors fall with the step for every method
  for (size_t k = 0; k < study.runs.size(); k += 2)
    EXPECT_LT(a.records[k + 1]->errors[0].max, a.records[k]->errors[0].max) << k;
}

// models handed in by the caller give the same records as models the executor loads itself
TEST(StudyExecution, ModelsLoadedByTheCallerGiveTheSameRecords) {
  // the models loaded by the executor or handed in by the caller give the same table
  const Study study = smallMethodStudy();
  ThreadPoolExecutor pool(2);
  const StudyOutcome loaded = executeStudy(study, pool, {}, {});
  const StudyOutcome given =
      executeStudy(study, {loadSceneVariant(study.variants[0])}, pool, {}, {});
  ASSERT_EQ(given.failed(), 0);
  EXPECT_TRUE(
      test::csvDifferences(tableOf(study, loaded), tableOf(study, given), kTimings).empty());
  // one model per scene variant
  EXPECT_THROW(executeStudy(study, std::vector<Model>{}, pool, {}, {}), StudyError);
}

// The progress ticks while the reference runs as while the study's runs do: the Python module
// handles Ctrl-C on its tick (mbw.sweep of a study whose reference ran for minutes did not stop).
TEST(StudyExecution, TicksAndStopsWhileTheReferenceRuns) {
  Study study = smallMethodStudy();
  // a reference of about ten minutes: stopped at the first tick
  study.references.front().run.settings.tEnd = 1e4;
  // a watchdog ends the reference after 10 s when no tick came
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  std::atomic<bool> ticked{false}, watchdog{false};
  StudyRunHooks hooks;
  hooks.stopRequested = [&] {
    if (!ticked && Clock::now() - start > std::chrono::seconds(10)) watchdog = true;
    return ticked || watchdog;
  };
  StudyProgress progress;
  progress.onTick = [&] { ticked = true; };
  int records = 0;
  progress.onRecord = [&](const RunRecord&, int, int) { ++records; };
  ThreadPoolExecutor pool(1);
  const StudyOutcome outcome = executeStudy(study, pool, {}, hooks, progress);
  EXPECT_TRUE(outcome.interrupted);
  EXPECT_EQ(records, 0);
  EXPECT_TRUE(ticked);
  EXPECT_FALSE(watchdog) << "the reference ran without a tick";
}

// a stopped study resumes from its results table: finished runs are read back, not made again, and
// the table equals one made in one go
TEST(StudyExecution, ResumesWithoutMakingFinishedRunsAgain) {
  // a study executed into a directory, stopped after two runs, then resumed there
  const Study study = smallMethodStudy();
  const std::string dir = ::testing::TempDir() + "/study-resume";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  StudyExecutionOptions options{dir + "/results.csv", dir, false};
  ThreadPoolExecutor one(1);

  // stopped after two runs: those after them stop as they start
  std::atomic<int> made2{0}, finished{0};
  StudyRunHooks stopAfterTwo;
  stopAfterTwo.onResults = [&](int, const Results&) { ++made2; };
  stopAfterTwo.stopRequested = [&] { return made2 >= 2; };
  StudyProgress count;
  count.onRecord = [&](const RunRecord&, int, int) { ++finished; };
  const StudyOutcome first = executeStudy(study, one, options, stopAfterTwo, count);
  EXPECT_TRUE(first.interrupted);
  EXPECT_EQ(finished.load(), 2);
  EXPECT_TRUE(std::filesystem::exists(dir + "/reference-0.csv"));

  // without --resume the table is not overwritten
  EXPECT_THROW(executeStudy(study, one, options, {}), StudyError);

  // resumed: the other four, and the reference read back
  options.resume = true;
  std::vector<int> made;
  StudyProgress record;
  record.onRecord = [&](const RunRecord& r, int, int) { made.push_back(r.run); };
  std::vector<std::string> notes;
  record.onNote = [&](const std::string& n) { notes.push_back(n); };
  const StudyOutcome second = executeStudy(study, one, options, {}, record);
  EXPECT_FALSE(second.interrupted);
  EXPECT_EQ(second.resumed, 2);
  EXPECT_EQ(made, (std::vector<int>{2, 3, 4, 5}));
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes.front().find("read from"), std::string::npos) << notes.front();

  // the table equals one made in one go
  const StudyOutcome whole = executeStudy(study, one, {}, {});
  const TextTable table = readTextTable(dir + "/results.csv");
  std::string rows = csvLine(table.header) + "\n";
  for (const auto& r : table.rows) rows += csvLine(r) + "\n";
  EXPECT_TRUE(test::csvDifferences(tableOf(study, whole), rows, kTimings).empty()) << rows;
  EXPECT_EQ(table.unit("max_error(body_2.z)"), "m");
}

// A reference file cut in the middle of its rows (as a kill while writing it in place would leave
// it): read as fewer rows, it would fail the runs compared against it. A resume computes it again,
// and every run completes.
TEST(StudyExecution, ResumeComputesATornReferenceAgain) {
  const Study study = smallMethodStudy();
  const std::string dir = ::testing::TempDir() + "/study-torn-reference";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  StudyExecutionOptions options{dir + "/results.csv", dir, false};
  ThreadPoolExecutor one(1);
  std::atomic<int> made{0};
  StudyRunHooks stopAfterOne;
  stopAfterOne.onResults = [&](int, const Results&) { ++made; };
  stopAfterOne.stopRequested = [&] { return made >= 1; };
  ASSERT_TRUE(executeStudy(study, one, options, stopAfterOne).interrupted);
  const std::string reference = dir + "/reference-0.csv";
  ASSERT_TRUE(std::filesystem::exists(reference));
  EXPECT_FALSE(std::filesystem::exists(reference + ".part"));
  // torn in the middle of a row
  const size_t rows = readCsv(reference).rowCount();
  const auto size = std::filesystem::file_size(reference);
  std::filesystem::resize_file(reference, size / 2);

  options.resume = true;
  std::vector<std::string> notes;
  StudyProgress progress;
  progress.onNote = [&](const std::string& n) { notes.push_back(n); };
  const StudyOutcome resumed = executeStudy(study, one, options, {}, progress);
  EXPECT_FALSE(resumed.interrupted);
  EXPECT_EQ(resumed.failed(), 0);
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes.front().find("cut short"), std::string::npos) << notes.front();
  EXPECT_NE(notes.front().find("computed again"), std::string::npos) << notes.front();
  // the reference is whole again: a second resume reads it back
  notes.clear();
  executeStudy(study, one, options, {}, progress);
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes.front().find("read from"), std::string::npos) << notes.front();
  EXPECT_EQ(readCsv(reference).rowCount(), rows);
}

// an outcome's records are the runs made, in run order, and failed() counts the failed ones
TEST(StudyExecution, MadeRecordsAreTheRunsMadeInRunOrder) {
  StudyOutcome outcome;
  outcome.records.resize(4);
  for (int run : {3, 0}) {
    outcome.records[run] = RunRecord{};
    outcome.records[run]->run = run;
    outcome.records[run]->status = run == 3 ? RunStatus::Failed : RunStatus::Completed;
  }
  const std::vector<RunRecord> made = outcome.madeRecords();
  ASSERT_EQ(made.size(), 2u);
  EXPECT_EQ(made[0].run, 0);
  EXPECT_EQ(made[1].run, 3);
  EXPECT_EQ(outcome.failed(), 1);
}

}  // namespace
}  // namespace mbw
