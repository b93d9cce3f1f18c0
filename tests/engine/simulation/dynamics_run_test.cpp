// A dynamics run stage by stage (simulation/dynamics_run.h), on a pendulum: the settings described
// before any row, the initial row on starting, fixed steps that land on t0 + n h and on t_end, the
// integrator's counters in the statistics, a stop between steps that keeps the state reached, and
// a failure at the run's smallest step that names its likely causes.

#include "simulation/dynamics_run.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/initial_conditions.h"
#include "test_models.h"

namespace mbw {
namespace {

// a 1 m pendulum about y, swinging
Model pendulum() {
  return parseScene(
      test::sceneJson(
          R"([{"name": "bob", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [1, 0, 0], "velocity": [0, 0, -1], "angular_velocity": [0, 1, 0]}])",
          R"([{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "bob", "point_i": [0, 0, 0], "point_j": [-1, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}])"),
      "test");
}

// what a Simulation owns, set up for a fixed-step run to tEnd
struct PendulumRun {
  explicit PendulumRun(double step, double tEnd) : model(pendulum()) {
    settings.integrator = "backward-euler";
    settings.integratorSettings.step = step;
    settings.tEnd = tEnd;
    formulation = makeFormulation(settings.formulation, model);
    initial = consistentInitialState(*formulation, 0.0);
    integrator =
        findIntegrator(settings.integrator)->make(*formulation, settings.integratorSettings);
  }
  DynamicsRun run(Results& results, RunObserver* observer = nullptr) {
    return DynamicsRun(model, settings, *formulation, *integrator, initial, bodies, results,
                       observer, nullptr);
  }

  Model model;
  RunSettings settings;
  std::unique_ptr<Formulation> formulation;
  std::unique_ptr<Integrator> integrator;
  State initial;
  std::vector<int> bodies;
};

// asks to stop at its n-th question (the run asks once before each step)
class StopAt : public RunObserver {
 public:
  explicit StopAt(int n) : n_(n) {}
  bool stopRequested() override { return ++asked_ >= n_; }

 private:
  int n_, asked_ = 0;
};

// each stage of a run adds its own part: describe the settings, record the initial row, advance on
// times t0 + k h (not summed, so no drift) ending exactly on t_end, then copy the counters
TEST(DynamicsRun, EachStageAddsItsPart) {
  // steps of 0.3 s to t_end = 1 s, one stage of the run at a time
  PendulumRun f(0.3, 1.0);
  Results r;
  DynamicsRun run = f.run(r);
  // describe: the settings, no rows yet
  run.describe();
  ASSERT_GE(r.metadata.size(), 4u);
  EXPECT_EQ(r.metadata[0].first, "scene");
  EXPECT_EQ(r.metadata[1].first, "formulation");
  EXPECT_EQ(r.metadataValue("integrator"), "backward-euler");
  EXPECT_EQ(r.metadataValue("step"), "0.3");
  EXPECT_EQ(r.metadataValue("t_end"), "1");
  EXPECT_EQ(r.rowCount(), 0u);
  // start recording: the initial row
  run.startRecording();
  ASSERT_EQ(r.rowCount(), 1u);
  EXPECT_EQ(r.at(0, 0), 0.0);
  EXPECT_EQ(r.status, RunStatus::Running);
  EXPECT_EQ(r.metadataValue("work_integration"), "method");
  // advance: fixed steps at 0.3 k, not summed (no round-off), and a short last step onto t_end
  run.advance();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  ASSERT_EQ(r.rowCount(), 5u);
  for (int k = 1; k < 4; ++k) EXPECT_EQ(r.at(k, 0), 0.0 + double(k) * 0.3);
  EXPECT_EQ(r.at(4, 0), 1.0);
  // statistics: the integrator's counters
  EXPECT_EQ(r.stats.steps, 0);
  run.statistics();
  EXPECT_EQ(r.stats.steps, 4);
  EXPECT_EQ(r.stats.steps, f.integrator->stats().steps);
  EXPECT_GT(r.stats.newtonIterations, 0);
}

// a stop between steps records the state reached even between recorded rows, so a cancelled
// run ends on the last state computed
TEST(DynamicsRun, AStopBetweenStepsKeepsTheStateReached) {
  // every second step recorded, a stop before the fourth step
  PendulumRun f(1e-2, 1.0);
  f.settings.every = 2;
  Results r;
  StopAt observer(4);
  DynamicsRun run = f.run(r, &observer);
  run.describe();
  run.startRecording();
  run.advance();
  EXPECT_EQ(r.status, RunStatus::Cancelled);
  EXPECT_EQ(r.message, "cancelled at t = 0.03 s");
  // the initial row, the second step, and the state the run stopped at
  ASSERT_EQ(r.rowCount(), 3u);
  EXPECT_DOUBLE_EQ(r.at(1, 0), 0.02);
  EXPECT_DOUBLE_EQ(r.at(2, 0), 0.03);
}

TEST(DynamicsRun, AFailureAtTheSmallestStepNamesItsLikelyCauses) {
  // bdf at rtol 1e-6 on the vehicle stops where its front tires meet the bump's ring (their
  // spindles at the bump's centre less sqrt(r^2 + 2 r R) = 2.0627 m, t = 0.4614 s): the tires'
  // damping force jumps with the road's slope, and CVODE's error test fails down to the run's
  // smallest step. The message names the jump among the causes
  RunSettings s;
  s.integrator = "bdf";
  s.tEnd = 0.5;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = 1e-6;
  const Results r = Simulation(loadScene("hmmwv-bump"), s).run();
  ASSERT_EQ(r.status, RunStatus::Failed) << r.message;
  EXPECT_NEAR(r.at(r.rowCount() - 1, 0), 0.4614, 5e-4);
  EXPECT_NE(r.message.find("below the smallest step of this run"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("its forces jump there (a contact starting, a tire meeting a bump)"),
            std::string::npos)
      << r.message;
}

}  // namespace
}  // namespace mbw
