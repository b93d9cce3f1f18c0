// The checks of a completed run (simulation/run_checks.h): a run on its motion at a step its
// method carries passes; an energy balance beyond a tenth of the energy the run moved, or positions
// off the constraints, are findings, said beside the status (metadata "check").

#include <gtest/gtest.h>

#include <sstream>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/csv.h"
#include "simulation/run_checks.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// the double pendulum over 5 s at the given integrator and step
Results doublePendulum(const std::string& integrator, double step) {
  const Model model = parseScene(findBuiltinScene("double-pendulum")->text, "double-pendulum");
  RunSettings s;
  s.integrator = integrator;
  s.integratorSettings.step = step;
  s.tEnd = 5.0;
  return Simulation(model, s).run();
}

// a run whose method and step suit the motion raises no finding and writes nothing about checks
TEST(RunChecks, ARunOnItsMotionPasses) {
  // HHT at 1 ms: no check fails and nothing is written about it
  const Results r = doublePendulum("hht", 1e-3);
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_TRUE(runCheckFindings(r).empty());
  EXPECT_TRUE(r.metadataValues("check").empty());
}

// backward Euler's numerical damping at too large a step shows as an energy balance beyond a tenth
// of the energy moved: a finding beside the "completed" status, kept in the CSV
TEST(RunChecks, AStepFarTooLargeForTheMethodIsSaid) {
  // backward Euler at 1e-2 s: 841 J of balance against 5 710 J moved (14.7 %); at 1e-3 s 5 %
  const Results coarse = doublePendulum("backward-euler", 1e-2);
  ASSERT_EQ(coarse.status, RunStatus::Completed) << coarse.message;
  const std::vector<std::string> checks = coarse.metadataValues("check");
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_NE(checks[0].find("the energy balance reached "), std::string::npos) << checks[0];
  EXPECT_NE(checks[0].find("% of the energy the run moved"), std::string::npos) << checks[0];
  EXPECT_TRUE(doublePendulum("backward-euler", 1e-3).metadataValues("check").empty());
  // the CSV carries it after the rows (known only when the run has ended), and reads it back
  std::stringstream csv;
  writeCsv(coarse, csv);
  EXPECT_NE(csv.str().rfind("\n# check: the energy balance reached "), std::string::npos);
  EXPECT_EQ(readCsv(csv, "run.csv").metadataValues("check"), checks);
}

// positions off the constraints beyond a small tolerance are a finding; round-off is not
TEST(RunChecks, PositionsOffTheConstraintsAreSaid) {
  // a position violation of 3e-6 at some row is reported; 1e-9 is within the constraints
  Results r;
  r.setChannels({{"t", "s"}, {"violation.position", ""}});
  r.appendRow({0.0, 1e-12});
  r.appendRow({1.0, 3e-6});
  const std::vector<std::string> findings = runCheckFindings(r);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_NE(findings[0].find("left the constraints by up to 3e-06"), std::string::npos)
      << findings[0];
  Results onConstraints;
  onConstraints.setChannels({{"t", "s"}, {"violation.position", ""}});
  onConstraints.appendRow({0.0, 1e-9});
  EXPECT_TRUE(runCheckFindings(onConstraints).empty());
}

}  // namespace
}  // namespace mbw
