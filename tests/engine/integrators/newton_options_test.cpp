// The linear algebra of the index-3 Newton core (index3_solver.h, iteration_matrix.h) changes the
// cost, not the solution: on every built-in scene and formulation the dense and sparse storages,
// and full Newton against a kept factorization, agree to the Newton tolerance, while a kept
// factorization needs far fewer Jacobian evaluations and factorizations.

#include <gtest/gtest.h>

#include <algorithm>

#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

struct Outcome {
  VectorXd state;  // positions and velocities of the bodies at the end
  RunStatistics stats;
};

bool isStateChannel(const std::string& name) {
  static const std::vector<std::string> kinds = {"x",  "y",  "z",  "e0", "e1", "e2", "e3",
                                                 "vx", "vy", "vz", "wx", "wy", "wz"};
  const std::string kind = name.substr(name.rfind('.') + 1);
  return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

Outcome run(const Model& model, const std::string& formulation, const std::string& integrator,
            const std::string& linearSolver, const std::string& update, int steps = 50) {
  RunSettings s;
  s.formulation = formulation;
  s.integrator = integrator;
  s.integratorSettings.step = model.defaults.step;
  s.integratorSettings.linearSolver = linearSolver;
  s.integratorSettings.jacobianUpdate = update;
  s.tEnd = steps * model.defaults.step;
  const Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  Outcome o;
  std::vector<double> state;
  for (int c = 0; c < r.columnCount(); ++c)
    if (isStateChannel(r.channels()[c].name)) state.push_back(r.at(r.rowCount() - 1, c));
  o.state = Eigen::Map<const VectorXd>(state.data(), static_cast<Eigen::Index>(state.size()));
  o.stats = r.stats;
  return o;
}

// largest difference of the recorded values, relative to their size
double difference(const VectorXd& a, const VectorXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / (1.0 + b.cwiseAbs().maxCoeff());
}

class NewtonOptions : public ::testing::TestWithParam<std::string> {};

TEST_P(NewtonOptions, DenseAndSparseAgreeOnEveryFormulation) {
  const Model model = loadScene(GetParam());
  // a few steps of the largest scenes (a dense Newton matrix of the 81-bar N-four-bar takes a
  // tenth of a second to factorize, at every iteration here)
  const int steps = model.bodyCount() > 40 ? 4 : 50;
  for (const std::string& formulation : formulationNames()) {
    if (!initialPoseRefusal(formulation, model).empty()) continue;
    SCOPED_TRACE(formulation);
    const Outcome dense = run(model, formulation, "lms3", "dense", "iteration", steps);
    const Outcome sparse = run(model, formulation, "lms3", "sparse", "iteration", steps);
    // the same steps and the same end state, to the Newton tolerance
    EXPECT_LT(difference(sparse.state, dense.state), 1e-8);
    EXPECT_EQ(sparse.stats.steps, dense.stats.steps);
  }
}

TEST_P(NewtonOptions, KeptFactorizationChangesCountsNotSolutions) {
  const Model model = loadScene(GetParam());
  // full Newton, one matrix per time point, and a kept factorization
  const Outcome full = run(model, "rp", "lms3", "auto", "iteration");
  const Outcome perPoint = run(model, "rp", "lms3", "auto", "step");
  const Outcome kept = run(model, "rp", "lms3", "auto", "auto");
  EXPECT_LT(difference(perPoint.state, full.state), 1e-8);
  EXPECT_LT(difference(kept.state, full.state), 1e-8);
  // full Newton evaluates and factorizes at every iteration, per point once per time point, kept
  // far less often
  EXPECT_EQ(full.stats.factorizations, full.stats.newtonIterations);
  EXPECT_EQ(full.stats.jacobianEvaluations, full.stats.newtonIterations);
  EXPECT_LE(perPoint.stats.jacobianEvaluations,
            perPoint.stats.timePoints + perPoint.stats.newtonIterations / 4);
  // on the flexible models the beams' fast modes make a kept matrix contract slowly, and it is
  // refreshed at many points (factorizations per step over whole runs: four-bar 0.3, shaft 0.5,
  // lateral buckling 0.9; docs/performance.md): fewer than per point, not far fewer
  if (model.beams.empty())
    EXPECT_LT(kept.stats.factorizations, kept.stats.timePoints / 4);
  else
    EXPECT_LE(kept.stats.factorizations, kept.stats.timePoints);
  EXPECT_LE(kept.stats.jacobianEvaluations, kept.stats.factorizations);
}

std::vector<std::string> sceneNames() {
  std::vector<std::string> names;
  for (const BuiltinScene& s : builtinScenes()) names.push_back(s.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(EveryBuiltinScene, NewtonOptions, ::testing::ValuesIn(sceneNames()),
                         [](const auto& p) {
                           std::string n = p.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

}  // namespace
}  // namespace mbw
