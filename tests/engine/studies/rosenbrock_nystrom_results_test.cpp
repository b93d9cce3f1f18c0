// The results of the studies of Sandu et al. 2001 (studies/rosenbrock_nystrom_results.h) from
// records made up here: the tolerance study's rows for the completed runs, with Delta relative to
// the reference's value at t*; the timing study's runs found by what they are, the CPU time ratio
// where both were measured, both CSV tables and the tables as text.

#include <gtest/gtest.h>

#include <cmath>

#include "command_runner.h"
#include "scene/scene_reader.h"
#include "studies/results_table.h"
#include "studies/rosenbrock_nystrom_results.h"

namespace mbw {
namespace {

// the error measures of a channel: its largest error and when, rms and mean set to half of it
ErrorMeasures error(double max, double timeOfMax) {
  ErrorMeasures e;
  e.max = max;
  e.timeOfMax = timeOfMax;
  e.rms = e.mean = max / 2.0;
  return e;
}

// --- the tolerance study -------------------------------------------------------------------------

// three tolerances; run 0 completed, run 1 not made, run 2 failed: only run 0 gives a row
TEST(RosenbrockNystromResults, ToleranceRowsAreTheCompletedRunsWithTheirRelativeErrors) {
  ToleranceStudySettings o;
  o.scene = "double-pendulum";
  o.channel = "body_1.x";
  o.tolerances = {1e-2, 1e-3, 1e-4};
  const Study study = makeToleranceStudy(loadScene(o.scene), o);
  // the reference: x = 2 + t, its rate 1 (linear: the cubic reads it exactly)
  Results reference;
  reference.setChannels({{"t", "s"}, {"body_1.x", "m"}, {"body_1.x.rate", "m/s"}});
  for (double t : {0.0, 1.0, 2.0, 3.0}) reference.appendRow({t, 2.0 + t, 1.0});
  // both runs made: errors of 0.04 in x at t = 2 s (where x = 4) and 0.5 in its rate at t = 1 s
  std::vector<std::optional<RunRecord>> records(3);
  for (int k : {0, 2}) {
    records[k] = RunRecord{};
    records[k]->run = k;
    records[k]->status = RunStatus::Completed;
    records[k]->stats.steps = 10 * (k + 1);
    records[k]->errors = {error(0.04, 2.0), error(0.5, 1.0)};
  }
  records[2]->status = RunStatus::Failed;
  records[1] = std::nullopt;  // not made
  // Delta in per cent of the reference's value at the time of the largest error
  const std::vector<ToleranceRow> rows = toleranceRows(study, records, reference, "body_1.x");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].run, 0);
  EXPECT_EQ(rows[0].tolerance, 1e-2);
  EXPECT_DOUBLE_EQ(rows[0].valueRel, 1.0);  // 100 * 0.04 / 4
  EXPECT_DOUBLE_EQ(rows[0].rateRel, 50.0);  // 100 * 0.5 / 1
  // the CSV: a row for the value and a row for the rate; a directory that does not exist throws
  const std::string path = ::testing::TempDir() + "/tolerance_rows.csv";
  writeToleranceTable(path, "body_1.x", rows);
  EXPECT_EQ(test::readText(path),
            "tolerance,channel,t_max,max_error,rel_error_percent,rms_error,mean_error,steps,"
            "rejected,cpu_seconds\n"
            "0.01,body_1.x,2,0.04,1,0.02,0.02,10,0,0\n"
            "0.01,body_1.x.rate,1,0.5,50,0.25,0.25,10,0,0\n");
  EXPECT_THROW(writeToleranceTable(::testing::TempDir() + "/no/dir/t.csv", "body_1.x", rows),
               TableError);
}

// --- the timing study ----------------------------------------------------------------------------

