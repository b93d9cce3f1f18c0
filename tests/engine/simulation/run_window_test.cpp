// The run-in features of the flexible benchmarks, on a pendulum: a start time before zero with
// rows recorded from a later time, gravity ramped in by a time factor (its work counted, so the
// energy balance still closes), a damper acting only until a given time, and variable steps that
// control their error over the run's span t_end - t_start.

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// a 1 m pendulum about y, its bob pulled back by a damper to a ground point while it acts
Model pendulum(const std::string& extra, const std::string& forces = "[]") {
  return parseScene(
      test::sceneJson(
          R"([{"name": "bob", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [1, 0, 0], "velocity": [0, 0, -1], "angular_velocity": [0, 1, 0]}])",
          R"([{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "bob", "point_i": [0, 0, 0], "point_j": [-1, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}])",
          forces, extra),
      "test");
}

// lms3 at 1 ms in rp over [tStart, tEnd], recording from recordFrom
Results runWindow(const Model& m, double tStart, double tEnd, double recordFrom = -1e300) {
  RunSettings s;
  s.formulation = "rp";
  s.integrator = "lms3";
  s.integratorSettings.step = 1e-3;
  s.tStart = tStart;
  s.tEnd = tEnd;
  s.recordFrom = recordFrom;
  const Results r = Simulation(m, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r;
}

// a run started before zero records only from record_from, but its energy bookkeeping runs from
// t_start
TEST(RunWindow, StartsBeforeZeroAndRecordsFromALaterTime) {
  // a run from -0.5 s recorded from 0: 500 steps of 1 ms and the row at 0
  const Results r = runWindow(pendulum(""), -0.5, 0.5, 0.0);
  ASSERT_EQ(r.rowCount(), 501u);
  EXPECT_NEAR(r.at(0, 0), 0.0, 1e-12);
  EXPECT_NEAR(r.at(r.rowCount() - 1, 0), 0.5, 1e-12);
  EXPECT_EQ(r.metadataValue("t_start"), "-0.5");
  // the energy balance counts from the start of the run, not from the first row
  EXPECT_GT(std::abs(r.at(0, r.column("energy.kinetic")) - 0.5), 1e-3);
}

// gravity scaled by a factor of time has no potential: its work is integrated instead, and the
// balance still closes
TEST(RunWindow, RampedGravityDoesWorkAndTheBalanceCloses) {
  // gravity ramped from 0 at t = 0 to full at t = 1 s by a half cosine
  const Results r = runWindow(
      pendulum(
          R"(, "gravity_factor": {"piecewise": [{"until": 0, "f": 0}, {"until": 1, "f": "(1 - cos(pi*t))/2"}, {"f": 1}]})"),
      -0.5, 2.0);
  const size_t last = r.rowCount() - 1;
  EXPECT_GT(std::abs(r.at(last, r.column("energy.work_in"))), 0.5) << "gravity did work";
  EXPECT_EQ(r.at(last, r.column("energy.potential")), 0.0)
      << "time-varying gravity has no potential";
  double worst = 0.0;
  for (double b : r.columnValues(r.column("energy.balance"))) worst = std::max(worst, std::abs(b));
  EXPECT_LT(worst, 1e-3);
  // before t = 0 the bob swings without gravity: its speed stays 1 m/s
  EXPECT_NEAR(std::hypot(r.at(400, r.column("bob.vx")), r.at(400, r.column("bob.vz"))), 1.0, 1e-6);
}

// a damper with an end time dissipates until then and not after: the pendulum then swings freely
TEST(RunWindow, ADamperActsUntilItsTime) {
  // no gravity; a damper from the bob to a ground point that acts until t = 0.3 s
  const Model m = pendulum(
      R"(, "gravity": [0, 0, 0])",
      R"([{"name": "rod", "type": "tsda", "body_i": "ground", "body_j": "bob", "point_i": [1, 0, -1], "point_j": [0, 0, 0], "damping": 2, "free_length": 1, "active_until": 0.3}])");
  const Results r = runWindow(m, 0.0, 1.0);
  const int dissipated = r.column("energy.dissipated"), kinetic = r.column("energy.kinetic");
  EXPECT_GT(r.at(300, dissipated), 0.05);
  // nothing dissipated after 0.3 s: lms3 integrates the dissipation by its own formula, whose
  // memory of the last steps' powers settles within a few tens of steps (its parasitic roots are
  // at most rho_inf = 0.6), a change of 1e-5 of it
  EXPECT_NEAR(r.at(1000, dissipated), r.at(301, dissipated), 1e-4 * r.at(301, dissipated));
  EXPECT_NEAR(r.at(1000, dissipated), r.at(400, dissipated), 1e-12)
      << "nothing dissipated after 0.3 s";
  // the bob swings freely after 0.3 s (lms3's own dissipation is 3e-5 of its energy)
  EXPECT_NEAR(r.at(1000, kinetic), r.at(301, kinetic), 1e-4 * r.at(301, kinetic));
}

// the pendulum is autonomous: a variable-step run over [-1, 1] s must take the steps of the run
// over [0, 2] s (the error per unit step is scaled by the span t_end - t_start, not by t_end)
TEST(RunWindow, VariableStepsControlTheErrorOverTheRunsSpan) {
  const Model m = pendulum("");
  auto variable = [&](double tStart, double tEnd) {
    RunSettings s;
    s.formulation = "rp";
    s.integrator = "lms2";
    s.integratorSettings.variableStep = true;
    s.integratorSettings.rtol = s.integratorSettings.atol = 1e-5;
    s.integratorSettings.step = 1e-4;
    s.tStart = tStart;
    s.tEnd = tEnd;
    const Results r = Simulation(m, s).run();
    EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
    return r;
  };
  const Results shifted = variable(-1.0, 1.0), plain = variable(0.0, 2.0);
  EXPECT_EQ(shifted.stats.steps, plain.stats.steps);
  EXPECT_EQ(shifted.stats.rejectedSteps, plain.stats.rejectedSteps);
  const size_t last = plain.rowCount() - 1;
  ASSERT_EQ(shifted.rowCount(), plain.rowCount());
  EXPECT_NEAR(shifted.at(last, shifted.column("bob.x")), plain.at(last, plain.column("bob.x")),
              1e-9);
}

}  // namespace
}  // namespace mbw
