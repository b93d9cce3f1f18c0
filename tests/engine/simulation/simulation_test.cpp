// A run (simulation.cpp): a Simulation refuses what cannot run in its constructor, naming the
// setting (a bad setting, an unknown body to record, a scene the joint tree cannot hold), starts
// from the initial state projected on the constraints (a model error past the correction
// allowed), configures its integrator for the run's
// time span and records the bodies asked; a kinematic analysis refuses a mechanism that is not
// fully driven, solves each point of its time grid up to t_end exactly, and when it stops early
// (a failed position analysis, a cancel, a sink that fails) says why and keeps the last converged
// state. (The stages of a dynamics run: dynamics_run_test.cpp; the solver's accuracy:
// solvers/kinematics_test.cpp.)

#include "simulation/simulation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "scene/scene_reader.h"
#include "simulation/settings_check.h"
#include "test_models.h"

namespace mbw {
namespace {

// the message of the ConfigurationError a Simulation throws, with the settings it names
std::string simulationRefusal(const Model& model, const RunSettings& settings,
                              std::vector<std::string>* named = nullptr) {
  try {
    Simulation simulation(model, settings);
  } catch (const ConfigurationError& e) {
    if (named) *named = e.settings();
    return e.what();
  }
  return "";
}

// --- refusals ------------------------------------------------------------------------------------

// bad settings and unknown bodies to record are refused in the constructor, naming the setting,
// before any step is taken
TEST(Simulation, RefusesWhatCannotRunBeforeAnythingRunsNamingTheSetting) {
  const Model model = loadScene("double-pendulum");
  // what the settings check finds, with the settings it concerns
  RunSettings s;
  s.tEnd = std::numeric_limits<double>::infinity();
  std::vector<std::string> named;
  EXPECT_NE(simulationRefusal(model, s, &named), "");
  EXPECT_EQ(named, std::vector<std::string>{"t_end"});
  s = RunSettings();
  s.integrator = "nosuch";
  EXPECT_NE(simulationRefusal(model, s, &named).find("unknown integrator 'nosuch'"),
            std::string::npos);
  EXPECT_EQ(named, std::vector<std::string>{"integrator"});
  // a body to record that the scene lacks
  s = RunSettings();
  s.recordBodies = std::vector<std::string>{"body_2", "body_9"};
  EXPECT_EQ(simulationRefusal(model, s), "cannot record body 'body_9': the scene has no such body");
}

// joint coordinates cannot hold the HMMWV's tires: refused naming the force element
TEST(Simulation, RefusesASceneTheJointTreeCannotHoldNamingTheElement) {
  // a beam's nodes are not rigid bodies of the tree
  RunSettings s;
  s.integrator = "rn4";
  s.formulation = "joint";
  s.integratorSettings.variableStep = true;
  std::vector<std::string> named;
  const std::string what = simulationRefusal(loadScene("lateral-buckling"), s, &named);
  EXPECT_NE(what.find("the joint formulation cannot run 'lateral-buckling' with "
                      "rosenbrock-nystrom4: "),
            std::string::npos)
      << what;
  EXPECT_NE(what.find("body 'beam.0'"), std::string::npos) << what;
  EXPECT_EQ(named, std::vector<std::string>{"formulation"});
}

// a 1 m pendulum about y, its bob given at `x` along the bar, pinned at the origin
Model simPendulum(double x) {
  return parseScene(test::sceneJson(R"([{"name": "bob", "mass": 1, "inertia": [0.01, 0.01, 0.01],
                                         "position": [)" +
                                        std::to_string(x) + R"(, 0, 0]}])",
                                    R"([{"name": "pin", "type": "revolute", "body_i": "ground",
                                         "body_j": "bob", "point_i": [0, 0, 0],
                                         "point_j": [-1, 0, 0], "axis_i": [0, 1, 0],
                                         "axis_j": [0, 1, 0]}])"),
                    "test");
}

// --- the run's start and settings ----------------------------------------------------------------

// a small inconsistency of the initial state is projected away and reported; one past the allowed
// correction is a model error naming the body
TEST(Simulation, StartsFromTheInitialStateProjectedOnTheConstraints) {
  // the bob given 5 um off its pin is moved onto it, and the run starts there
  RunSettings s;
  s.integratorSettings.step = 1e-3;
  s.tEnd = 2e-3;
  Simulation simulation(simPendulum(1.000005), s);
  EXPECT_EQ(simulation.projection().largestMoveBody, "bob");
  EXPECT_NEAR(simulation.projection().largestMove, 5e-6, 1e-12);
  const Results r = simulation.run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_NEAR(r.at(0, r.column("bob.x")), 1.0, 1e-12);
  // on the constraints already: nothing moves
  EXPECT_EQ(Simulation(simPendulum(1.0), s).projection().largestMove, 0.0);
  // 1 cm off (a model changed after it was loaded: the loader refuses such a scene), past the
  // correction a scene allows by default (1e-5): an inconsistent initial state, refused naming
  // the body
  Model moved = simPendulum(1.0);
  moved.bodies[0].position_W.x() = 1.01;
  try {
    Simulation far(moved, s);
    ADD_FAILURE() << "a 1 cm correction was accepted";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("moves body 'bob' by 0.01"), std::string::npos)
        << e.what();
  }
}

