// The flexible studies' figures (flexible_study_figures.h) on a study made by hand: a time-history
// chart per group from the recorded window, a failed run named with the time it reached, dashes
// from the eighth method; the convergence figure's groups on one error range without the
// non-finite errors; Fig. 28's charts of S/N over the steps.

#include <gtest/gtest.h>

#include "flexible_study_figures.h"

namespace mbw::plot {
namespace {

// two groups: (a) with nine methods, (b) with one
FlexibleStudy handMadeStudy() {
  FlexibleStudy f;
  f.groups = {{"(a) nine", {}}, {"(b) one", {{"mssth3"}}}};
  for (int m = 0; m < 9; ++m) f.groups[0].methods.push_back({"lms2", 0.1 * m});
  for (size_t g = 0; g < f.groups.size(); ++g)
    for (size_t m = 0; m < f.groups[g].methods.size(); ++m) {
      RunSpec spec;
      spec.settings.integrator = f.groups[g].methods[m].integrator;
      spec.settings.recordFrom = 1.0;
      f.study.runs.push_back(spec);
      f.runs.push_back({static_cast<int>(g), static_cast<int>(m), 0});
    }
  return f;
}

// a reader of the study's time histories sees each kept method over the paper's window, the ninth
// method's line told apart, and a failed run said to have failed where it stopped
TEST(FlexibleStudyFigures, ExperimentFigureDrawsTheWindowOfEveryKeptRun) {
  const FlexibleStudy flexible = handMadeStudy();
  RunHistories histories({"tip.y"});
  Results r;
  r.setChannels({{"t", "s"}, {"tip.y", "m"}});
  for (double t : {0.5, 1.0, 1.5}) r.appendRow({t, 2 * t});
  // runs 0 and 8 of group (a) kept, and run 9, group (b)'s, which failed
  for (int run : {0, 8, 9}) histories.keep(run, r);
  std::vector<RunRecord> records(10);
  for (int k = 0; k < 10; ++k) records[k].run = k, records[k].status = RunStatus::Completed;
  records[9].status = RunStatus::Failed;
  const Experiment e{"four-bar", "four-bar", 1e-3, 1.5, {{14, "tip.y", "y [m]"}}};
  const Figure f = flexibleExperimentFigure(e, e.figures[0], flexible, records, histories);
  EXPECT_EQ(f.title, "Fig. 14: four-bar, y [m], Delta t / n = 0.001 s");
  ASSERT_EQ(f.charts.size(), 2u);
  ASSERT_EQ(f.charts[0].series.size(), 2u);  // runs 0 and 8 were kept
  // from the recording's start at 1 s; the ninth method's line dashed
  EXPECT_EQ(f.charts[0].series[0].x, (std::vector<double>{1.0, 1.5}));
  EXPECT_FALSE(f.charts[0].series[0].dashed);
  EXPECT_TRUE(f.charts[0].series[1].dashed);
  ASSERT_EQ(f.charts[1].series.size(), 1u);
  EXPECT_NE(f.charts[1].series[0].name.find("(failed at t = 1.5 s)"), std::string::npos);
}

// the convergence figure skips errors that are not numbers and puts every group on one range, so
// the groups compare at a glance; Fig. 28's charts give S/N per method and step
TEST(FlexibleStudyFigures, ConvergenceAndIterationFigures) {
  const FlexibleStudy flexible = handMadeStudy();
  const std::string first = flexible.groups[0].methods[0].label();
  const std::map<std::string, StepPoints> errors = {
      {first, {{1e-3, 1e-2}, {5e-4, std::nan("")}, {2.5e-4, 1e-4}}}};
  const Figure f = flexibleConvergenceFigure(25, "u3", flexible.groups, errors, "esdirk (ref)");
  EXPECT_EQ(f.title, "Fig. 25: rotating-shaft, RE(u3) at mid-span against esdirk");
  ASSERT_EQ(f.charts.size(), 2u);
  // the NaN at 5e-4 left out
  EXPECT_EQ(f.charts[0].series[0].x, (std::vector<double>{1e-3, 2.5e-4}));
  EXPECT_DOUBLE_EQ(*f.charts[1].y.min, 1e-4 / 1.5);  // one range for every group
  EXPECT_DOUBLE_EQ(*f.charts[1].y.max, 1e-2 * 1.5);
  EXPECT_TRUE(f.charts[1].series[0].x.empty());

  // nine methods in (a) with two steps each, one in (b)
  const std::vector<std::vector<StepPoints>> points = {
      std::vector<StepPoints>(9, StepPoints{{1e-3, 2.0}, {5e-4, 1.5}}), {{{1e-3, 3.0}}}};
  const std::vector<Chart> charts = flexibleIterationCharts("shaft", flexible.groups, points);
  ASSERT_EQ(charts.size(), 2u);
  EXPECT_EQ(charts[0].title, "shaft (a)");
  EXPECT_EQ(charts[0].series.size(), 9u);
  EXPECT_EQ(charts[0].series[8].y, (std::vector<double>{2.0, 1.5}));
  EXPECT_EQ(charts[1].series[0].y, (std::vector<double>{3.0}));
  EXPECT_EQ(flexibleIterationsFigure().columns, 3);
}

}  // namespace
}  // namespace mbw::plot
