// The linear analysis's figure (linear_analysis_figure.h): amplitude decay and period elongation
// drawn up to Delta t / (n T) = 0.5 only, the spectral radius over the whole grid on a log axis.

#include <gtest/gtest.h>

#include "linear_analysis_figure.h"

namespace mbw::plot {
namespace {

// the figure shows amplitude decay and period elongation where they mean something (steps up to
// half a period) and the spectral radius everywhere
TEST(LinearAnalysisFigure, CutsTheLinearChartsAtHalfAPeriod) {
  LinearAnalysisCurve c{"lms2", 1, 0.0, {}};
  // points at 0.1, 0.5 and 2: AD = 10 x, PE = -x, rho = 1 - x / 4
  for (double x : {0.1, 0.5, 2.0}) c.points.push_back({x, 10 * x, -x, 1.0 - x / 4});
  const Figure f = linearAnalysisFigure({c, c});
  ASSERT_EQ(f.charts.size(), 3u);
  ASSERT_EQ(f.charts[0].series.size(), 2u);
  EXPECT_EQ(f.charts[0].series[0].name, "lms2");
  // AD and PE cut at 0.5: the point at 2 left out
  EXPECT_EQ(f.charts[0].series[0].x, (std::vector<double>{0.1, 0.5}));
  EXPECT_EQ(f.charts[0].series[0].y, (std::vector<double>{1.0, 5.0}));
  EXPECT_EQ(f.charts[1].series[0].y, (std::vector<double>{-0.1, -0.5}));
  // the spectral radius keeps all three, on a log axis
  EXPECT_EQ(f.charts[2].series[0].x.size(), 3u);
  EXPECT_TRUE(f.charts[2].x.logarithmic);
  // the axes' ranges: up to 0.5, and up to 1.05 for the radius
  EXPECT_EQ(*f.charts[0].x.max, 0.5);
  EXPECT_EQ(*f.charts[2].y.max, 1.05);
}

}  // namespace
}  // namespace mbw::plot
