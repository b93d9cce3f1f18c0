// Output on requested times (simulation/output_grid.h): the continuous extensions pass through
// the steps (Hermite, CVODE, IDA), the rows between the steps converge at the interpolant's order,
// lie on both constraint levels, carry the energy integrals; the rows, the on_grid column and
// --record-steps; bad requests and bad time files are named.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <tuple>

#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// a variable-step run of the integrator at rtol = atol = tol to tEnd
RunSettings variableStep(const std::string& integrator, double tol, double tEnd) {
  RunSettings s;
  s.integrator = integrator;
  s.tEnd = tEnd;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = tol;
  return s;
}

// --- the continuous extensions at the steps ---------------------------------------------------

// one integrator of each family that interpolates between its steps
class ContinuousExtension : public testing::TestWithParam<std::string> {};

// forty steps of the double pendulum at rtol = atol = 1e-6: each accepted step's interpolant
// gives the states at its two ends back
TEST_P(ContinuousExtension, PassesThroughTheSteps) {
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);
  IntegratorSettings s;
  s.variableStep = true;
  s.rtol = s.atol = 1e-6;
  const auto integrator = findIntegrator(GetParam())->make(*f, s);
  integrator->initialize(consistentInitialState(*f, 0.0));
  State out;
  double h = 1e-3;
  for (int k = 0; k < 40; ++k) {
    const State start = integrator->state();
    const StepResult r = integrator->step(std::min(h, 1.0));
    ASSERT_NE(r.kind, StepResult::Kind::Failed) << r.reason;
    h = r.nextStep;
    if (r.kind != StepResult::Kind::Accepted) continue;
    EXPECT_EQ(integrator->stepStart(), start.t);
    for (const State* end : {&start, &integrator->state()}) {
      integrator->interpolate(end->t, out);
      EXPECT_LT((out.q - end->q).cwiseAbs().maxCoeff(), 1e-9)
          << "step " << k << " at t = " << end->t;
      EXPECT_LT((out.v - end->v).cwiseAbs().maxCoeff(), 1e-8 * (1.0 + end->v.norm()))
          << "step " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Families, ContinuousExtension,
                         testing::Values("lms2", "esdirk3-4l2sa", "rn4", "bdf", "adams", "ida"),
                         [](const auto& param) { return test::parameterName(param.param); });

// --- rows between the steps ------------------------------------------------------------------

// x'' + (2 pi)^2 x = 0 on a translational joint (integrator_conformance_test's oscillator)
Model oscillator() {
  const std::string bodies =
      R"([{"name": "mass", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [1, 0, 0]}])";
  const std::string joints =
      R"([{"name": "slide", "type": "translational", "body_i": "ground", "body_j": "mass",
           "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [1, 0, 0], "axis_j": [1, 0, 0]}])";
  const std::string forces =
      R"([{"name": "spring", "type": "tsda", "body_i": "ground", "body_j": "mass", "point_i": [-10, 0, 0],
           "point_j": [0, 0, 0], "stiffness": 39.47841760435743, "free_length": 10}])";
  return parseScene(test::sceneJson(bodies, joints, forces, R"(, "gravity": [0, 0, 0])"),
                    "oscillator");
}

TEST(OutputGrid, RowsBetweenTheStepsConvergeAtTheInterpolantsOrder) {
  // rn4 with fixed steps h: rows at the middle of every step, off by the method's error and the
  // cubic Hermite interpolant's, both O(h^4)
  const Model model = oscillator();
  double previous = 0.0;
  // three steps, each half the last: the order is log2 of the ratio of successive errors; the
  // velocity's error divided by 2 pi to compare it with the position's
  for (double h : {1.0 / 20, 1.0 / 40, 1.0 / 80}) {
    RunSettings s;
    s.integrator = "rn4";
    s.tEnd = 1.0;
    s.integratorSettings.step = h;
    for (double t = 0.5 * h; t < s.tEnd; t += h) s.output.times.push_back(t);
    const Results r = Simulation(model, s).run();
    ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
    double error = 0.0;
    for (size_t i = 0; i < r.rowCount(); ++i) {
      const double t = r.at(i, 0);
      error = std::max(error, std::abs(r.at(i, r.column("mass.x")) - std::cos(2 * M_PI * t)));
      error = std::max(
          error,
          std::abs(r.at(i, r.column("mass.vx")) + 2 * M_PI * std::sin(2 * M_PI * t)) / (2 * M_PI));
    }
    if (previous > 0.0) {
      const double order = std::log2(previous / error);
      RecordProperty("order_h" + std::to_string(h), std::to_string(order));
      EXPECT_NEAR(order, 4.0, 0.3) << previous << " -> " << error;
    }
    previous = error;
  }
}

