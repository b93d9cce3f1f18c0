// One run of a study (study_run.cpp): the record of a run, shaped by the study (one error per
// output, one CPU time per checkpoint); a stop by the user and one by the CPU budget, a run that
// cannot be configured, a timing of the stepping loop; the reference run kept to the outputs;
// keepChannels on a small table.

#include "studies/study_run.h"

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"

namespace mbw {
namespace {

// --- keeping channels ----------------------------------------------------------------------------

// reducing a run's results keeps time first and each named channel once, and keeps the status,
// message, statistics and metadata
TEST(StudyRun, KeepChannelsKeepsTimeAndTheNamedChannelsOnce) {
  Results r;
  r.setChannels({{"t", "s"}, {"a", "m"}, {"b", "m"}, {"c", "rad"}});
  r.appendRow({0.0, 1.0, 2.0, 3.0});
  r.appendRow({0.5, 4.0, 5.0, 6.0});
  r.status = RunStatus::Failed;
  r.message = "why";
  r.stats.steps = 7;
  r.metadata = {{"integrator", "hht"}};
  // time is always first; a repeated or absent name adds nothing
  const Results kept = keepChannels(r, {"c", "a", "c", "missing", "t"});
  ASSERT_EQ(kept.columnCount(), 3);
  EXPECT_EQ(kept.channels()[0].name, "t");
  EXPECT_EQ(kept.channels()[1].name, "c");
  EXPECT_EQ(kept.channels()[1].unit, "rad");
  EXPECT_EQ(kept.channels()[2].name, "a");
  ASSERT_EQ(kept.rowCount(), 2u);
  EXPECT_EQ(kept.at(1, 0), 0.5);
  EXPECT_EQ(kept.at(1, 1), 6.0);
  EXPECT_EQ(kept.at(0, 2), 1.0);
  // with the run's status, message, statistics and metadata
  EXPECT_EQ(kept.status, RunStatus::Failed);
  EXPECT_EQ(kept.message, "why");
  EXPECT_EQ(kept.stats.steps, 7);
  EXPECT_EQ(kept.metadata, r.metadata);
}

// the double pendulum with backward Euler over 0.05 s at 1e-3 s, its reference the same run
struct SmallStudy {
  Study study;
  std::vector<Model> models;
};

SmallStudy smallStudy() {
  SmallStudy s;
  s.study.variants = {{"double-pendulum", {}}};
  s.models = {loadScene("double-pendulum")};
  RunSpec run;
  run.settings.integrator = "backward-euler";
  run.settings.integratorSettings.step = 1e-3;
  run.settings.tEnd = 0.05;
  run.reference = 0;
  s.study.references = {{"the same run", "", run, ""}};
  s.study.runs = {run};
  s.study.outputs = {"body_2.z", "body_2.vz", "nothing"};
  // one checkpoint inside the run, one beyond its end
  s.study.checkpoints = {0.02, 1.0};
  return s;
}

// --- runs and their records ----------------------------------------------------------------------

// a run against itself as reference has zero error on the shared outputs and NaN on the others,
// and a CPU time at each checkpoint it reached
TEST(StudyRun, ARecordHasAnErrorPerOutputAndATimePerCheckpoint) {
  const SmallStudy s = smallStudy();
  const Results reference = makeReferenceRun(s.study, s.models, 0, {});
  ASSERT_EQ(reference.status, RunStatus::Completed) << reference.message;
  // the reference keeps time and the outputs it has
  ASSERT_EQ(reference.columnCount(), 3);
  EXPECT_EQ(reference.channels()[1].name, "body_2.z");
  EXPECT_EQ(reference.channels()[2].name, "body_2.vz");

  int delivered = -1;
  StudyRunHooks hooks;
  hooks.onResults = [&](int run, const Results& r) {
    delivered = run;
    EXPECT_GT(r.columnCount(), 3);  // the whole run, not only the outputs
  };
  const RunRecord record = makeStudyRun(s.study, s.models, {reference}, 0, hooks);
  EXPECT_EQ(record.status, RunStatus::Completed) << record.message;
  EXPECT_EQ(record.run, 0);
  EXPECT_EQ(delivered, 0);
  EXPECT_FALSE(record.interrupted);
  EXPECT_NEAR(record.tReached, 0.05, 1e-12);
  EXPECT_EQ(record.stats.steps, 50);
  // the same run as its reference: no error on the outputs both have, none measured on the other
  ASSERT_EQ(record.errors.size(), 3u);
  EXPECT_EQ(record.errors[0].max, 0.0);
  EXPECT_EQ(record.errors[1].max, 0.0);
  EXPECT_TRUE(std::isnan(record.errors[2].max));
  // the checkpoint inside the run is reached, the one after its end is not
  ASSERT_EQ(record.cpuAt.size(), 2u);
  EXPECT_GE(record.cpuAt[0], 0.0);
  EXPECT_TRUE(std::isnan(record.cpuAt[1]));
}

TEST(StudyRun, AStoppedRunIsInterruptedAndItsResultsKept) {
  // a stop asked from the start: the run is interrupted before its end, its results not handed
  // on, and a reference stopped so is cancelled
  const SmallStudy s = smallStudy();
  const Results reference = makeReferenceRun(s.study, s.models, 0, {});
  bool delivered = false;
  StudyRunHooks hooks;
  hooks.stopRequested = [] { return true; };
  hooks.onResults = [&](int, const Results&) { delivered = true; };
  const RunRecord record = makeStudyRun(s.study, s.models, {reference}, 0, hooks);
  EXPECT_TRUE(record.interrupted);
  EXPECT_FALSE(delivered);
  EXPECT_LT(record.tReached, 0.05);
  // a stopped reference run says it was cancelled
  EXPECT_EQ(makeReferenceRun(s.study, s.models, 0, hooks).status, RunStatus::Cancelled);
}

TEST(StudyRun, ARunOverItsCpuBudgetEndsThereAndIsNotInterrupted) {
  // a budget of a nanosecond is spent before the first step: the run stops, cancelled by its own
  // budget (a result, kept and delivered), not by the user (made again on resume)
  SmallStudy s = smallStudy();
  s.study.runs[0].cpuBudget = 1e-9;
  const Results reference = makeReferenceRun(s.study, s.models, 0, {});
  bool delivered = false;
  StudyRunHooks hooks;
  hooks.onResults = [&](int, const Results& r) {
    delivered = true;
    EXPECT_EQ(r.message.rfind("stopped by the CPU budget of ", 0), 0u) << r.message;
  };
  const RunRecord record = makeStudyRun(s.study, s.models, {reference}, 0, hooks);
  EXPECT_EQ(record.status, RunStatus::Cancelled);
  EXPECT_FALSE(record.interrupted);
  EXPECT_TRUE(delivered);
  EXPECT_LT(record.tReached, 0.05);
  EXPECT_EQ(record.message.rfind("stopped by the CPU budget of ", 0), 0u) << record.message;
}

TEST(StudyRun, ARunThatCannotBeConfiguredIsAFailedRecord) {
  // an unknown integrator: a failed record of the right shape, with the reason
  SmallStudy s = smallStudy();
  s.study.runs[0].settings.integrator = "no-such-method";
  s.study.runs[0].reference = -1;
  const RunRecord record = makeStudyRun(s.study, s.models, {}, 0, {});
  EXPECT_EQ(record.status, RunStatus::Failed);
  EXPECT_EQ(record.message.rfind("cannot run: ", 0), 0u) << record.message;
  EXPECT_EQ(record.run, 0);
  EXPECT_EQ(record.errors.size(), 3u);
  EXPECT_EQ(record.cpuAt.size(), 2u);
}

TEST(StudyRun, ATimingOfTheSteppingLoopCountsItsStepsOnly) {
  // the stepping loop alone timed three times over, without recording: the steps counted, no
  // error and no checkpoint measured
  SmallStudy s = smallStudy();
  RunSpec& run = s.study.runs[0];
  run.timing = RunTiming::SteppingLoop;
  run.reference = -1;
  run.repeat = 3;
  const RunRecord record = makeStudyRun(s.study, s.models, {}, 0, {});
  EXPECT_EQ(record.status, RunStatus::Completed) << record.message;
  EXPECT_EQ(record.stats.steps, 50);
  EXPECT_EQ(record.stats.timePoints, 50);  // backward Euler: one time point a step
  EXPECT_NEAR(record.tReached, 0.05, 1e-12);
  // the least of the repetitions and the most
  EXPECT_LE(record.stats.cpuSeconds, record.cpuSecondsMax);
  // nothing recorded: no error and no checkpoint time
  ASSERT_EQ(record.errors.size(), 3u);
  EXPECT_TRUE(std::isnan(record.errors[0].max));
  ASSERT_EQ(record.cpuAt.size(), 2u);
  EXPECT_TRUE(std::isnan(record.cpuAt[0]));
}

}  // namespace
}  // namespace mbw
