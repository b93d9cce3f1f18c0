// Curves from a results table: grouped by a column, filtered by cells, sorted by x; failed runs
// (empty cells) left out; unknown columns and malformed filters named in the error; the request of
// a front end, its options, and its errors led by the table's path.

#include <gtest/gtest.h>

#include <fstream>

#include "studies/table_curves.h"

namespace mbw {
namespace {

// the table in a file of the running case's own (CTest runs the cases in parallel)
TextTable sampleTable() {
  const std::string path = ::testing::TempDir() + "/curves_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".csv";
  std::ofstream(path) << "# units: cpu_s=s; max_error(x)=m\n"
                         "method,rtol,cpu_s,max_error(x),status\n"
                         "rn4,1e-4,0.3,2e-5,ok\n"
                         "rn4,1e-3,0.1,2e-4,ok\n"
                         "lms2,1e-3,0.2,5e-4,ok\n"
                         "lms2,1e-4,,,failed\n"
                         "rn4,1e-5,0.9,2e-6,ok\n";
  return readTextTable(path);
}

// a table becomes one curve per value of the group column, each sorted by x
TEST(TableCurves, OneCurvePerGroupSortedByX) {
  // rn4's three points sorted by their error, with their CPU times; lms2's one point with numbers
  const std::vector<TableCurve> curves =
      tableCurves(sampleTable(), "max_error(x)", "cpu_s", "method");
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[0].label, "rn4");
  EXPECT_EQ(curves[0].x, (std::vector<double>{2e-6, 2e-5, 2e-4}));
  EXPECT_EQ(curves[0].y, (std::vector<double>{0.9, 0.3, 0.1}));
  EXPECT_EQ(curves[1].label, "lms2");
  EXPECT_EQ(curves[1].x, std::vector<double>{5e-4});  // the failed run has no numbers
}

// the curve count text counts points over all curves; without a group column it is one curve
TEST(TableCurves, CountedAsAFigureDrawsThem) {
  // points are counted over the curves; with no group column every row is on one curve
  const TextTable table = sampleTable();
  EXPECT_EQ(curvesCountText(tableCurves(table, "max_error(x)", "cpu_s", "method")),
            "2 curves, 4 points");
  EXPECT_EQ(curvesCountText(tableCurves(table, "max_error(x)", "cpu_s", "")), "1 curve, 4 points");
  EXPECT_EQ(curvesCountText({}), "0 curves, 0 points");
}

// column=value filters keep the matching rows, and the axis units come from the table's comments
TEST(TableCurves, FiltersKeepMatchingRowsAndUnitsComeFromTheTable) {
  // method=rn4 and status=ok keep rn4's three rows; the units come from the table's comment line
  const TextTable table = sampleTable();
  const std::vector<TableCurve> curves =
      tableCurves(table, "rtol", "cpu_s", "", {"method=rn4", "status=ok"});
  ASSERT_EQ(curves.size(), 1u);
  EXPECT_EQ(curves[0].x, (std::vector<double>{1e-5, 1e-4, 1e-3}));
  EXPECT_EQ(table.unit("cpu_s"), "s");
  EXPECT_EQ(table.unit("rtol"), "");
}

// unknown columns and malformed filters are refused naming what is wrong and what exists
TEST(TableCurves, BadColumnsAndFiltersAreNamed) {
  // an unknown column is named with the table's columns; a filter without '=' and a filter on a
  // column the table lacks are refused
  const TextTable table = sampleTable();
  try {
    tableCurves(table, "cpu", "cpu_s", "");
    FAIL() << "an unknown column was accepted";
  } catch (const TableError& e) {
    EXPECT_NE(std::string(e.what()).find("no column 'cpu' (the table has: method, rtol"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(tableCurves(table, "rtol", "cpu_s", "", {"method"}), TableError);
  EXPECT_THROW(tableCurves(table, "rtol", "cpu_s", "", {"solver=rn4"}), TableError);
}

// the sample table's file, as a request names it
std::string sampleTablePath() {
  sampleTable();
  return ::testing::TempDir() + "/curves_" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".csv";
}

// --- the plot request ----------------------------------------------------------------------------

// the plot command's options fill its request, the table first and the filters repeatable
TEST(TableCurves, TheRequestItsOptionsAndItsErrors) {
  // nine options: the table first, positional and required; the filters repeated; the output last
  PlotRequest r;
  const std::vector<CommandOption> options = plotOptions(r);
  ASSERT_EQ(options.size(), 9u);
  EXPECT_EQ(options.front().name, "table");
  EXPECT_TRUE(options.front().is(kOptionPositional));
  EXPECT_TRUE(options.front().is(kOptionRequired));
  EXPECT_EQ(std::get<std::vector<std::string>*>(options[4].field), &r.where);
  EXPECT_FALSE(options[4].is(kOptionCommaList)) << "repeated, not split: a value may hold a comma";
  EXPECT_EQ(options[5].allowed, (std::vector<std::string>{"auto", "linear", "log"}));
  EXPECT_TRUE(options.back().is(kOptionRequired));
  EXPECT_EQ(options.back().shortName, "o");
  // the request's curves, filtered
  r.table = sampleTablePath();
  r.x = "rtol";
  r.y = "cpu_s";
  r.where = {"method=rn4"};
  const RequestedCurves c = tableCurves(r);
  ASSERT_EQ(c.curves.size(), 1u);
  EXPECT_EQ(c.curves[0].x.size(), 3u);
  EXPECT_EQ(c.table.unit("cpu_s"), "s");
  // the errors: led by the table's path; no row with numbers in both columns is one
  r.where = {"status=failed"};
  try {
    tableCurves(r);
    FAIL() << "no curve was accepted";
  } catch (const TableError& e) {
    EXPECT_EQ(std::string(e.what()), r.table + ": no row has numbers in both rtol and cpu_s");
  }
  r.where.clear();
  r.x = "cpu";
  try {
    tableCurves(r);
    FAIL() << "an unknown column was accepted";
  } catch (const TableError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(r.table + ": no column 'cpu'", 0), 0u) << e.what();
  }
  r.table += ".missing";
  EXPECT_THROW(tableCurves(r), TableError);
}

}  // namespace
}  // namespace mbw