// rows at requested times between steps lie on the position and velocity constraints for every
// integrator family; the state-space integrators' interpolated states need no projection
TEST(OutputGrid, RowsLieOnBothConstraintLevels) {
  // Andrews' squeezer: a closed loop of seven bodies whose crank turns fast
  const Model model = loadScene("andrews-squeezer");
  // a 0.01 s run at rtol = atol = 1e-6 with rows every 1e-4 s: 101 rows, each on the position and
  // velocity constraints
  for (const char* integrator : {"lms2", "esdirk3-4l2sa", "rn4", "bdf", "ida"}) {
    RunSettings s = variableStep(integrator, 1e-6, 0.01);
    s.output.step = 1e-4;
    const Results r = Simulation(model, s).run();
    ASSERT_EQ(r.status, RunStatus::Completed) << integrator << ": " << r.message;
    EXPECT_EQ(r.rowCount(), 101u) << integrator;
    const int p = r.column("violation.position"), v = r.column("violation.velocity");
    for (size_t i = 1; i < r.rowCount(); ++i) {
      EXPECT_NEAR(r.at(i, 0), 1e-4 * double(i), 1e-15) << integrator;
      EXPECT_LT(r.at(i, p), 1e-10) << integrator << " t = " << r.at(i, 0);
      EXPECT_LT(r.at(i, v), 1e-9) << integrator << " t = " << r.at(i, 0);
    }
    // the state-space integrators' states are on the constraints as they come: kept, not projected
    const bool stateSpace = std::string(integrator) == "rn4" || std::string(integrator) == "bdf";
    EXPECT_EQ(
        r.metadataValue("output_projection")
                .find("(100 on them from the integrator, not projected)") != std::string::npos,
        stateSpace)
        << integrator << ": " << r.metadataValue("output_projection");
    RecordProperty(std::string(integrator) + "_projection", r.metadataValue("output_projection"));
  }
}

// with the steps' rows recorded too, rows stay in time order, on_grid tells them apart, the
// dissipation never decreases, and the grid rows are identical to a grid-only run
TEST(OutputGrid, RecordStepsKeepsBothKindsOfRowInTimeOrder) {
  // rn4 at 1e-3 with rows every 0.05 s, once with its steps' rows as well and once without
  const Model model = loadScene("stiff-double-pendulum");
  RunSettings s = variableStep("rn4", 1e-3, 0.5);
  s.output.step = 0.05;
  s.output.recordSteps = true;
  const Results withSteps = Simulation(model, s).run();
  s.output.recordSteps = false;
  const Results gridOnly = Simulation(model, s).run();
  ASSERT_EQ(withSteps.status, RunStatus::Completed) << withSteps.message;
  const int onGrid = withSteps.column("on_grid"),
            dissipated = withSteps.column("energy.dissipated");
  ASSERT_GE(onGrid, 0);
  long gridRows = 0, stepRows = 0;
  for (size_t i = 0; i < withSteps.rowCount(); ++i) {
    (withSteps.at(i, onGrid) == 1.0 ? gridRows : stepRows) += 1;
    if (i == 0) continue;
    EXPECT_GE(withSteps.at(i, 0), withSteps.at(i - 1, 0)) << "row " << i;
    // the dampers' work, carried to the requested times between the steps, never decreases
    EXPECT_GE(withSteps.at(i, dissipated), withSteps.at(i - 1, dissipated) - 1e-12) << "row " << i;
  }
  EXPECT_EQ(gridRows, 11);  // t = 0, 0.05, ..., 0.5
  EXPECT_EQ(stepRows, withSteps.stats.steps);
  EXPECT_EQ(gridOnly.rowCount(), 11u);
  // the grid rows are the same numbers whether the steps' rows are among them or not
  size_t k = 0;
  for (size_t i = 0; i < withSteps.rowCount(); ++i) {
    if (withSteps.at(i, onGrid) != 1.0) continue;
    for (int c = 0; c < gridOnly.columnCount(); ++c)
      EXPECT_EQ(withSteps.at(i, c), gridOnly.at(k, c))
          << gridOnly.channels()[c].name << " row " << k;
    ++k;
  }
}

