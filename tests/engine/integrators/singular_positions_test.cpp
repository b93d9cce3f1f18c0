// Singular positions of closed loops (the IFToMM benchmark A02, the N four-bar, here with N = 10
// windows of revolute joints over its first two singular positions, where the cranks lie
// horizontal at t = 0.72 s and 1.24 s): the index-3 schemes pass them (index3_solver.h); the
// state-space runs continue on the motion's branch, crossing them with HHT at variable steps
// (state_space_integrator.h); a failure near one says so (IDA's on N = 4);
// the augmented Lagrangian form agrees with the KKT form on every built-in scene.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "loop_models.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

constexpr int kWindows = 10;
constexpr double kSpan = 1.5;  // s: both singular positions and a quarter turn beyond

struct FourBarRun {
  Results results;
  double b0Error = 0.0;  // largest distance of B0 from the parallelogram motion over the rows
};

// the N four-bar with this many windows over kSpan, and B0's largest distance from its motion
FourBarRun runFourBar(const std::string& integrator, const IntegratorSettings& settings,
                      int windows = kWindows) {
  // parsed once per window count, shared by the runs
  static std::map<int, Model> models;
  if (!models.count(windows))
    models.emplace(windows, parseScene(test::nFourBarScene(windows), "n-four-bar"));
  const Model& model = models.at(windows);
  RunSettings s;
  s.integrator = integrator;
  s.integratorSettings = settings;
  s.tEnd = kSpan;
  s.output.step = 0.01;
  FourBarRun run{Simulation(model, s).run()};
  const Results& r = run.results;
  const int x = r.column("b0_x"), y = r.column("b0_y"), t = r.column("t");
  // B0 against the parallelogram motion in closed form at every output row
  for (size_t row = 0; row < r.rowCount(); ++row) {
    const test::ParallelogramState exact = test::parallelogramMotion(windows, r.at(row, t));
    run.b0Error =
        std::max(run.b0Error, std::hypot(r.at(row, x) - exact.x(), r.at(row, y) - exact.y()));
  }
  return run;
}

// --- index-3 schemes -----------------------------------------------------------------------------

TEST(SingularPositions, IndexThreeSchemesPassThoseOfTheNFourBar) {
  // measured B0 errors at h = 1e-3 s: 4e-5 m (HHT, LMS2), 2e-5 m (Bathe); HHT with the augmented
  // Lagrangian form 2e-5 m
  struct Case {
    const char* integrator;
    const char* form;
  };
  for (const Case c : {Case{"hht", "kkt"}, Case{"lms2", "kkt"}, Case{"bathe", "kkt"},
                       Case{"hht", "augmented-lagrangian"}}) {
    SCOPED_TRACE(std::string(c.integrator) + " " + c.form);
    IntegratorSettings s;
    s.step = 1e-3;
    s.index3Form = c.form;
    const FourBarRun run = runFourBar(c.integrator, s);
    ASSERT_EQ(run.results.status, RunStatus::Completed) << run.results.message;
    // to the end of the span, B0 within 2e-4 m (measured 2e-5 to 4e-5 m)
    EXPECT_NEAR(run.results.at(run.results.rowCount() - 1, 0), kSpan, 1e-12);
    EXPECT_LT(run.b0Error, 2e-4);
  }
}

TEST(SingularPositions, IndexThreeSchemesPassThemAtSmallSteps) {
  // at h = 2.5e-4 s the Newton tolerance falls to 1e-12 m, which KKT Newton cannot meet as the
  // cranks come horizontal: the augmented Lagrangian iteration takes over while Phi_q approaches
  // the rank drop, from zero multipliers, its penalty raised where it stalls (HHT failed at 0.72 s
  // before, with the fallback only near the rank drop from the KKT multipliers); measured B0 error
  // 6.9e-5 m, no smaller than at 1e-3 s: the points solved there set it, not the step
  IntegratorSettings s;
  s.step = 2.5e-4;
  const FourBarRun run = runFourBar("hht", s);
  ASSERT_EQ(run.results.status, RunStatus::Completed) << run.results.message;
  EXPECT_LT(run.b0Error, 2e-4);
}

