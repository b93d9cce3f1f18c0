// The cost of reaching an accuracy: for each method the cheapest completed run whose error (the
// largest over the outputs) is at most each threshold, failed runs reaching nothing, one row per
// method in the order of the runs; the Markdown table says what was not reached.

#include "studies/threshold_table.h"

#include <gtest/gtest.h>

namespace mbw {
namespace {

// a run of the integrator at the step
RunSpec spec(const std::string& integrator, double step) {
  RunSpec s;
  s.settings.integrator = integrator;
  s.settings.integratorSettings.step = step;
  return s;
}

// a run's record with the largest errors of two outputs and its CPU time
std::optional<RunRecord> record(int run, double errorX, double errorY, double cpu,
                                bool completed = true) {
  RunRecord r;
  r.run = run;
  r.status = completed ? RunStatus::Completed : RunStatus::Failed;
  r.stats.cpuSeconds = cpu;
  r.errors.resize(2);
  r.errors[0].max = errorX;
  r.errors[1].max = errorY;
  return r;
}

// hht at three steps and bathe at two, on the two outputs of the A01 pendulum; a run reaches a
// threshold when the larger of its two errors does, and the cheapest such run of each method fills
// the method's cell
TEST(ThresholdTable, TheCheapestRunUnderEachThresholdPerMethod) {
  Study study;
  study.variants = {{"iftomm-a01-pendulum", {}}};
  study.outputs = {"p1_x", "p1_y"};
  study.runs = {spec("hht", 4e-3), spec("hht", 2e-3), spec("hht", 1e-3), spec("bathe", 2e-3),
                spec("bathe", 1e-3)};
  const std::vector<std::optional<RunRecord>> records = {
      record(0, 0.2, 0.05, 1.0),       // reaches neither: its y error is small, its x error not
      record(1, 0.04, 0.08, 2.0),      // reaches 0.1
      record(2, 0.0005, 0.0009, 4.0),  // reaches both
      record(3, 0.0001, 0.0002, 3.0, false),  // failed: nothing
      record(4, 0.05, 0.01, 5.0)};
  const std::vector<double> thresholds = {0.1, 1e-3};
  const std::vector<ThresholdRow> rows =
      thresholdTable(study, records, ErrorMeasure::Max, thresholds);
  // a row per method; hht's run 1 is the cheapest under 0.1, run 2 the only one under 1e-3
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].family, "index-3 DAE");
  EXPECT_EQ(rows[0].cells[0].run, 1);  // 2 s, cheaper than run 2
  EXPECT_EQ(rows[0].cells[1].run, 2);
  EXPECT_DOUBLE_EQ(rows[0].cells[1].error, 0.0009);  // the larger of the two outputs
  EXPECT_EQ(rows[0].best.run, 2);
  // bathe: run 4 reaches 0.1 (0.05), nothing reaches 1e-3 and one of its two runs completed
  EXPECT_EQ(rows[1].cells[0].run, 4);
  EXPECT_LT(rows[1].cells[1].run, 0);
  EXPECT_EQ(rows[1].completed, 1);
  // the Markdown: bathe's row with its best run and the failure, and the columns' headings
  const std::string text = thresholdTableMarkdown(study, rows, thresholds);
  EXPECT_NE(text.find("| bathe (0) | index-3 DAE | h 0.001: 0.05, 5 s; 1 of 2 runs failed | h "
                      "0.001: 0.05, 5 s | not reached |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| error <= 0.001 (cheapest: error, CPU) |"), std::string::npos) << text;
  // the report: the heading over the same table
  const ThresholdReport report = thresholdReport(study, records, ErrorMeasure::Max, thresholds);
  EXPECT_EQ(report.heading, thresholdTableHeading(study, ErrorMeasure::Max));
  EXPECT_EQ(report.table, text);
  EXPECT_EQ(report.markdown(), report.heading + "\n\n" + text);
}

}  // namespace
}  // namespace mbw