// timing series hold the runs made per integrator and tolerance; the CPU time ratio explicit /
// implicit is given only where both runs reached the span
TEST(RosenbrockNystromResults, TimingSeriesHoldTheRunsMadeAndTheirCpuRatios) {
  TimingStudySettings o;
  o.scene = "double-pendulum";
  o.tolerances = {1e-2, 1e-3};
  o.spans = {1, 2};
  const TimingStudy timing = makeTimingStudy(loadScene(o.scene), o);
  std::vector<std::optional<RunRecord>> records(timing.study.runs.size());
  // the implicit runs at 1 and 2 s of CPU per span, the explicit ones four times as long; the
  // explicit run at 1e-3 not made, the implicit one at 1e-2 stopped before 2 s
  for (size_t k = 0; k < 2; ++k) {
    const int i = timing.implicitRuns[k], e = timing.explicitRuns[k];
    records[i] = RunRecord{};
    records[i]->run = i;
    records[i]->cpuAt = {1.0, k == 0 ? NAN : 2.0};
    if (k == 0) {
      records[e] = RunRecord{};
      records[e]->run = e;
      records[e]->cpuAt = {4.0, 8.0};
    }
  }
  // the series per integrator hold the tolerances that have a run, each starting at t = 0
  const TimingSeries implicitSeries =
      timingSeries(timing.study, records, "rn4", timing.implicitRuns);
  const TimingSeries explicitSeries =
      timingSeries(timing.study, records, "adams", timing.explicitRuns);
  EXPECT_EQ(implicitSeries.tolerances, (std::vector<double>{1e-2, 1e-3}));
  EXPECT_EQ(explicitSeries.tolerances, (std::vector<double>{1e-2}));
  EXPECT_EQ(implicitSeries.starts, (std::vector<double>{0.0, 0.0}));  // the study's runs from 0
  // the ratio explicit / implicit where both reached the span: 4 / 1 at 1e-2 and 1 s
  EXPECT_DOUBLE_EQ(cpuTimeRatio(explicitSeries, implicitSeries, 0, 0), 4.0);
  EXPECT_TRUE(
      std::isnan(cpuTimeRatio(explicitSeries, implicitSeries, 0, 1)));  // implicit not at 2 s
  EXPECT_TRUE(std::isnan(cpuTimeRatio(explicitSeries, implicitSeries, 1, 0)));  // explicit not made
  // the explicit series as CSV, a row per span
  const std::string path = ::testing::TempDir() + "/timing_series.csv";
  writeTimingTable(path, {&explicitSeries}, {1, 2});
  EXPECT_EQ(
      test::readText(path),
      "integrator,tolerance,span,cpu_seconds,steps,rejected,function_evaluations,jacobians,run_end,"
      "run_cpu_seconds\nadams,0.01,1,4.000000,0,0,0,0,0,0\nadams,0.01,2,8.000000,0,0,0,0,0,0\n");
}

// the text gives Sandu et al.'s Tables 3 and 4 (CPU time by span and tolerance), their ratio, and
// each implicit run's mean step, real-time factor and Newton share
TEST(RosenbrockNystromResults, TimingTablesTextReadsCpuTimesByTolerance) {
  // the explicit run at 1e-2 only; the implicit ones at 1e-2 (both spans) and 1e-3 (1 s only);
  // each implicit run made 100 steps to t = 2 s in 0.5 s of CPU, half of it in Newton
  TimingSeries explicitSeries{"adams", {1e-2}, {0.0}, std::vector<RunRecord>(1)};
  TimingSeries implicitSeries{"rn4", {1e-2, 1e-3}, {0.0, 0.0}, std::vector<RunRecord>(2)};
  explicitSeries.runs[0].cpuAt = {4.0, 8.0};
  implicitSeries.runs[0].cpuAt = {1.0, 2.0};
  implicitSeries.runs[1].cpuAt = {1.5, NAN};
  for (RunRecord& r : implicitSeries.runs) {
    r.tReached = 2.0, r.stats.steps = 100, r.stats.cpuSeconds = 0.5;
    r.stats.phaseSeconds = {{"newton", 0.25}};
  }
  // Tables 3 and 4 of the paper, the CPU time at each span per tolerance, then their ratio
  const std::string text = timingTablesText(explicitSeries, implicitSeries, {1, 2});
  const auto has = [&](const std::string& part) { return text.find(part) != std::string::npos; };
  EXPECT_EQ(text.rfind("\nTable 3 (Sandu et al. 2001): CPU time [s] of adams\n", 0), 0u) << text;
  EXPECT_TRUE(has("\nTable 4 (Sandu et al. 2001): CPU time [s] of rn4\n")) << text;
  EXPECT_TRUE(has("\n     2 s           2          -\n")) << text;  // not reached at 2 s: "-"
  // 2 s in 100 steps: h = 0.02 on average; 2 s in 0.5 s of CPU: 4x real time, 5 ms per step
  EXPECT_TRUE(has("\n  mean h        0.02       0.02\n")) << text;
  EXPECT_TRUE(has("\nCPU time ratio adams / rn4\n")) << text;
  EXPECT_TRUE(has("\n     1 s           4          -\n")) << text;  // no explicit run at 1e-3
  EXPECT_TRUE(has(": 4x real time, 5e+03 us per step; newton 50%\n")) << text;
}