// the integrator's error is scaled by the run's span and its smallest step set for it; joint
// coordinates are passed on
TEST(Simulation, ConfiguresItsIntegratorForTheRunsTimeSpan) {
  // variable steps: the local errors are summed over the span, and the smallest step is the
  // settings check's for this span
  RunSettings s;
  s.integrator = "bdf";
  s.integratorSettings.variableStep = true;
  s.tStart = 0.5;
  s.tEnd = 2.0;
  const Simulation simulation(loadScene("double-pendulum"), s);
  EXPECT_EQ(simulation.settings().integratorSettings.errorSpan, 1.5);
  EXPECT_EQ(simulation.settings().integratorSettings.minStep, minimumStep(s));
  EXPECT_GT(simulation.settings().integratorSettings.minStep, 0.0);
  EXPECT_FALSE(simulation.settings().integratorSettings.jointCoordinates);
  // a run in joint coordinates tells its integrator so
  s.formulation = "joint";
  EXPECT_TRUE(Simulation(loadScene("stiff-double-pendulum"), s)
                  .settings()
                  .integratorSettings.jointCoordinates);
}

// only the bodies named are recorded, every body when none is named
TEST(Simulation, RecordsTheBodiesAsked) {
  // only the bodies named are recorded
  RunSettings s;
  s.integratorSettings.step = 1e-3;
  s.tEnd = 2e-3;
  s.recordBodies = std::vector<std::string>{"body_2"};
  const Results r = Simulation(loadScene("double-pendulum"), s).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_GE(r.column("body_2.x"), 0);
  EXPECT_EQ(r.column("body_1.x"), -1);
  // and every body when none is named
  s.recordBodies.reset();
  EXPECT_GE(Simulation(loadScene("double-pendulum"), s).run().column("body_1.x"), 0);
}

// --- kinematic analysis --------------------------------------------------------------------------

// the message of the ConfigurationError a kinematic analysis throws
std::string kinematicsRefusal(const Model& model, const std::string& formulation,
                              const KinematicsSettings& settings) {
  try {
    runKinematics(model, formulation, settings);
  } catch (const ConfigurationError& e) {
    return e.what();
  }
  return "";
}

// kinematic analysis needs zero degrees of freedom: the motion is then the drivers' alone
TEST(RunKinematics, RefusesWhatIsNotAFullyDrivenMechanism) {
  // a mechanism with freedom, an unknown formulation, a step or t_end that is not positive
  KinematicsSettings s;
  EXPECT_EQ(kinematicsRefusal(loadScene("double-pendulum"), "rp", s),
            "kinematic analysis needs a fully driven mechanism; 'double-pendulum' has 2 degrees "
            "of freedom");
  const Model driven = loadScene("single-pendulum");
  EXPECT_NE(kinematicsRefusal(driven, "rX", s), "");
  s.step = 0.0;
  EXPECT_EQ(kinematicsRefusal(driven, "rp", s), "the step and t_end must be positive");
  s.step = 1e-3;
  s.tEnd = -1.0;
  EXPECT_EQ(kinematicsRefusal(driven, "rp", s), "the step and t_end must be positive");
}

// kinematics solves at t0 + k h and at t_end exactly, recording every n-th point and the last
TEST(RunKinematics, SolvesEachPointOfTheGridUpToTEnd) {
  // 0.1 s at 0.03 s: 0.03, 0.06 and t_end itself (the last step the longer)
  KinematicsSettings s;
  s.step = 0.03;
  s.tEnd = 0.1;
  const Results r = runKinematics(loadScene("single-pendulum"), "rp", s);
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  ASSERT_EQ(r.rowCount(), 4u);
  EXPECT_EQ(r.at(0, 0), 0.0);
  EXPECT_NEAR(r.at(1, 0), 0.03, 1e-15);
  EXPECT_NEAR(r.at(2, 0), 0.06, 1e-15);
  EXPECT_EQ(r.at(3, 0), 0.1);
  EXPECT_EQ(r.stats.steps, 3);
  EXPECT_GE(r.stats.newtonIterations, 3);
  // the settings said
  EXPECT_EQ(r.metadataValue("analysis"), "kinematics");
  EXPECT_EQ(r.metadataValue("step"), "0.03");
  EXPECT_EQ(r.metadataValue("t_end"), "0.1");
  EXPECT_EQ(r.metadataValue("tolerance"), "1e-10");
  // every 4th point recorded, and the last
  s.step = 0.01;
  const Results sparse = runKinematics(loadScene("single-pendulum"), "rp", s, 4);
  ASSERT_EQ(sparse.rowCount(), 4u);
  EXPECT_NEAR(sparse.at(1, 0), 0.04, 1e-15);
  EXPECT_NEAR(sparse.at(2, 0), 0.08, 1e-15);
  EXPECT_EQ(sparse.at(3, 0), 0.1);
  EXPECT_EQ(sparse.stats.steps, 10);
}

