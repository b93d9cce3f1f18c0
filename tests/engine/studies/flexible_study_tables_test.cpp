// The flexible-benchmark studies' tables and points (studies/flexible_study_tables.h) from records
// made up here on the quick study of the rotating shaft (a method per group, two steps per
// stage): a row per run in group and method order, S/N at the study's steps for the runs that
// completed, RE by method with its observed order, and the time histories in long format.

#include <gtest/gtest.h>

#include <cmath>

#include "command_runner.h"
#include "scene/scene_reader.h"
#include "studies/flexible_study_tables.h"
#include "studies/results_table.h"

namespace mbw {
namespace {

// the two steps per stage of the made-up study
const std::vector<double> kSteps = {1e-3, 5e-4};

// the shaft's convergence experiment, quick (the first method of each group), at both steps
FlexibleStudy quickShaftStudy() {
  const ConvergenceExperiment x = shaftConvergenceExperiment();
  FlexibleStudySettings settings;
  settings.stepsPerStage = kSteps;
  settings.tEnd = 0.01;
  settings.channels = x.channels;
  settings.quick = true;
  return makeFlexibleStudy(loadScene(x.scene), RunSettings{}, settings);
}

// a completed record, 2 iterations per time point at the first step and 3 at the second; the
// errors of the three outputs C h^(k + 1) of the run's Delta t
RunRecord record(const FlexibleStudy& flexible, int run) {
  RunRecord r;
  r.run = run;
  r.status = RunStatus::Completed;
  r.stats.steps = 10;
  r.stats.timePoints = 10;
  r.stats.newtonIterations = flexible.runs[run].step == 0 ? 20 : 30;
  const double h = flexible.study.runs[run].settings.integratorSettings.step;
  for (int k = 0; k < 3; ++k) {
    ErrorMeasures e;
    e.relative = 0.5 * std::pow(h, k + 1);
    r.errors.push_back(e);
  }
  return r;
}

// every run's record in reverse run order, the last run failed
std::vector<RunRecord> records(const FlexibleStudy& flexible) {
  std::vector<RunRecord> out;
  for (int run = static_cast<int>(flexible.study.runs.size()) - 1; run >= 0; --run)
    out.push_back(record(flexible, run));
  out.front().status = RunStatus::Failed;
  out.front().message = "Newton did not converge";
  return out;
}

// the iterations table is in group and method order whatever order the records came in, and only
// completed runs give points
TEST(FlexibleStudyTables, IterationRowsFollowTheGroupsAndPointsTheCompletedRuns) {
  // the table of iterations: a row per run, in groups; a point per completed run and step
  const FlexibleStudy flexible = quickShaftStudy();
  ASSERT_EQ(flexible.study.runs.size(), 6u);
  StudyTable table = flexibleRunTable("iterations");
  table.header.insert(table.header.begin(), "scene");
  const auto points =
      flexibleIterations("rotating-shaft", flexible, kSteps, records(flexible), table);
  ASSERT_EQ(table.rows.size(), 6u);
  ASSERT_EQ(points.size(), 3u);
  for (size_t g = 0; g < 3; ++g) {
    ASSERT_EQ(points[g].size(), 1u);
    EXPECT_EQ(table.rows[2 * g][0], "rotating-shaft");
    EXPECT_EQ(table.rows[2 * g][2], groupKey(flexible.groups[g]));
  }
  EXPECT_EQ(groupKey(flexible.groups[0]), "(a)");
  // the records came in reverse: a method's rows in the records' order, the failed one (the last
  // run: the third group's at the second step) included
  EXPECT_EQ(table.rows[4][4], "failed");
  EXPECT_EQ(table.rows[4][9], "Newton did not converge");
  EXPECT_EQ(table.rows[5][4], "completed");
  EXPECT_EQ(points[0][0], (StepPoints{{5e-4, 3.0}, {1e-3, 2.0}}));
  EXPECT_EQ(points[2][0], (StepPoints{{1e-3, 2.0}}));
}

// errors C h^(k + 1) in the made-up records give observed orders 1, 2 and 3: the least-squares
// slopes of log RE against log h
TEST(FlexibleStudyTables, ConvergenceGivesREByMethodAndItsObservedOrders) {
  // against a reference near 1e-4 s: RE by run and by method, and the orders the made-up errors
  // give: 1, 2 and 3 for the three outputs
  FlexibleStudy flexible = quickShaftStudy();
  addFlexibleConvergenceReference(flexible, shaftConvergenceExperiment().channels, 1e-4);
  const FlexibleConvergence c = flexibleConvergence(flexible.study, records(flexible));
  ASSERT_EQ(c.runs.rows.size(), 6u);
  ASSERT_EQ(c.errors.rows.size(), 6u);
  EXPECT_NE(c.errors.title.find(flexible.study.references.front().description), std::string::npos);
  // the failed run's RE is not given; the others are the records'
  EXPECT_EQ(c.errors.rows[0][2], "-");
  ASSERT_EQ(c.errorsByMethod.size(), 3u);
  const std::string first = methodLabel(flexible.study.runs[0].settings);
  ASSERT_EQ(c.errorsByMethod[0].at(first).size(), 2u);
  EXPECT_DOUBLE_EQ(c.errorsByMethod[1].at(first).back().second,
                   0.5 * std::pow(flexible.study.runs[0].settings.integratorSettings.step, 2));
  // orders 1, 2, 3 of the methods whose both runs completed
  ASSERT_EQ(c.orders.rows.size(), 3u);
  for (const auto& row : c.orders.rows) {
    if (row[0] == first) {
      EXPECT_EQ((std::vector<std::string>{row[1], row[2], row[3]}),
                (std::vector<std::string>{"1", "2", "3"}));
    }
  }
}

// kept histories are written one row per run and time, a channel a run lacks as nan
TEST(FlexibleStudyTables, SeriesHoldEveryKeptRunInLongFormat) {
  // the kept history of run 1 written as long-format rows, a channel it lacks as nan
  const FlexibleStudy flexible = quickShaftStudy();
  Experiment e{
      "shaft", "rotating-shaft", 1e-3, 0.01, {{22, "shaft.16.z", "u"}, {23, "shaft.16.vz", "v"}}};
  RunHistories histories({"shaft.16.z"});
  Results r;
  r.setChannels({{"t", "s"}, {"shaft.16.z", "m"}});
  r.appendRow({0.0, 0.25});
  histories.keep(1, r);
  const std::string path = ::testing::TempDir() + "/flexible_series.csv";
  writeFlexibleSeries(path, e, flexible.study, histories);
  EXPECT_EQ(test::readText(path),
            "# scene: rotating-shaft\n# Delta t / n: 0.001 s\nmethod,t,shaft.16.z,shaft.16.vz\n\"" +
                methodLabel(flexible.study.runs[1].settings) + "\",0,0.25,nan\n");
  EXPECT_THROW(
      writeFlexibleSeries(::testing::TempDir() + "/no/dir/s.csv", e, flexible.study, histories),
      TableError);
}

}  // namespace
}  // namespace mbw
