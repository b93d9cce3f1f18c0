// The method-grid studies' figures (method_grid_figures.h): a chart per channel with a series per
// kept run, titled with Delta t or Delta t / n; the convergence figure's RE against Delta t / n
// (the step over the method's implicit stages) and a last chart of S/N.

#include <gtest/gtest.h>

#include "method_grid_figures.h"

namespace mbw::plot {
namespace {

// backward Euler at 0.02 and 0.01 s (runs 0, 1), then Bathe (runs 2, 3)
Study twoMethodsAtTwoSteps() {
  RunSettings base;
  base.tEnd = 0.1;
  return makeMethodStepStudy("double-pendulum", base, parseStudyMethods("backward-euler,bathe"),
                             {0.02, 0.01}, false);
}

// the comparison chart draws the runs whose histories were kept, and only those
TEST(MethodGridFigures, ComparisonDrawsEveryKeptRun) {
  const Study study = twoMethodsAtTwoSteps();
  // one history kept, run 1's only
  RunHistories histories({"energy.balance"});
  Results r;
  r.setChannels({{"t", "s"}, {"energy.balance", "J"}});
  r.appendRow({0.0, 0.0});
  r.appendRow({0.01, 1e-6});
  histories.keep(1, r);
  const Figure f = comparisonFigure("pendulum", 0.01, true, study, {"energy.balance"}, histories);
  EXPECT_EQ(f.title, "pendulum: Delta t / n = 0.01 s");
  ASSERT_EQ(f.charts.size(), 1u);
  ASSERT_EQ(f.charts[0].series.size(), 1u);  // the first run was not kept
  EXPECT_EQ(f.charts[0].series[0].y, (std::vector<double>{0.0, 1e-6}));
}

// methods with several implicit stages are placed by the step per stage, so that a two-stage
// method at 0.02 s sits beside a one-stage method at 0.01 s
TEST(MethodGridFigures, ConvergenceDrawsErrorsAndIterationsByMethod) {
  const Study study = twoMethodsAtTwoSteps();
  // three records: RE 0.1 / (k + 1), 40 iterations over 20 time points
  std::vector<RunRecord> records(3);
  for (int k = 0; k < 3; ++k) {
    records[k].run = k;
    records[k].status = RunStatus::Completed;
    records[k].errors.resize(1);
    records[k].errors[0].relative = 0.1 / (k + 1);
    records[k].stats.newtonIterations = 40;
    records[k].stats.timePoints = 20;
  }
  const Figure f = methodConvergenceFigure(study, records, {"x"}, "convergence");
  ASSERT_EQ(f.charts.size(), 2u);
  // RE on a log axis, S/N on a linear one
  EXPECT_EQ(f.charts[0].title, "RE(x)");
  EXPECT_TRUE(f.charts[0].y.logarithmic);
  EXPECT_FALSE(f.charts[1].y.logarithmic);
  ASSERT_EQ(f.charts[0].series.size(), 2u);
  for (const Series& s : f.charts[0].series)
    if (s.name.rfind("bathe", 0) == 0) {
      EXPECT_EQ(s.x, (std::vector<double>{0.01}));  // Delta t / n, n = 2
    } else {
      EXPECT_EQ(s.x, (std::vector<double>{0.02, 0.01}));
      EXPECT_NEAR(s.y[1], 0.05, 1e-15);
    }
  EXPECT_EQ(f.charts[1].series[0].y[0], 2.0);  // 40 iterations over 20 time points
}

}  // namespace
}  // namespace mbw::plot
