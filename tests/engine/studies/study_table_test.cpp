// A study's text table (studies/study_table.h): the terminal's aligned columns and the CSV file
// come from the same cells; NaN reads "-".

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "studies/results_table.h"
#include "studies/study_table.h"
#include "command_runner.h"

namespace mbw {
namespace {

// a table of two rows, a note and a cell that is already a dash
StudyTable example() {
  StudyTable t;
  t.title = "Table 1";
  t.notes = {"a note"};
  t.header = {"method", "error"};
  t.rows = {{"lms2", "0.001"}, {"esdirk4-6l2sa2", "-"}};
  return t;
}

// the first column padded on the right, the others on the left, each to its widest cell
TEST(StudyTable, PrintsTheFirstColumnLeftAndTheOthersRightAligned) {
  std::ostringstream out;
  example().print(out);
  EXPECT_EQ(out.str(),
            "Table 1\n"
            "  a note\n"
            "  method         error\n"
            "  lms2           0.001\n"
            "  esdirk4-6l2sa2     -\n"
            "\n");
}

// the title and the notes become comment lines; a directory that does not exist throws
TEST(StudyTable, WritesTheSameCellsAsCsvWithTitleAndNotesAsComments) {
  const std::string path = ::testing::TempDir() + "/study_table_test.csv";
  example().writeCsv(path);
  EXPECT_EQ(test::readText(path),
            "# Table 1\n# a note\nmethod,error\nlms2,0.001\nesdirk4-6l2sa2,-\n");
  EXPECT_THROW(example().writeCsv(::testing::TempDir() + "/no/such/dir/t.csv"), TableError);
}

// a cell with a comma is quoted, so the CSV keeps its columns
TEST(StudyTable, ACellWithACommaStaysOneColumnOfTheCsv) {
  // a message with a comma in it reads back as one cell
  StudyTable t = example();
  t.rows.push_back({"bathe", "failed: Newton, at t = 1"});
  const std::string path = ::testing::TempDir() + "/study_table_comma_test.csv";
  t.writeCsv(path);
  const TextTable read = readTextTable(path);
  ASSERT_EQ(read.rows.size(), 3u);
  EXPECT_EQ(read.rows[2], (std::vector<std::string>{"bathe", "failed: Newton, at t = 1"}));
}

// table cells show a few significant digits, and NaN as a dash
TEST(StudyTable, CellsHoldSignificantDigitsAndADashForNaN) {
  // three significant digits unless told
  EXPECT_EQ(cell(0.000123456), "0.000123");
  EXPECT_EQ(cell(2.0 / 3.0, 5), "0.66667");
  EXPECT_EQ(cell(std::nan("")), "-");
}

}  // namespace
}  // namespace mbw