// the energy integrals carried to the requested times keep the balance there as good as at the
// steps, for a conservative and a strongly damped scene
TEST(OutputGrid, EnergyBalanceAtTheRequestedTimesAsAtTheSteps) {
  // conservative (double pendulum) and strongly damped (stiff pendulum: the dampers' work is
  // carried to the requested times by the trapezoidal rule): the balance at the requested times
  // is no worse than at the steps
  for (const auto& [scene, integrator, tol] : {std::tuple{"double-pendulum", "ida", 1e-8},
                                               std::tuple{"stiff-double-pendulum", "rn4", 1e-6}}) {
    RunSettings s = variableStep(integrator, tol, 1.0);
    s.output.step = 0.01;
    s.output.recordSteps = true;
    const Results r = Simulation(loadScene(scene), s).run();
    ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
    double atGrid = 0.0, atSteps = 0.0;
    for (size_t i = 1; i < r.rowCount(); ++i) {
      const double balance = std::abs(r.at(i, r.column("energy.balance")));
      (r.at(i, r.column("on_grid")) == 1.0 ? atGrid : atSteps) =
          std::max(r.at(i, r.column("on_grid")) == 1.0 ? atGrid : atSteps, balance);
    }
    RecordProperty(std::string(scene) + "_grid", std::to_string(atGrid));
    RecordProperty(std::string(scene) + "_steps", std::to_string(atSteps));
    EXPECT_LT(atGrid, 2.0 * atSteps + 1e-12) << scene;
  }
}

// --- requests ------------------------------------------------------------------------------

// The grid is generated as the run goes (5e7 times precomputed held 400 MB), and a stop asked for
// between two of a step's output times ends the run there: with 1e6 output times in each step,
// Ctrl-C took 16.8 s to act.
TEST(OutputGrid, AStopActsBetweenTheOutputTimesOfAStep) {
  struct StopAfter final : RunObserver {
    size_t rows = 0;
    void onRecorded(const Results&, size_t) override { ++rows; }
    bool stopRequested() override { return rows >= 1000; }
  } observer;
  RunSettings s;
  s.tEnd = 0.01;
  s.output.step = 1e-9;  // 1e6 output times in each step of 1e-3 s
  const Results r = Simulation(loadScene("double-pendulum"), s).run(&observer);
  EXPECT_EQ(r.status, RunStatus::Cancelled) << r.message;
  EXPECT_LE(r.rowCount(), 1002u);
  EXPECT_LE(r.stats.steps, 1);
  // the last row is the last requested time recorded: 999 after t = 0
  EXPECT_NEAR(r.at(r.rowCount() - 1, 0), 999e-9, 1e-15);
}

// k output steps up to t_end (the last within round-off of it counts), and the end of the run
TEST(OutputGrid, TheGeneratedTimesEndAtTEnd) {
  const Model model = loadScene("double-pendulum");
  for (const auto& [step, tEnd, rows] : std::vector<std::tuple<double, double, size_t>>{
           {0.1, 1.0, 11}, {0.3, 1.0, 5}, {1.0 / 3.0, 1.0, 4}, {0.01, 0.1, 11}}) {
    RunSettings s;
    s.tEnd = tEnd;
    s.integratorSettings.step = 0.01;
    s.output.step = step;
    const Results r = Simulation(model, s).run();
    EXPECT_EQ(r.rowCount(), rows) << step;
    EXPECT_DOUBLE_EQ(r.at(r.rowCount() - 1, 0), tEnd) << step;
  }
}

