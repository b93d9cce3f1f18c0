// The results table of a study (studies/results_table.h): a record's row reads back to the same
// record, a row of another study is refused; CSV cells quoted where they hold commas, quotes or
// line breaks and split back; number cells round-trip (NaN as an empty cell, other text refused);
// and a table file read with its comments and units, its torn last line left out, a row of the
// wrong width refused with the file and line.

#include "studies/results_table.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "test_studies.h"

namespace mbw {
namespace {

// --- rows of the results table -------------------------------------------------------------------

// a failed run with every field set: a message with a comma and quotes, rejections by reason
// (one with a backslash), a phase's time, the errors of one output and none of the other
TEST(ResultsTable, ARowReadsBackToTheSameRecord) {
  const Study study = smallMethodStudy();
  RunRecord r;
  r.run = 3;
  r.status = RunStatus::Failed;
  r.message = "Newton did not converge, \"badly\"";
  r.tReached = 0.1234567890123;
  r.stats.steps = 12;
  r.stats.rejectedSteps = 9;
  r.stats.rejections = {{"error estimate above tolerance", 2},
                        {"Newton did not converge", 3},
                        {"recovery failed (|Phi| = 1e-9: a\\\\b)", 4}};
  r.stats.phaseSeconds = {{"jacobian", 0.25}};
  r.stats.cpuSeconds = 1.0 / 3.0;
  r.errors = {{1e-3, 0.1, 2e-4, 1e-4, 5e-4, 0.02}, {}};
  // written as a CSV line, split back and parsed: the same row, the same record to the bit
  const std::vector<std::string> row = resultsTableRow(study, r);
  const RunRecord back =
      parseResultsTableRow(study, resultsTableHeader(study), splitCsvLine(csvLine(row)));
  EXPECT_EQ(resultsTableRow(study, back), row);
  EXPECT_EQ(back.message, r.message);
  EXPECT_EQ(back.stats.cpuSeconds, r.stats.cpuSeconds);
  EXPECT_EQ(rejectedByNewton(back.stats), 3);
  EXPECT_EQ(back.stats.rejections, r.stats.rejections);
  EXPECT_TRUE(std::isnan(back.errors[1].max));
}

// a row whose step is not the one the study gives its run
TEST(ResultsTable, ARowOfAnotherStudyIsRefused) {
  const Study study = smallMethodStudy();
  RunRecord r;
  r.run = 1;
  r.errors.resize(2);
  std::vector<std::string> row = resultsTableRow(study, r);
  row[9] = "0.05";  // the step
  EXPECT_THROW(parseResultsTableRow(study, resultsTableHeader(study), row), TableError);
}

// --- CSV cells and number cells ------------------------------------------------------------------

// cells with commas or quotes are quoted and split back; a line break becomes a space so that a
// row stays one line
TEST(ResultsTable, CsvCellsQuotedAndSplitBack) {
  // a comma, quotes, an empty cell and a line break among the cells
  const std::vector<std::string> cells = {"plain", "a,b", "say \"hi\"", "", "two\nlines", "1e-3"};
  const std::string line = csvLine(cells);
  EXPECT_EQ(line, "plain,\"a,b\",\"say \"\"hi\"\"\",,\"two lines\",1e-3");
  std::vector<std::string> back = cells;
  back[4] = "two lines";  // a line break would end the row
  EXPECT_EQ(splitCsvLine(line), back);
  // a carriage return at the end of the line is dropped; an empty line is one empty cell
  EXPECT_EQ(splitCsvLine("a,b\r"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(splitCsvLine(""), (std::vector<std::string>{""}));
}

// numbers are written in the shortest form that reads back to the same double; NaN is an empty
// cell, and any other text is refused
TEST(ResultsTable, NumberCellsRoundTrip) {
  // numbers written with all their digits read back to the same double: thirds, the smallest
  // subnormal, infinity
  for (double v : {0.0, -1.5, 1.0 / 3.0, 6.02214076e23, 5e-324, double(INFINITY)})
    EXPECT_EQ(numberCell(numberText(v)), v) << numberText(v);
  EXPECT_EQ(numberText(NAN), "");
  EXPECT_TRUE(std::isnan(numberCell("")));
  for (const char* bad : {"abc", "1.5x", " 2", "1,5"}) EXPECT_THROW(numberCell(bad), TableError);
}

// --- table files ---------------------------------------------------------------------------------

// a table file is read with its comments and units, its last line torn by a killed writer left
// out, and a row of the wrong width refused with its file and line
TEST(ResultsTable, ATableFileWithCommentsUnitsAndATornLastLine) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "mbw_results_table_test.csv";
  // two comment lines (units among them), a blank line between the rows, a last row cut short
  {
    std::ofstream out(path, std::ios::binary);
    out << "# study: test\n# units: step=s; max(x)=m\nrun,step,max(x)\n0,0.01,1e-3\n\n"
           "1,0.02,4e-3\n2,0.0";  // killed while writing the last row
  }
  const TextTable t = readTextTable(path.string());
  EXPECT_EQ(t.comments, (std::vector<std::string>{"study: test", "units: step=s; max(x)=m"}));
  EXPECT_EQ(t.header, (std::vector<std::string>{"run", "step", "max(x)"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[1][2], "4e-3");
  EXPECT_EQ(t.column("max(x)"), 2);
  EXPECT_EQ(t.column("min(x)"), -1);
  EXPECT_EQ(t.unit("step"), "s");
  EXPECT_EQ(t.unit("max(x)"), "m");
  EXPECT_EQ(t.unit("run"), "");
  // a row of three cells under a header of two
  {
    std::ofstream out(path, std::ios::binary);
    out << "run,step\n0,0.01\n1,0.02,7\n";
  }
  try {
    readTextTable(path.string());
    ADD_FAILURE() << "a row of three cells under two columns was read";
  } catch (const TableError& e) {
    EXPECT_EQ(std::string(e.what()), path.string() + ":3: expected 2 cells, found 3");
  }
  // a file that does not exist
  std::filesystem::remove(path);
  EXPECT_THROW(readTextTable(path.string()), TableError);
}

}  // namespace
}  // namespace mbw