// a driven distance that leaves the reachable range makes the position analysis fail at the time
// it does (t = 1.5 s); the rows keep the last converged state, which still satisfies both joints
TEST(RunKinematics, AFailedPositionAnalysisKeepsTheLastConvergedState) {
  // the bob of a 1 m pendulum held at 1.5 + t from the ground point (2, 0, 0): within reach
  // while 1 <= 1.5 + t <= 3, that is until t = 1.5 (the bob at (-1, 0, 0)), none after
  const Model model = parseScene(
      test::sceneJson(R"([{"name": "bob", "mass": 1, "inertia": [0.01, 0.01, 0.01],
                           "position": [0.6875, 0, 0.7261843774138906]}])",
                      R"([{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "bob",
                           "point_i": [0, 0, 0], "point_j": [-0.6875, 0, -0.7261843774138906],
                           "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
                          {"name": "reach", "type": "distance", "body_i": "ground",
                           "body_j": "bob", "point_i": [2, 0, 0], "point_j": [0, 0, 0],
                           "distance": "1.5 + t"}])"),
      "reach");
  KinematicsSettings s;
  s.step = 0.01;
  s.tEnd = 2.0;
  const Results r = runKinematics(model, "rp", s, 7);
  ASSERT_EQ(r.status, RunStatus::Failed);
  EXPECT_NE(r.message.find(" at t = 1.5"), std::string::npos) << r.message;
  // the last row is the last converged point (every 7th is recorded: it is one of them or not)
  const size_t last = r.rowCount() - 1;
  const double t = r.at(last, 0);
  EXPECT_NEAR(t, r.stats.steps * 0.01, 1e-12);
  EXPECT_GT(t, 1.4);
  EXPECT_LE(t, 1.5 + 1e-12);
  const Vec3 bob(r.at(last, r.column("bob.x")), r.at(last, r.column("bob.y")),
                 r.at(last, r.column("bob.z")));
  EXPECT_NEAR((bob - Vec3(2.0, 0.0, 0.0)).norm(), 1.5 + t, 1e-8);
  EXPECT_NEAR(bob.norm(), 1.0, 1e-8);
}

// asks to stop at its n-th question (the analysis asks once before each point)
class SimStopAt : public RunObserver {
 public:
  explicit SimStopAt(int n) : n_(n) {}
  bool stopRequested() override { return ++asked_ >= n_; }

 private:
  int n_, asked_ = 0;
};

// takes `rows` rows, then cannot take more; keeps the outcome it is told
class SimFailingSink : public ResultSink {
 public:
  explicit SimFailingSink(size_t rows) : rows_(rows) {}
  void begin(const Results&) override {}
  void row(const double*) override { ++taken_; }
  void end(const Results& run) override {
    endStatus = run.status;
    endMessage = run.message;
  }
  std::string failure() const override { return taken_ >= rows_ ? "the disk is full" : ""; }

  RunStatus endStatus = RunStatus::Running;
  std::string endMessage;

 private:
  size_t rows_, taken_ = 0;
};

// a cancel or a failing sink stops kinematics between points, keeping the rows so far
TEST(RunKinematics, ACancelOrAFailingSinkStopsItBetweenPoints) {
  KinematicsSettings s;
  s.step = 0.01;
  s.tEnd = 0.1;
  const Model model = loadScene("single-pendulum");
  // asked a third time, at 0.02 s: cancelled there, the rows so far kept
  SimStopAt stop(3);
  const Results cancelled = runKinematics(model, "rp", s, 1, &stop);
  EXPECT_EQ(cancelled.status, RunStatus::Cancelled);
  EXPECT_EQ(cancelled.message, "cancelled at t = 0.02 s");
  ASSERT_EQ(cancelled.rowCount(), 3u);
  EXPECT_NEAR(cancelled.at(2, 0), 0.02, 1e-15);
  // a sink that takes three rows stops the run at its third, with its reason
  SimFailingSink sink(3);
  const Results stopped = runKinematics(model, "rp", s, 1, nullptr, &sink);
  EXPECT_EQ(stopped.status, RunStatus::Failed);
  EXPECT_EQ(stopped.message, "the disk is full; the run stopped at t = 0.02 s");
  EXPECT_EQ(stopped.rowCount(), 3u);
  EXPECT_EQ(sink.endStatus, RunStatus::Failed);
  EXPECT_EQ(sink.endMessage, stopped.message);
}

}  // namespace
}  // namespace mbw