// each inconsistent output request is refused with its reason, before a run starts
TEST(OutputGrid, BadRequestsAreNamed) {
  // a negative step, a step and times at once, times out of order, a time past t_end, steps
  // recorded without an output step; a run refuses an output time outside it
  OutputRequest r;
  r.step = -0.1;
  EXPECT_NE(outputRequestProblem(r, 0.0, 1.0).find("positive"), std::string::npos);
  r.step = 0.1;
  r.times = {0.5};
  EXPECT_NE(outputRequestProblem(r, 0.0, 1.0).find("not both"), std::string::npos);
  r.step = 0.0;
  r.times = {0.2, 0.1};
  EXPECT_NE(outputRequestProblem(r, 0.0, 1.0).find("time 2 (0.1 s) follows 0.2 s"),
            std::string::npos);
  r.times = {0.2, 1.5};
  EXPECT_NE(outputRequestProblem(r, 0.0, 1.0).find("outside the run"), std::string::npos);
  r.times.clear();
  r.recordSteps = true;
  EXPECT_NE(outputRequestProblem(r, 0.0, 1.0).find("needs an output step"), std::string::npos);
  RunSettings s;
  s.output.times = {2.0};
  EXPECT_THROW(Simulation(loadScene("double-pendulum"), s), ConfigurationError);
}

// a times file tolerates comments, commas and blank lines; its problems name the file and line
TEST(OutputGrid, TimeFilesAreReadWithTheirProblemsNamed) {
  // comments, commas, blanks and blank lines between the times
  const std::string path = testing::TempDir() + "/output_times.txt";
  {
    std::ofstream out(path);
    out << "# requested times\n0.1, 0.2 0.3\n\n0.5  # last\n";
  }
  OutputRequest r;
  readOutputTimes(path, r);
  EXPECT_EQ(r.times, (std::vector<double>{0.1, 0.2, 0.3, 0.5}));
  {
    std::ofstream out(path);
    out << "0.1\n0.2\nzero.3\n";
  }
  try {
    readOutputTimes(path, r);
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":3: 'zero.3'"), std::string::npos) << e.what();
  }
  // a time outside the run or out of order: the file and its line
  {
    std::ofstream out(path);
    out << "0.1\n\n0.4, 0.3  # out of order\n2.0\n";
  }
  readOutputTimes(path, r);
  EXPECT_EQ(r.timesLines, (std::vector<int>{1, 3, 3, 4}));
  EXPECT_NE(outputRequestProblem(r, 0.0, 5.0).find(path + ":3: output times must increase: time 3"),
            std::string::npos)
      << outputRequestProblem(r, 0.0, 5.0);
  r.times = {0.1, 0.3, 0.4, 2.0};
  EXPECT_NE(
      outputRequestProblem(r, 0.0, 1.0).find(path + ":4: output time 4 (2 s) is outside the run"),
      std::string::npos)
      << outputRequestProblem(r, 0.0, 1.0);
  std::remove(path.c_str());
  EXPECT_THROW(readOutputTimes(path, r), std::runtime_error);
}

// a scene's output_times file is read from the scene's folder, its output_step taken as is; a
// negative step or both settings at once are refused at their JSON path
TEST(OutputGrid, SceneSettingsGiveTheRequest) {
  const std::string dir = testing::TempDir();
  std::ofstream(dir + "/grid_times.txt") << "0.1\n0.3\n";
  const std::string bodies =
      R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])";
  auto scene = [&](const std::string& settings) {
    const std::string path = dir + "/grid_scene.json";
    std::ofstream(path) << test::sceneJson(bodies, "[]", "[]", R"(, "settings": )" + settings);
    return path;
  };
  OutputRequest r = sceneOutputRequest(loadScene(scene(R"({"output_times": "grid_times.txt"})")));
  EXPECT_EQ(r.times, (std::vector<double>{0.1, 0.3}));  // relative to the scene file's folder
  r = sceneOutputRequest(loadScene(scene(R"({"output_step": 0.05})")));
  EXPECT_EQ(r.step, 0.05);
  for (const auto& [settings, field] :
       {std::pair{R"({"output_step": -1})", "/settings/output_step"},
        std::pair{R"({"output_step": 0.1, "output_times": "grid_times.txt"})",
                  "/settings/output_times"}}) {
    try {
      loadScene(scene(settings));
      ADD_FAILURE() << settings;
    } catch (const SceneError& e) {
      EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace mbw
