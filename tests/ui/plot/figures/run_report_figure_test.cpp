// A run's one-page figure (run_report_figure.h) on a run made by hand: six charts two a row, the
// body motion along the axis that moves most, the violations as magnitudes, the step size and
// Newton iterations without the initial row.

#include <gtest/gtest.h>

#include "run_report_figure.h"

namespace mbw::plot {
namespace {

// a run's one-page report (--plot) shows at a glance how the body moved, what the energy did, how
// well the constraints held and what the integrator's steps cost
TEST(RunReportFigure, DrawsTheRunsChannelsAgainstTime) {
  // a run made by hand: three rows, the body moving most along y, a violation changing sign
  Results r;
  r.metadata = {
      {"scene", "pendulum"}, {"formulation", "rA"}, {"integrator", "hht"}, {"step", "0.1"}};
  r.setChannels({{"t", "s"},
                 {"bob.x", "m"},
                 {"bob.y", "m"},
                 {"bob.z", "m"},
                 {"violation.position", "m"},
                 {"h", "s"},
                 {"newton_iterations", ""}});
  r.appendRow({0.0, 1.0, 0.0, 0.5, 0.0, 0.0, 0.0});
  r.appendRow({0.1, 1.0, -2.0, 0.5, -1e-9, 0.1, 3.0});
  r.appendRow({0.2, 1.0, 1.0, 0.4, 2e-9, 0.1, 2.0});
  const Figure f = runReportFigure(r);
  // the title from the run's metadata
  EXPECT_EQ(f.title, "pendulum  -  rA, hht, h = 0.1 s");
  EXPECT_EQ(f.columns, 2);
  ASSERT_EQ(f.charts.size(), 6u);
  // the body's y moves 3 m, its z 0.1 m, its x not at all
  ASSERT_EQ(f.charts[0].series.size(), 1u);
  EXPECT_EQ(f.charts[0].series[0].name, "bob.y");
  // the energy terms are named even where the run lacks them
  EXPECT_EQ(f.charts[1].series.size(), 4u);
  EXPECT_TRUE(f.charts[1].series[0].y.empty());
  // |violation| on a log axis
  EXPECT_TRUE(f.charts[3].y.logarithmic);
  EXPECT_EQ(f.charts[3].series[0].y, (std::vector<double>{0.0, 1e-9, 2e-9}));
  // the steps' charts start at the first step
  EXPECT_EQ(f.charts[4].series[0].x, (std::vector<double>{0.1, 0.2}));
  EXPECT_EQ(f.charts[5].series[0].y, (std::vector<double>{3.0, 2.0}));
  EXPECT_EQ(f.charts[4].series[0].style, Series::Style::LineAndMarkers);  // few rows: markers
}

}  // namespace
}  // namespace mbw::plot
