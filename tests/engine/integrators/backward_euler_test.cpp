// Index-3 backward Euler on the Kissel et al. 2021 double pendulum against an independent
// reference: the Lagrange equations of the same pendulum in its two angles, integrated by classical
// RK4 with a tiny step (double_pendulum_reference.h; nothing of the engine is used for the
// reference).

#include <gtest/gtest.h>

#include <cmath>

#include "double_pendulum_reference.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

struct PendulumRun {
  double worstError = 0.0;
  double worstViolation = 0.0;
};

PendulumRun runDoublePendulum(const std::string& formulation, double h,
                              const std::vector<double>& times, const std::vector<double>& zRef) {
  static const Model model = loadScene("double-pendulum");
  RunSettings s;
  s.formulation = formulation;
  s.integratorSettings.step = h;
  s.tEnd = times.back();
  Simulation sim(model, s);
  const Results r = sim.run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  PendulumRun out;
  const int z = r.column("body_2.z"), viol = r.column("violation.position");
  size_t k = 0;
  // the violation at every row, the error at the reference's times
  for (size_t i = 0; i < r.rowCount() && k < times.size(); ++i) {
    out.worstViolation = std::max(out.worstViolation, r.at(i, viol));
    if (std::abs(r.at(i, 0) - times[k]) < 1e-9) {
      out.worstError = std::max(out.worstError, std::abs(r.at(i, z) - zRef[k]));
      ++k;
    }
  }
  EXPECT_EQ(k, times.size()) << "compared " << k << " of " << times.size() << " times";
  return out;
}

// every formulation converges at first order to the same reference (Kissel et al. 2021 Fig. 3)
class BackwardEulerOrder : public ::testing::TestWithParam<std::string> {};

TEST_P(BackwardEulerOrder, DoublePendulumConvergesAtFirstOrder) {
  std::vector<double> times;
  for (int i = 1; i <= 20; ++i) times.push_back(0.1 * i);
  std::vector<double> zRef;
  // the reference: the independent Lagrange-RK4 solution every 0.1 s
  for (const test::PendulumSample& p : test::doublePendulumReference(times)) zRef.push_back(p.z2);

  const PendulumRun coarse = runDoublePendulum(GetParam(), 1e-2, times, zRef);
  const PendulumRun medium = runDoublePendulum(GetParam(), 1e-3, times, zRef);
  const PendulumRun fine = runDoublePendulum(GetParam(), 1e-4, times, zRef);
  // steps of 1e-2, 1e-3 and 1e-4: at first order, a decade of error per decade of step
  const double order1 = std::log10(coarse.worstError / medium.worstError);
  const double order2 = std::log10(medium.worstError / fine.worstError);
  RecordProperty("error_h1e-2", std::to_string(coarse.worstError));
  RecordProperty("error_h1e-3", std::to_string(medium.worstError));
  RecordProperty("error_h1e-4", std::to_string(fine.worstError));
  EXPECT_NEAR(order1, 1.0, 0.15) << coarse.worstError << " " << medium.worstError;
  EXPECT_NEAR(order2, 1.0, 0.15) << medium.worstError << " " << fine.worstError;
  // position constraints hold to the Newton tolerance (Theta h^2 = 1e-11) at every step
  for (const PendulumRun& r : {coarse, medium, fine}) EXPECT_LT(r.worstViolation, 1e-10);
}

INSTANTIATE_TEST_SUITE_P(AllFormulations, BackwardEulerOrder,
                         ::testing::ValuesIn(formulationNames()),
                         [](const auto& param) { return param.param; });

TEST(BackwardEuler, SliderCrankDynamicsReproducesThePrescribedMotion) {
  // `mbw-cli run slider-crank --step 1e-3 --t-end 1`: the index-3 solution satisfies the position
  // constraints, so the driven slider follows the closed form to the Newton tolerance; over one
  // turn of the crank (1 s at 2 pi rad/s: every crank angle; the driven motion repeats each turn)
  RunSettings s;
  s.integratorSettings.step = 1e-3;
  s.tEnd = 1.0;
  s.every = 10;
  Simulation sim(loadScene("slider-crank"), s);
  const Results r = sim.run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  ASSERT_EQ(r.at(r.rowCount() - 1, 0), 1.0);
  double worst = 0.0;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    // the crank pin B from the driven angle; the slider's x from |BC| = 0.3
    const double b = M_PI / 2 - 2 * M_PI * r.at(i, 0);
    const double By = 0.1 + 0.08 * std::cos(b), Bz = 0.12 + 0.08 * std::sin(b);
    worst = std::max(worst,
                     std::abs(r.at(i, r.column("slider.x")) - std::sqrt(0.09 - By * By - Bz * Bz)));
    EXPECT_LT(r.at(i, r.column("violation.position")), 1e-11);
  }
  EXPECT_LT(worst, 1e-11);
}

TEST(BackwardEuler, NewtonFailureStopsTheRunAndKeepsItsResults) {
  RunSettings s;
  s.integratorSettings.step = 1e-2;
  s.integratorSettings.maxNewtonIterations = 1;  // cannot converge
  s.tEnd = 1.0;
  Simulation sim(loadScene("double-pendulum"), s);
  const Results r = sim.run();
  // failed at its first step, with the reason and the time
  EXPECT_EQ(r.status, RunStatus::Failed);
  EXPECT_NE(r.message.find("Newton did not converge"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("t = 0"), std::string::npos) << r.message;
  EXPECT_EQ(r.rowCount(), 1u);  // the initial state is kept
}

}  // namespace
}  // namespace mbw
