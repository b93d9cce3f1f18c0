// The figures of Sandu et al. 2001's studies (rosenbrock_nystrom_figures.h): Figure 5's step sizes
// without the initial row above the channel, and the tolerance study's reference histories above
// each tolerance's |error| against the reference.

#include <gtest/gtest.h>

#include "rosenbrock_nystrom_figures.h"

namespace mbw::plot {
namespace {

// t, theta = t^2 + offset, theta.rate = 2 t, h = 0.5
Results history(double offset) {
  Results r;
  r.setChannels({{"t", "s"}, {"theta", "rad"}, {"theta.rate", "rad/s"}, {"h", "s"}});
  for (double t : {0.0, 0.5, 1.0, 1.5, 2.0}) r.appendRow({t, t * t + offset, 2 * t, 0.5});
  return r;
}

// Figure 5 of Sandu et al. as the study draws it: the step sizes the integrator took above the
// channel's history
TEST(RosenbrockNystromFigures, Figure5DrawsTheStepsAndTheChannel) {
  const Figure f = timingStudyFigure("squeezer", "rn4", 1e-3, "theta", history(0.0));
  EXPECT_NE(f.title.find("squeezer: rn4 at rtol = atol = "), std::string::npos) << f.title;
  ASSERT_EQ(f.charts.size(), 2u);
  // the step sizes without the initial row, on a log axis up to 1.5 h
  EXPECT_EQ(f.charts[0].series[0].x, (std::vector<double>{0.5, 1.0, 1.5, 2.0}));
  EXPECT_TRUE(f.charts[0].y.logarithmic);
  EXPECT_EQ(*f.charts[0].y.max, 0.75);
  // the channel with all five rows: theta(1) = 1
  EXPECT_EQ(f.charts[1].series[0].y.size(), 5u);
  EXPECT_EQ(f.charts[1].series[0].y[2], 1.0);
}

// the tolerance figure shows how far each tolerance's run strays from the reference, per channel
TEST(RosenbrockNystromFigures, ToleranceFigureDrawsEachRunsErrorAgainstTheReference) {
  const Results reference = history(0.0);
  RunHistories histories({"theta", "theta.rate"});
  histories.keep(0, history(0.01));
  histories.keep(1, history(0.001));
  std::vector<ToleranceRow> rows(2);
  rows[0].run = 0, rows[0].tolerance = 1e-2;
  rows[1].run = 1, rows[1].tolerance = 1e-3;
  const Figure f = toleranceStudyFigure("squeezer", "theta", reference, rows, histories);
  // two reference charts above two error charts
  ASSERT_EQ(f.charts.size(), 4u);
  EXPECT_EQ(f.charts[0].title, "Reference theta");
  EXPECT_EQ(f.charts[1].title, "Reference theta.rate");
  ASSERT_EQ(f.charts[2].series.size(), 2u);
  // the runs' offsets of 0.01 and 0.001 are their errors in theta
  EXPECT_NEAR(f.charts[2].series[0].y[3], 0.01, 1e-12);
  EXPECT_NEAR(f.charts[2].series[1].y[3], 0.001, 1e-12);
  EXPECT_NEAR(f.charts[3].series[0].y[3], 0.0, 1e-12);  // the rates agree
}

}  // namespace
}  // namespace mbw::plot
