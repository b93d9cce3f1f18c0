// The energy balance E - E0 - work_in + dissipated: zero for the exact solution, so it must shrink
// with the step (first order for backward Euler) for conservative, damped and driven models, while
// the dampers' reported dissipation stays a substantial, converged quantity.

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// the largest |balance| and kinetic energy over the run, the dissipated work and the work put in
// at its end
struct Balance {
  double worstBalance = 0.0;
  double dissipated = 0.0;
  double workIn = 0.0;
  double largestKinetic = 0.0;
};

// a run with the default integrator (backward Euler, first order) at fixed step h
Balance run(const Model& model, double h, double tEnd) {
  RunSettings s;
  s.integratorSettings.step = h;
  s.tEnd = tEnd;
  Simulation sim(model, s);
  const Results r = sim.run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  Balance b;
  const int bal = r.column("energy.balance");
  for (size_t i = 0; i < r.rowCount(); ++i) {
    b.worstBalance = std::max(b.worstBalance, std::abs(r.at(i, bal)));
    b.largestKinetic = std::max(b.largestKinetic, r.at(i, r.column("energy.kinetic")));
  }
  const size_t last = r.rowCount() - 1;
  b.dissipated = r.at(last, r.column("energy.dissipated"));
  b.workIn = r.at(last, r.column("energy.work_in"));
  return b;
}

// backward Euler's balance error is first order: ten times smaller at a tenth of the step, with
// a margin of 30 % either way
void expectFirstOrder(const Balance& coarse, const Balance& fine) {
  const double ratio = coarse.worstBalance / fine.worstBalance;
  EXPECT_GT(ratio, 7.0) << coarse.worstBalance << " -> " << fine.worstBalance;
  EXPECT_LT(ratio, 14.0) << coarse.worstBalance << " -> " << fine.worstBalance;
}

// with nothing dissipated the balance measures only the integrator's error, first order in h
TEST(EnergyBalance, ConservativeDoublePendulumTendsToZero) {
  // a conservative system: nothing dissipated, the balance only the integrator's error
  const Model m = loadScene("double-pendulum");
  const Balance coarse = run(m, 1e-3, 2.0), fine = run(m, 1e-4, 2.0);
  expectFirstOrder(coarse, fine);
  EXPECT_EQ(fine.dissipated, 0.0);
  // backward Euler's numerical damping: under 1% of the energy in motion at h = 1e-4
  EXPECT_LT(fine.worstBalance, 0.01 * fine.largestKinetic);
}

// A block on a vertical translational joint hanging from a spring-damper, and a pendulum with a
// rotational damper: the dampers' dissipation closes the balance.
Model dampedModel() {
  const std::string bodies = R"([
    {"name": "block", "mass": 2, "inertia": [0.1, 0.1, 0.1], "position": [0, 0, -1.2]},
    {"name": "bar", "mass": 1, "inertia": [0.01, 0.34, 0.34], "position": [1, 1, 0],
     "orientation": {"axis": [0, 0, 1], "angle": 0}, "angular_velocity": [0, 0, 0]}])";
  const std::string joints = R"([
    {"name": "guide", "type": "translational", "body_i": "ground", "body_j": "block",
     "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
    {"name": "pivot", "type": "revolute", "body_i": "ground", "body_j": "bar",
     "point_i": [0.5, 1, 0], "point_j": [-0.5, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}])";
  const std::string forces = R"([
    {"name": "spring", "type": "tsda", "body_i": "ground", "body_j": "block",
     "point_i": [0, 0, 0], "point_j": [0, 0, 0], "stiffness": 400, "damping": 6, "free_length": 1.0},
    {"name": "hinge-damper", "type": "rsda", "body_i": "ground", "body_j": "bar",
     "axis_i": [0, 1, 0], "reference_i": [1, 0, 0], "reference_j": [1, 0, 0], "damping": 0.4}])";
  return parseScene(test::sceneJson(bodies, joints, forces), "damped");
}

TEST(EnergyBalance, DampersDissipateWhatTheyReport) {
  // the dissipation agrees to 5 % between the two steps: it is the dampers', not the method's
  const Model m = dampedModel();
  const Balance coarse = run(m, 1e-3, 2.0), fine = run(m, 1e-4, 2.0);
  expectFirstOrder(coarse, fine);
  EXPECT_GT(fine.dissipated, 5.0);  // J: most of the motion is damped out
  EXPECT_LT(fine.worstBalance, 0.02 * fine.dissipated);
  EXPECT_NEAR(coarse.dissipated, fine.dissipated, 0.05 * fine.dissipated);
}

// the driver's reaction does work on the four-link; counted as work in, it closes the balance to
// first order in h
TEST(EnergyBalance, DriverWorkIsAccountedFor) {
  // the four-link rotor is driven: its driver's reaction does work on the mechanism
  const Model m = loadScene("four-link");
  const Balance coarse = run(m, 1e-3, 1.0), fine = run(m, 1e-4, 1.0);
  expectFirstOrder(coarse, fine);
  EXPECT_GT(std::abs(fine.workIn), 10.0);
  EXPECT_LT(fine.worstBalance, 0.02 * std::abs(fine.workIn));
}

}  // namespace
}  // namespace mbw
