// The stiffly accurate ESDIRKs on the index-3 DAE (esdirk.cpp): on a linear oscillator each step
// multiplies the oscillator's mode by the tableau's stability function R(i w h), its last stage
// being the step's end (R from butcher_tableau.cpp: 1 + z b^T (I - z A)^-1 1, another route than
// the stages); a Newton failure names the stage it happened at; with embedded weights a step whose
// error is above the tolerance is rejected for a smaller one.

#include "integrators/esdirk.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

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

}  // namespace
}  // namespace mbw
