// The stiffly accurate ESDIRKs on the index-3 DAE (esdirk.cpp): on a linear oscillator each step
// multiplies the oscillator's mode by the tableau's stability function R(i w h), its last stage
// being the step's end (R from butcher_tableau.cpp: 1 + z b^T (I - z A)^-1 1, another route than
// the stages); a Newton failure names the stage it happened at; with embedded weights a step whose
// error is above the tolerance is rejected for a smaller one, and the estimate's calibration is
// what one step from the exact state of a pendulum measures.

#include "integrators/esdirk.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <complex>
#include <sstream>

#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

TEST(Esdirk, StepsAsItsStabilityFunctionOnAnOscillator) {
  // the mode mu = w x - i v of x' = v, v' = -w^2 x has mu' = i w mu: a step multiplies it by
  // R(i w h); Newton solves the oscillator's linear stage equations to rounding
  const double w = 2.0 * M_PI, h = 0.02;
  const Model model = test::springOscillator(3.0);
  IntegratorSettings bathe;
  bathe.rhoInf = 0.5;
  const IntegratorSettings defaults;
  const struct {
    const char* name;
    IntegratorSettings settings;
    ButcherTableau tableau;
  } cases[] = {
      {"bathe", bathe, batheTableau(0.5)},
      {"mssth3", defaults, mssthTableau(3, effectiveRhoInf(*findIntegrator("mssth3"), defaults))},
      {"msstc4", defaults, msstcTableau(4, effectiveRhoInf(*findIntegrator("msstc4"), defaults))},
      {"esdirk3-4l2sa", defaults, esdirk324l2saTableau()},
      {"esdirk4-6l2sa2", defaults, esdirk436l2sa2Tableau()},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const auto f = makeFormulation("rp", model);
    const std::unique_ptr<Integrator> esdirk = findIntegrator(c.name)->make(*f, c.settings);
    esdirk->initialize(consistentInitialState(*f, 0.0));
    // R(i w h) from the tableau's formula, not from its stages
    const std::complex<double> R = c.tableau.stabilityFunction({0.0, w * h});
    // mu0 = w x0 - i v0 with x0 = 1, v0 = 3
    std::complex<double> expected(w * 1.0, -3.0);
    const double size = std::abs(expected);
    double worst = 0.0;
    for (int n = 1; n <= 25; ++n) {
      ASSERT_EQ(esdirk->step(h).kind, StepResult::Kind::Accepted);
      expected *= R;
      const State& s = esdirk->state();
      // each step ends at n h, with the mode at R^n mu0
      EXPECT_NEAR(s.t, n * h, 1e-14);
      f->computePositions(s.t, s.q);
      f->computeVelocities(s.v);
      const BodyOutput b = f->bodyOutput(0, s.vdot);
      worst = std::max(
          worst,
          std::abs(std::complex<double>(w * b.position_W.x(), -b.velocity_W.x()) - expected));
    }
    EXPECT_LT(worst, 1e-11 * size);
    // half a period: the mode turned round
    EXPECT_GT(std::abs(expected - std::complex<double>(w, -3.0)), size);
  }
}

TEST(Esdirk, ANewtonFailureNamesItsStage) {
  // one Newton iteration cannot solve the first implicit stage (the second) of a 50 ms step of
  // the double pendulum
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);
  IntegratorSettings s;
  s.maxNewtonIterations = 1;
  const std::unique_ptr<Integrator> bathe = findIntegrator("bathe")->make(*f, s);
  bathe->initialize(consistentInitialState(*f, 0.0));
  const StepResult r = bathe->step(0.05);
  EXPECT_EQ(r.kind, StepResult::Kind::Failed);
  const std::string stage = " at stage 2";
  ASSERT_GE(r.reason.size(), stage.size()) << r.reason;
  EXPECT_EQ(r.reason.substr(r.reason.size() - stage.size()), stage) << r.reason;
  EXPECT_EQ(r.timePoints, 1);  // the stages after it were not tried
}

TEST(Esdirk, EmbeddedWeightsRejectAnErrorAboveTheTolerance) {
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);
  IntegratorSettings s;
  s.variableStep = true;
  s.rtol = s.atol = 1e-8;
  const std::unique_ptr<Integrator> esdirk = findIntegrator("esdirk4-6l2sa2")->make(*f, s);
  esdirk->initialize(consistentInitialState(*f, 0.0));
  const StepResult big = esdirk->step(0.2);
  // 0.2 s at 1e-8: far above the tolerance, rejected for a smaller step, the state kept
  EXPECT_EQ(big.kind, StepResult::Kind::Rejected);
  EXPECT_EQ(big.reason, "error estimate above tolerance");
  EXPECT_LT(big.nextStep, 0.2);
  EXPECT_EQ(esdirk->state().t, 0.0);
  // a step the estimate allows is taken; right after a rejection the next is no larger, after
  // an accepted step it grows
  const StepResult small = esdirk->step(1e-4);
  EXPECT_EQ(small.kind, StepResult::Kind::Accepted);
  EXPECT_LE(small.nextStep, 1e-4);
  const StepResult next = esdirk->step(1e-4);
  EXPECT_EQ(next.kind, StepResult::Kind::Accepted);
  EXPECT_GT(next.nextStep, 1e-4);
  // variable steps only with embedded weights; a stage a time point, the first explicit
  for (const ButcherTableau& t : {batheTableau(0.0), esdirk436l2sa2Tableau()}) {
    const Capabilities c = Esdirk::capabilities(t);
    EXPECT_EQ(c.variableStep, t.embeddedOrder > 0);
    EXPECT_EQ(c.implicitStages, t.stages() - 1);
    EXPECT_EQ(c.order, t.order);
  }
}