TEST(SingularPositions, AFailureNearOneSaysSoAndWhatMayHelp) {
  // the augmented Lagrangian form with a penalty too small for this mechanism: its multipliers
  // stall a few steps before the first singular position (at 1e-3 s: 0.71 s)
  IntegratorSettings s;
  s.step = 1e-3;
  s.index3Form = "augmented-lagrangian";
  s.penalty = 1e4;
  const FourBarRun run = runFourBar("hht", s);
  // failed, naming the singular position, the joint and the remedies
  ASSERT_EQ(run.results.status, RunStatus::Failed);
  const std::string& m = run.results.message;
  EXPECT_NE(m.find("singular position: Phi_q"), std::string::npos) << m;
  EXPECT_NE(m.find("an equation of joint '"), std::string::npos) << m;
  EXPECT_NE(m.find("what may help: a smaller step (--step), a larger penalty"), std::string::npos)
      << m;
}

// --- state-space integrators ---------------------------------------------------------------------

TEST(SingularPositions, StateSpaceRunsCrossThemOnTheMotionsBranch) {
  // rn4 at a fixed 1e-3 s continues on the motion through both; the variable-step runs at rtol
  // 1e-7 cross each with HHT (state_space_integrator.h) and go on (without the crossings they
  // stopped at the first, their steps crawling towards it); measured B0 errors 6.6e-5 to 6.8e-5 m
  struct Case {
    const char* integrator;
    bool variable;
  };
  for (const Case c : {Case{"rosenbrock-nystrom4", false}, Case{"rosenbrock-nystrom4", true},
                       Case{"bdf", true}, Case{"adams", true}}) {
    SCOPED_TRACE(std::string(c.integrator) + (c.variable ? " variable" : " fixed"));
    IntegratorSettings s;
    s.step = 1e-3;
    s.variableStep = c.variable;
    s.rtol = 1e-7;
    s.atol = 1e-7;
    const FourBarRun run = runFourBar(c.integrator, s);
    ASSERT_EQ(run.results.status, RunStatus::Completed) << run.results.message;
    EXPECT_NEAR(run.results.at(run.results.rowCount() - 1, 0), kSpan, 1e-12);
    EXPECT_LT(run.b0Error, 1e-4);
    // each crossing is an event of the run, one per singular position
    int crossings = 0;
    for (const RunEvent& e : run.results.events)
      crossings +=
          e.description.find(": crossed with HHT (index-3) from t = ") != std::string::npos;
    EXPECT_EQ(crossings, c.variable ? 2 : 0);
  }
}

TEST(SingularPositions, ACrossingNamesTheSingularPositionItCrosses) {
  // rn4 at rtol 1e-8: its steps crawled towards the first singular position before (1e-10 s
  // steps); the crossing's event names t*, where the cranks lie horizontal (the angle from
  // horizontal within 1e-4 rad), and the joint whose equation loses rank there
  IntegratorSettings s;
  s.step = 1e-3;
  s.variableStep = true;
  s.rtol = 1e-8;
  s.atol = 1e-8;
  const FourBarRun run = runFourBar("rosenbrock-nystrom4", s);
  ASSERT_EQ(run.results.status, RunStatus::Completed) << run.results.message;
  EXPECT_LT(run.b0Error, 1e-4);
  const std::string expected = "singular position ahead at t = ";
  int crossings = 0;
  for (const RunEvent& e : run.results.events) {
    const size_t at = e.description.find(expected);
    if (at == std::string::npos) continue;
    ++crossings;
    EXPECT_NE(e.description.find("nearly loses rank here (an equation of joint '"),
              std::string::npos)
        << e.description;
    const double tStar = std::stod(e.description.substr(at + expected.size()));
    // t* is where the cranks lie horizontal: sin phi within 1e-4
    const double phi = test::parallelogramMotion(kWindows, tStar).phi;
    EXPECT_LT(std::abs(std::sin(phi)), 1e-4) << "t* = " << tStar << ", phi = " << phi;
  }
  EXPECT_EQ(crossings, 2);
}

