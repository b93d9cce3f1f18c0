// Curves from a results table: grouped by a column, filtered by cells, sorted by x; failed runs
// (empty cells) left out; unknown columns and malformed filters named in the error.

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

TEST(TableCurves, OneCurvePerGroupSortedByX) {
  const std::vector<TableCurve> curves =
      tableCurves(sampleTable(), "max_error(x)", "cpu_s", "method");
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[0].label, "rn4");
  EXPECT_EQ(curves[0].x, (std::vector<double>{2e-6, 2e-5, 2e-4}));
  EXPECT_EQ(curves[0].y, (std::vector<double>{0.9, 0.3, 0.1}));
  EXPECT_EQ(curves[1].label, "lms2");
  EXPECT_EQ(curves[1].x, std::vector<double>{5e-4});  // the failed run has no numbers
}

TEST(TableCurves, FiltersKeepMatchingRowsAndUnitsComeFromTheTable) {
  const TextTable table = sampleTable();
  const std::vector<TableCurve> curves =
      tableCurves(table, "rtol", "cpu_s", "", {"method=rn4", "status=ok"});
  ASSERT_EQ(curves.size(), 1u);
  EXPECT_EQ(curves[0].x, (std::vector<double>{1e-5, 1e-4, 1e-3}));
  EXPECT_EQ(table.unit("cpu_s"), "s");
  EXPECT_EQ(table.unit("rtol"), "");
}

TEST(TableCurves, BadColumnsAndFiltersAreNamed) {
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

}  // namespace
}  // namespace mbw