// IFToMM A01, the point mass on a 1 m link released horizontally, as the angle psi from the
// downward vertical: psi'' = -g sin psi. RK4 at 1e-5 s from (psi, psi') over t: far below the
// ESDIRK step errors measured against it (1e-9 m/s and more).
std::array<double, 2> pendulumAfter(std::array<double, 2> y, double t) {
  const auto rate = [](const std::array<double, 2>& x) {
    return std::array<double, 2>{x[1], -9.81 * std::sin(x[0])};
  };
  const int n = static_cast<int>(std::ceil(t / 1e-5));
  const double h = t / n;
  for (int i = 0; i < n; ++i) {
    const auto k1 = rate(y);
    const auto k2 = rate({y[0] + h / 2 * k1[0], y[1] + h / 2 * k1[1]});
    const auto k3 = rate({y[0] + h / 2 * k2[0], y[1] + h / 2 * k2[1]});
    const auto k4 = rate({y[0] + h * k3[0], y[1] + h * k3[1]});
    for (int j = 0; j < 2; ++j) y[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
  }
  return y;
}

// The A01 mass at angle psi with rate psid, as a scene.
Model a01At(double psi, double psid) {
  std::ostringstream scene;
  scene.precision(17);
  scene << R"({"format": "mbw-scene", "version": 1, "name": "a01", "gravity": [0, -9.81, 0],
    "bodies": [{"name": "P1", "mass": 1.0, "inertia": [1.0, 1.0, 1.0],
                "position": [)"
        << std::sin(psi) << ", " << -std::cos(psi) << R"(, 0], "velocity": [)"
        << psid * std::cos(psi) << ", " << psid * std::sin(psi) << R"(, 0]}],
    "joints": [{"name": "link", "type": "distance", "body_i": "ground", "body_j": "P1",
                "point_i": [0, 0, 0], "point_j": [0, 0, 0], "distance": 1.0}]})";
  return parseScene(scene.str(), "a01");
}

TEST(Esdirk, TheEstimatesCalibrationIsWhatOneStepMeasures) {
  // Over A01's period (2.37 s), one step of 2.5 ms from the exact state at 24 points: the true
  // tangential velocity error |dv_t| over the uncalibrated estimate, averaged. Relative to
  // ESDIRK3(2)4L[2]SA's, that is the factor the other pairs' estimates are multiplied by (esdirk.h:
  // 3.4 and 9.6; measured 3.41 and 9.56)
  const double h = 2.5e-3, period = 2.3676;
  const struct {
    const char* name;
    ButcherTableau tableau;
  } cases[] = {{"esdirk3-4l2sa", esdirk324l2saTableau()},
               {"esdirk3-5l2sa", esdirk325l2saTableau()},
               {"esdirk4-6l2sa2", esdirk436l2sa2Tableau()}};
  IntegratorSettings s;
  s.variableStep = true;
  s.rtol = 0.0;
  s.atol = 1.0;  // every step accepted; the estimate is the RMS of e itself
  std::vector<double> meanRatio;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    double sum = 0.0;
    std::array<double, 2> y = {M_PI / 2, 0.0};  // released horizontally at rest
    double t = 0.0;
    for (int k = 0; k < 24; ++k) {
      // the exact state at (k + 1/2) / 24 of the period, and after one step from there
      const double t0 = period * (k + 0.5) / 24;
      y = pendulumAfter(y, t0 - t);
      t = t0;
      const std::array<double, 2> end = pendulumAfter(y, h);
      const Model model = a01At(y[0], y[1]);
      const auto f = makeFormulation("rp", model);
      const std::unique_ptr<Integrator> esdirk = findIntegrator(c.name)->make(*f, s);
      esdirk->initialize(consistentInitialState(*f, 0.0));
      ASSERT_EQ(esdirk->step(h).kind, StepResult::Kind::Accepted);
      const double estimate = esdirk->stats().localErrorSum / c.tableau.estimateScale;
      // the velocity's error along the circle's tangent (cos psi, sin psi)
      const State& x = esdirk->state();
      f->computePositions(x.t, x.q);
      f->computeVelocities(x.v);
      const auto v = f->bodyOutput(0, x.vdot).velocity_W;
      const double dvt = v.x() * std::cos(end[0]) + v.y() * std::sin(end[0]) - end[1];
      sum += std::abs(dvt) / estimate;
    }
    meanRatio.push_back(sum / 24);
  }
  EXPECT_NEAR(meanRatio[1] / meanRatio[0], esdirk325l2saTableau().estimateScale, 0.05);
  EXPECT_NEAR(meanRatio[2] / meanRatio[0], esdirk436l2sa2Tableau().estimateScale, 0.1);
  EXPECT_EQ(esdirk324l2saTableau().estimateScale, 1.0);
}

TEST(Esdirk, TheCalibrationHoldsOnConstrainedModelsOnly) {
  // A01 in rp: multiplied; a free body on a spring in rA, without a constraint: as published
  const ButcherTableau t = esdirk436l2sa2Tableau();
  const Model pendulum = a01At(M_PI / 2, 0.0);
  const Model free = parseScene(
      test::sceneJson(
          R"([{"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [1, 0, 0]}])", "[]",
          R"([{"name": "s", "type": "tsda", "body_i": "ground", "body_j": "b", "point_i": [0, 0, 0], "point_j": [0, 0, 0], "stiffness": 10, "free_length": 0.5}])"),
      "free");
  const auto rp = makeFormulation("rp", pendulum), rA = makeFormulation("rA", free);
  ASSERT_GT(rp->constraintSize(), 0);
  ASSERT_EQ(rA->constraintSize(), 0);
  EXPECT_EQ(estimateScale(t, *rp), 9.6);
  EXPECT_EQ(estimateScale(t, *rA), 1.0);
}

}  // namespace
}  // namespace mbw
