// The method-grid studies' tables (studies/method_grid_tables.h) from records made up here on a
// two-method, two-step convergence study of the double pendulum: the default outputs, RE only
// where a run completed, the records grouped by method in the order they came, both CSV files
// (a row per run; the orders as comment lines) and the comparison and the orders as text.

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "command_runner.h"
#include "scene/scene_reader.h"
#include "studies/method_grid_tables.h"
#include "studies/results_table.h"

namespace mbw {
namespace {

// lms2 and bathe (rho_inf 0.6) at steps 0.02 and 0.01 to 0.1 s: runs 0, 1 are lms2 and 2, 3 bathe;
// each completed run's relative error is 0.1 h, first order in h
struct Fixture {
  Model model = loadScene("double-pendulum");
  Study study;
  std::vector<RunRecord> records;
  Fixture() {
    RunSettings base;
    base.tEnd = 0.1;
    study = makeMethodStepStudy("double-pendulum", base, parseStudyMethods("lms2,bathe:0.6"),
                                {0.02, 0.01}, false);
    addConvergenceReference(study, base, ConvergenceReference{}, defaultConvergenceOutputs(model));
    // runs 3, 0, 1, 2 in that order; run 1 failed
    for (int run : {3, 0, 1, 2}) {
      RunRecord r;
      r.run = run;
      r.status = run == 1 ? RunStatus::Failed : RunStatus::Completed;
      r.errors.assign(3, ErrorMeasures{});  // not measured, unless the run completed
      if (run != 1)
        for (ErrorMeasures& e : r.errors)
          e.relative = 0.1 * study.runs[run].settings.integratorSettings.step;
      records.push_back(r);
    }
  }
};

// the method's label of a run as the tables print it
std::string label(const Fixture& f, int run) { return methodLabel(f.study.runs[run].settings); }

// --- grouping and the tables ---------------------------------------------------------------------

// without outputs asked for, convergence is measured on the last body's x, vx and ax
TEST(MethodGridTables, DefaultOutputsAreTheLastBodysPositionVelocityAndAcceleration) {
  EXPECT_EQ(defaultConvergenceOutputs(loadScene("double-pendulum")),
            (std::vector<std::string>{"body_2.x", "body_2.vx", "body_2.ax"}));
}

// records are grouped by method in arrival order (a parallel study finishes out of order), and RE
// counts only for completed runs
TEST(MethodGridTables, RecordsAreGroupedByMethodInTheOrderTheyCame) {
  // bathe's runs (2, 3) come first because its record for run 3 did
  const Fixture f;
  const auto byMethod = recordsByMethod(f.study, f.records);
  ASSERT_EQ(byMethod.size(), 2u);
  EXPECT_EQ(byMethod[0].first, label(f, 3));  // bathe's record came first
  ASSERT_EQ(byMethod[0].second.size(), 2u);
  EXPECT_EQ(byMethod[0].second[0]->run, 3);
  EXPECT_EQ(byMethod[0].second[1]->run, 2);
  // records[2] is run 1, records[1] run 0 (lms2 at h = 0.02: RE = 0.1 x 0.02)
  EXPECT_TRUE(std::isnan(completedRelativeError(f.records[2], 0)));  // run 1 failed
  EXPECT_DOUBLE_EQ(completedRelativeError(f.records[1], 2), 0.002);
}

// the convergence CSV has a row per run and the observed orders in comment lines
TEST(MethodGridTables, ConvergenceTableHasARowPerRunAndTheOrdersAsComments) {
  // the observed order of each of the three default outputs
  const Fixture f;
  std::vector<std::vector<MethodOrder>> orders;
  for (size_t k = 0; k < 3; ++k) orders.push_back(observedOrders(f.study, f.records, k));
  const std::string path = ::testing::TempDir() + "/method_grid_convergence.csv";
  writeConvergenceTable(path, f.model.name, f.study, f.records, orders);
  std::istringstream text(test::readText(path));
  std::vector<std::string> lines;
  // three comment lines, the header, the four runs, then an order line per method and output
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 3u + 1u + 4u + 6u);  // comments, header, runs, orders
  EXPECT_EQ(lines[0], "# scene: " + f.model.name);
  const std::string errors = ",cpu_s,RE(body_2.x),RE(body_2.vx),RE(body_2.ax)";
  EXPECT_EQ(lines[3].substr(lines[3].size() - errors.size()), errors);
  EXPECT_NE(lines[6].find("failed"), std::string::npos);  // run 1, the third record
  EXPECT_NE(lines[6].find(",nan,nan,nan"), std::string::npos);
  // bathe's two runs give order 1 exactly; lms2 has one completed run, no order
  EXPECT_EQ(lines[8], "# order," + label(f, 3) + ",body_2.x,1");
  EXPECT_EQ(lines[11], "# order," + label(f, 0) + ",body_2.x,nan");
  EXPECT_THROW(writeConvergenceTable(::testing::TempDir() + "/no/dir/c.csv", f.model.name, f.study,
                                     f.records, orders),
               TableError);
}

// the comparison CSV names the scene and t_end in comments, then a row per run
TEST(MethodGridTables, ComparisonTableHasARowPerRun) {
  const Fixture f;
  // two comment lines (scene, t_end), the header, then a row per run
  const std::string path = ::testing::TempDir() + "/method_grid_comparison.csv";
  writeComparisonTable(path, f.model.name, f.study, f.records);
  const std::string text = test::readText(path);
  EXPECT_EQ(
      text.rfind("# scene: " + f.model.name + "\n# t_end: 0.1\nmethod,stages,step,status,", 0), 0u)
      << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3 + 4);
}

// the comparison as text shows each record, with a failed run's message under its row
TEST(MethodGridTables, ComparisonTextHasARowPerRecordAndItsMessage) {
  // the failed run's message is printed under its row
  Fixture f;
  f.records[2].message = "Newton did not converge";
  const std::string text = comparisonTableText("pendulum", 0.01, true, f.study, f.records);
  std::istringstream lines(text);
  std::vector<std::string> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(line);
  ASSERT_EQ(rows.size(), 2u + 4u + 1u) << text;  // title, header, records, one message
  EXPECT_EQ(rows[0], "pendulum, t_end 0.1 s, Delta t / n = 0.01 s");
  EXPECT_EQ(rows[1].rfind("method                n  dt        status     steps   it/step  ", 0), 0u)
      << rows[1];
  EXPECT_EQ(rows[2].rfind(label(f, 3), 0), 0u);  // in the records' order
  EXPECT_NE(rows[4].find("failed"), std::string::npos) << rows[4];
  EXPECT_EQ(rows[5], "    Newton did not converge");
}

// the observed orders as text: one row per method, a column per output
TEST(MethodGridTables, ObservedOrdersTextHasARowPerMethod) {
  // the least-squares orders per method and output, as text
  const Fixture f;
  std::vector<std::vector<MethodOrder>> orders;
  for (size_t k = 0; k < 3; ++k) orders.push_back(observedOrders(f.study, f.records, k));
  const std::string text = observedOrdersText({"body_2.x", "body_2.vx", "body_2.ax"}, orders);
  EXPECT_EQ(text.rfind("\nobserved order (least-squares slope of log RE against log dt):\n"
                       "method                body_2.x        body_2.vx       body_2.ax       "
                       "it/point      \n",
                       0),
            0u)
      << text;
  // bathe: order 1 for each output; lms2 has one completed run, no order
  std::string bathe = label(f, 3);
  bathe.resize(22, ' ');
  EXPECT_NE(text.find("\n" + bathe + "1               1               1               0"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("nan"), std::string::npos) << text;
}

}  // namespace
}  // namespace mbw