TEST(SingularPositions, AnIdaFailureThereSaysWhereAndWhatMayHelp) {
  // IDA's GGL form at rtol 1e-6 and 1e-8 on the N four-bar with N = 4 (the others' mechanism with
  // 9 bodies instead of 21): its corrector fails at its smallest step at the first singular
  // position (0.713-0.718 s); the message names the position and the joint. (With N = 10, rtol
  // 1e-6 passed the first and failed at the second, at 1.24 s.)
  int failures = 0;
  for (const double tolerance : {1e-6, 1e-8}) {
    SCOPED_TRACE(tolerance);
    IntegratorSettings s;
    s.step = 1e-3;
    s.variableStep = true;
    s.rtol = tolerance;
    s.atol = tolerance;
    const FourBarRun run = runFourBar("ida", s, 4);
    EXPECT_LT(run.b0Error, 1e-3);
    if (run.results.status == RunStatus::Completed) continue;
    ASSERT_EQ(run.results.status, RunStatus::Failed);
    ++failures;
    const std::string& m = run.results.message;
    EXPECT_NE(m.find("singular position: Phi_q"), std::string::npos) << m;
    EXPECT_NE(m.find("an equation of joint '"), std::string::npos) << m;
    EXPECT_NE(m.find("what may help: an index-3 integrator"), std::string::npos) << m;
  }
  // the message is what this case checks: at least one of the runs must have failed
  EXPECT_GE(failures, 1) << "IDA crossed the singular positions at both tolerances";
}

// --- the augmented Lagrangian form ---------------------------------------------------------------

// the recorded positions and velocities of the bodies at the end of a run
VectorXd finalBodyState(const Results& r) {
  static const std::vector<std::string> kinds = {"x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz"};
  std::vector<double> state;
  for (int c = 0; c < r.columnCount(); ++c) {
    const std::string& name = r.channels()[c].name;
    const std::string kind = name.substr(name.rfind('.') + 1);
    if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end())
      state.push_back(r.at(r.rowCount() - 1, c));
  }
  return Eigen::Map<const VectorXd>(state.data(), static_cast<Eigen::Index>(state.size()));
}

class AugmentedLagrangian : public ::testing::TestWithParam<std::string> {};

TEST_P(AugmentedLagrangian, AgreesWithTheKktFormOnEveryBuiltinScene) {
  // HHT over 50 of the scene's steps in both forms: the same discretized equations of motion, the
  // augmented Lagrangian's velocities and accelerations projected onto the constraints after each
  // step (the KKT form's satisfy them to the scheme's error): the two agree to that error
  const Model model = loadScene(GetParam());
  VectorXd state[2];
  for (int k = 0; k < 2; ++k) {
    RunSettings s;
    s.integrator = "hht";
    s.integratorSettings.step = model.defaults.step;
    s.integratorSettings.index3Form = k == 0 ? "kkt" : "augmented-lagrangian";
    s.tEnd = 50 * model.defaults.step;
    const Results r = Simulation(model, s).run();
    ASSERT_EQ(r.status, RunStatus::Completed)
        << s.integratorSettings.index3Form << ": " << r.message;
    state[k] = finalBodyState(r);
  }
  // the end states compared relative to their size
  const double difference =
      (state[1] - state[0]).cwiseAbs().maxCoeff() / (1.0 + state[0].cwiseAbs().maxCoeff());
  // measured: 1e-11 (hmmwv-bump) to 1.4e-5 (rotating-shaft)
  EXPECT_LT(difference, 1e-4);
}

std::vector<std::string> sceneNames() {
  std::vector<std::string> names;
  for (const BuiltinScene& s : builtinScenes()) names.push_back(s.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(EveryBuiltinScene, AugmentedLagrangian, ::testing::ValuesIn(sceneNames()),
                         [](const auto& p) {
                           std::string n = p.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

}  // namespace
}  // namespace mbw
