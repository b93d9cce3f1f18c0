// The tables of the formulation study (studies/formulation_study_tables.h) from measurements made
// up here: speedups relative to rp from the mean and the best per-step time, the spread of the
// repeated runs, a failed series named, iterations per step, and the observed orders over the
// errors above 10 Theta h^2 only.

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "studies/formulation_study_tables.h"

namespace mbw {
namespace {

// --- measurements made up ------------------------------------------------------------------------

// a completed run of the given CPU time, steps and Newton iterations
RunCost cost(double cpuSeconds, long steps, long iterations) {
  RunCost r;
  r.completed = true;
  r.cpuSeconds = cpuSeconds;
  r.steps = steps;
  r.newtonIterations = iterations;
  return r;
}

// a completed point of an order series; the acceleration error is set to the velocity error
OrderPoint point(double h, double positionError, double velocityError) {
  OrderPoint p;
  p.h = h;
  p.completed = true;
  p.positionError = positionError;
  p.velocityError = velocityError;
  p.accelerationError = velocityError;
  return p;
}

// rp at 10 and 14 us per step, rA at 4 and 6, rE failed; orders on one series
FormulationStudy study() {
  FormulationStudy s;
  s.settings = FormulationStudySettings::quick();
  s.settings.positionTolerance = 1e-11;
  s.formulations = {"rp", "rA", "rE"};
  // per step: rp 10 and 14 us, 2 iterations; rA 4 and 6 us, 3 iterations; rE's one run failed
  s.kinematics = {{"four-link", "rp", {cost(1e-3, 100, 200), cost(1.4e-3, 100, 200)}},
                  {"four-link", "rA", {cost(4e-4, 100, 300), cost(6e-4, 100, 300)}},
                  {"four-link", "rE", {cost(5e-4, 100, 100)}}};
  s.kinematics[2].runs[0].completed = false;
  s.kinematics[2].runs[0].message = "Newton failed";
  // the dynamics tables get the same measurements
  s.dynamics = s.kinematics;
  OrderSeries o{"single-pendulum", "rA", {"pendulum", 0}, {}};
  // position errors at the Newton tolerance's level (no order), velocity errors of order 1
  for (double h : {1e-2, 5e-3, 2e-3}) o.points.push_back(point(h, 1e-11, 0.3 * h));
  s.orders = {o};
  // state space: a tree in rp at 20 and 30 us per step, in joint at 10 and 15; a beam scene
  // refused by joint coordinates
  StateSpaceRow tree{"tree", 1e-4, 0.5, "arm", {{}, {}}};
  tree.cells[0].runs = {cost(2e-3, 100, 0), cost(3e-3, 100, 0)};
  tree.cells[1].runs = {cost(1e-3, 100, 0), cost(1.5e-3, 100, 0)};
  for (StateSpaceCell& c : tree.cells) c.accuracyMade = c.accuracyCompleted = true;
  tree.cells[0].error = 4e-5;
  tree.cells[1].error = 2e-5;
  StateSpaceRow beam{"beam", 1e-3, 0.5, "node", {{}, {}}};
  beam.cells[1].refusal = "body 'b.0' (/beams/0) is a beam node: the joint coordinates hold ...";
  s.stateSpace = {tree, beam};
  return s;
}

// the study's tables keyed by the file each is written to
std::map<std::string, StudyTable> tablesByFile() {
  std::map<std::string, StudyTable> out;
  for (const auto& [file, table] : formulationStudyTables(study())) out[file] = table;
  return out;
}

// the cell of a row under the named column (a failure when there is none)
std::string at(const StudyTable& t, size_t row, const std::string& column) {
  for (size_t c = 0; c < t.header.size(); ++c)
    if (t.header[c] == column) return t.rows.at(row).at(c);
  ADD_FAILURE() << "no column " << column;
  return "";
}

// --- the tables ----------------------------------------------------------------------------------

// the paper's Tables 8-10, the iterations of the dynamics, the orders and the state-space table
TEST(FormulationStudyTables, GivesEveryTableOfThePaperUnderItsFile) {
  const auto tables = tablesByFile();
  for (const char* file : {"table8_kinematics_speedup.csv", "table9_kinematics_iterations.csv",
                           "table10_dynamics_speedup.csv", "dynamics_iterations.csv", "orders.csv",
                           "order_analysis.csv", "state_space_joint.csv"})
    EXPECT_EQ(tables.count(file), 1u) << file;
}

TEST(FormulationStudyTables, SpeedupsAreRelativeToRpFromTheMeanAndTheBestRun) {
  // rp's mean is 12 us per step, rA's 5; the best runs take 10 and 4
  const StudyTable t = tablesByFile().at("table8_kinematics_speedup.csv");
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(at(t, 0, "rp us/step"), "12");
  EXPECT_EQ(at(t, 0, "rA us/step"), "5");
  EXPECT_EQ(at(t, 0, "rA speedup"), "2.4");         // 12 / 5
  EXPECT_EQ(at(t, 0, "rA speedup (best)"), "2.5");  // 10 / 4
  EXPECT_EQ(at(t, 0, "rE us/step"), "failed");
  EXPECT_EQ(at(t, 0, "rE speedup"), "-");
  EXPECT_EQ(at(t, 0, "spread"), "40%");  // rA: (6 - 4) / 5, the largest
  bool named = false;
  for (const std::string& n : t.notes) named = named || n == "four-link, rE: Newton failed";
  EXPECT_TRUE(named);
}

// rp at 20 and 30 us per step (mean 25), joint at 10 and 15 (mean 12.5)
TEST(FormulationStudyTables, StateSpaceComparesJointWithRpAndSaysWhyASceneIsRefused) {
  const StudyTable t = tablesByFile().at("state_space_joint.csv");
  ASSERT_EQ(t.rows.size(), 2u);
  // the tree: means, speedups from the mean and the best run, the spread, the end errors
  EXPECT_EQ(at(t, 0, "h"), "0.0001");
  EXPECT_EQ(at(t, 0, "rp us/step"), "25");
  EXPECT_EQ(at(t, 0, "joint us/step"), "12.5");
  EXPECT_EQ(at(t, 0, "joint speedup"), "2");
  EXPECT_EQ(at(t, 0, "joint speedup (best)"), "2");
  EXPECT_EQ(at(t, 0, "spread"), "40%");  // (15 - 10) / 12.5
  EXPECT_EQ(at(t, 0, "rp error"), "4e-05");
  EXPECT_EQ(at(t, 0, "joint error"), "2e-05");
  // the beams: the reason in a word, nothing run, the reason in full in the notes
  EXPECT_EQ(at(t, 1, "joint us/step"), "beam");
  EXPECT_EQ(at(t, 1, "rp us/step"), "-");
  EXPECT_EQ(at(t, 1, "joint speedup"), "-");
  EXPECT_EQ(at(t, 1, "joint error"), "-");
  bool named = false;
  for (const std::string& n : t.notes) named = named || n.rfind("beam, joint: body 'b.0'", 0) == 0;
  EXPECT_TRUE(named);
}

// 200 and 300 iterations over 100 steps
TEST(FormulationStudyTables, IterationsAreAveragedOverEveryStep) {
  const StudyTable t = tablesByFile().at("table9_kinematics_iterations.csv");
  EXPECT_EQ(at(t, 0, "rp"), "2");
  EXPECT_EQ(at(t, 0, "rA"), "3");
}

// the position errors stay at 1e-11, below ten times the Newton tolerance: no order from them;
// the velocity errors 0.3 h fall off with order 1 exactly
TEST(FormulationStudyTables, OrdersLeaveOutErrorsAtTheNewtonTolerance) {
  const StudyTable t = tablesByFile().at("orders.csv");
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(at(t, 0, "position order"), "-");
  EXPECT_EQ(at(t, 0, "velocity order"), "1");
  EXPECT_EQ(at(t, 0, "largest position error"), "1e-11");
  // the same through resolvedOrder with the threshold 1e-10 = 10 x the position tolerance
  const FormulationStudy s = study();
  EXPECT_NEAR(resolvedOrder(s.orders[0].points, &OrderPoint::velocityError, 1e-10), 1.0, 1e-12);
  EXPECT_TRUE(std::isnan(resolvedOrder(s.orders[0].points, &OrderPoint::positionError, 1e-10)));
  EXPECT_EQ(tablesByFile().at("order_analysis.csv").rows.size(), 3u);
}

}  // namespace
}  // namespace mbw