// runs that start later are measured over their own span, and a run without CPU time gets no
// factor rather than an infinite one
TEST(RosenbrockNystromResults, TimingTablesTextCountsTheSpanFromTheStartAndSkipsNoCpuTime) {
  // two implicit runs from t = 1 s to 2 s in 100 steps: the first took 0.5 s of CPU, the second
  // none (it failed at its start)
  TimingSeries explicitSeries{"adams", {1e-2}, {1.0}, std::vector<RunRecord>(1)};
  TimingSeries implicitSeries{"rn4", {1e-2, 1e-3}, {1.0, 1.0}, std::vector<RunRecord>(2)};
  explicitSeries.runs[0].cpuAt = {NAN};
  for (RunRecord& r : implicitSeries.runs) {
    r.cpuAt = {NAN};
    r.tReached = 2.0, r.stats.steps = 100;
    r.stats.phaseSeconds = {{"newton", 0.25}};
  }
  implicitSeries.runs[0].stats.cpuSeconds = 0.5;
  const std::string text = timingTablesText(explicitSeries, implicitSeries, {2});
  const auto has = [&](const std::string& part) { return text.find(part) != std::string::npos; };
  // the mean step and the real-time factor over the simulated second, not from t = 0
  EXPECT_TRUE(has("\n  mean h        0.01       0.01\n")) << text;
  EXPECT_TRUE(has(": 2x real time, 5e+03 us per step; newton 50%\n")) << text;
  // no factor nor shares for the run without CPU time
  EXPECT_TRUE(has(": no CPU time measured\n")) << text;
  EXPECT_FALSE(has("inf")) << text;
}

// --- failures and the tolerance tables as text ---------------------------------------------------

// only a failed run counts: a run its CPU budget cancelled stopped as it was asked to
TEST(RosenbrockNystromResults, FailedTimingRunsAreTheFailedOnesNotThoseOverTheirBudget) {
  // a completed run, a failed one, one its CPU budget stopped (cancelled), one not made
  std::vector<std::optional<RunRecord>> records(4, RunRecord{});
  records[0]->status = RunStatus::Completed;
  records[1]->status = RunStatus::Failed;
  records[2]->status = RunStatus::Cancelled;
  records[3] = std::nullopt;
  EXPECT_EQ(failedTimingRuns(records), 1);
  EXPECT_EQ(failedTimingRunsText(1, 4),
            "\n1 of 4 runs failed (their lines above say why); the tables hold them up to where "
            "they stopped\n");
  EXPECT_EQ(failedTimingRunsText(0, 4), "");
}

// the tolerance tables as text: Table 1 for the channel's value, then Table 2 for its rate
TEST(RosenbrockNystromResults, ToleranceTablesTextHasTheValueThenTheRate) {
  // a row at 1e-3: the value's error 0.04 at 2 s (1 %), the rate's 0.5 at 1 s (50 %), 12 steps, 3
  // rejected
  ToleranceRow row{0, 1e-3, error(0.04, 2.0), error(0.5, 1.0), 1.0, 50.0, {}};
  row.stats.steps = 12;
  row.stats.rejectedSteps = 3;
  // Table 1 of the paper for the value comes before Table 2 for the rate, each with its row
  const std::string text = toleranceTablesText("theta", {row});
  const size_t value = text.find("Table 1 (Sandu et al. 2001): error of theta\n");
  const size_t rate = text.find("Table 2 (Sandu et al. 2001): error of theta.rate\n");
  ASSERT_NE(value, std::string::npos) << text;
  ASSERT_NE(rate, std::string::npos) << text;
  EXPECT_LT(value, rate);
  EXPECT_NE(text.find("2.000000   4.000e-02      1.00000   2.000e-02      12         3\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("1.000000   5.000e-01     50.00000   2.500e-01      12         3\n", rate),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace mbw
