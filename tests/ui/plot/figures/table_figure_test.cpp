// A figure from a results table (table_figure.h): axes labelled with the table's units, an axis
// logarithmic on auto only when its values are positive over two decades, a legend only when the
// lines are drawn by a column, the title from what is drawn unless one is given.

#include <gtest/gtest.h>

#include "table_figure.h"

namespace mbw::plot {
namespace {

// a table plotted without options gets readable axes (units, log scales where the data span
// decades), a legend where lines need one and a title; options given override each of them
TEST(TableFigure, LabelsScalesAndTitles) {
  TextTable table;
  table.comments = {"units: step=s; cpu_s=s"};
  table.header = {"method", "step", "cpu_s", "steps"};
  const std::vector<TableCurve> curves = {{"lms2", {1e-3, 1e-1}, {2.0, 1.0}},
                                          {"bathe", {1e-3, 1e-1}, {3.0, -1.0}}};
  const Figure byMethod =
      tableFigure(table, curves, {"step", "cpu_s", "method", "auto", "auto", ""});
  ASSERT_EQ(byMethod.charts.size(), 1u);
  const Chart& c = byMethod.charts[0];
  // the unit from the table's comment line
  EXPECT_EQ(c.x.label, "step [s]");
  EXPECT_TRUE(c.x.logarithmic);   // 1e-3 .. 1e-1
  EXPECT_FALSE(c.y.logarithmic);  // a negative value
  // a legend for lines drawn by the method column
  EXPECT_TRUE(c.legend);
  ASSERT_EQ(c.series.size(), 2u);
  EXPECT_EQ(c.series[1].name, "bathe");
  EXPECT_EQ(byMethod.title, "cpu_s against step, by method");

  // linear when asked; an unlabelled curve named by its column; no legend without --by
  TableFigureSpec spec{"step", "steps", "", "linear", "log", "mine"};
  const Figure one = tableFigure(table, {{"", {1.0, 2.0}, {5.0, 6.0}}}, spec);
  EXPECT_FALSE(one.charts[0].x.logarithmic);
  EXPECT_TRUE(one.charts[0].y.logarithmic);
  EXPECT_EQ(one.charts[0].y.label, "steps");
  EXPECT_EQ(one.charts[0].series[0].name, "steps");
  EXPECT_FALSE(one.charts[0].legend);
  EXPECT_EQ(one.title, "mine");
}

}  // namespace
}  // namespace mbw::plot
