// LMS2, LMS3 and LMS4 (linear_multistep.cpp) beyond what the conformance suite checks of every
// integrator: the start-up and every change of step that the constant coefficients cannot follow
// are steps of the trapezoidal rule (on a linear oscillator, against the rule's closed-form map),
// the constant coefficients take over after K equal steps; LMS2 at variable steps rejects a step
// whose error is above the tolerance and never proposes more than twice the last; rho_inf comes
// from the settings or the default 0.6, LMS3 and LMS4 exclude 1.

#include "integrators/linear_multistep.h"

#include <gtest/gtest.h>

#include <cmath>

#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

// the oscillator's x and v in an integrator's state
Vec2 lmsXv(Formulation& f, const State& s) {
  f.computePositions(s.t, s.q);
  f.computeVelocities(s.v);
  const BodyOutput b = f.bodyOutput(0, s.vdot);
  return {b.position_W.x(), b.velocity_W.x()};
}

// the trapezoidal rule on x' = v, v' = -w^2 x:
//   (x, v)_1 = [[1 - a, h], [-w^2 h, 1 - a]] (x, v)_0 / (1 + a),  a = (w h / 2)^2
Vec2 trapezoidalStep(const Vec2& xv, double h) {
  const double w2 = 4.0 * M_PI * M_PI, a = w2 * h * h / 4.0;
  return Vec2((1.0 - a) * xv.x() + h * xv.y(), -w2 * h * xv.x() + (1.0 - a) * xv.y()) / (1.0 + a);
}

TEST(LinearMultistep, StartsAndRestartsWithTheTrapezoidalRule) {
  // Newton solves the linear equations of the oscillator's points in one iteration, to rounding
  const Model model = test::springOscillator(0.0);
  for (const char* name : {"lms3", "lms4"}) {
    SCOPED_TRACE(name);
    const auto f = makeFormulation("rp", model);
    const std::unique_ptr<Integrator> lms = findIntegrator(name)->make(*f, IntegratorSettings{});
    lms->initialize(consistentInitialState(*f, 0.0));
    const double h = 0.01;
    // the first step: the trapezoidal rule from the initial state
    Vec2 before = lmsXv(*f, lms->state());
    ASSERT_EQ(lms->step(h).kind, StepResult::Kind::Accepted);
    EXPECT_LT((lmsXv(*f, lms->state()) - trapezoidalStep(before, h)).norm(), 1e-12);
    // after K equal steps the scheme's own coefficients: no longer the trapezoidal rule
    const int K = std::string(name) == "lms3" ? 3 : 4;
    for (int k = 1; k < K; ++k) lms->step(h);
    before = lmsXv(*f, lms->state());
    ASSERT_EQ(lms->step(h).kind, StepResult::Kind::Accepted);
    EXPECT_GT((lmsXv(*f, lms->state()) - trapezoidalStep(before, h)).norm(), 1e-6);
    // a step of another size: the trapezoidal rule again, from the latest point
    before = lmsXv(*f, lms->state());
    ASSERT_EQ(lms->step(h / 2).kind, StepResult::Kind::Accepted);
    EXPECT_LT((lmsXv(*f, lms->state()) - trapezoidalStep(before, h / 2)).norm(), 1e-12);
  }
}

TEST(LinearMultistep, Lms2AtVariableStepsRejectsLargeErrorsAndAtMostDoubles) {
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);
  IntegratorSettings s;
  s.variableStep = true;
  s.rtol = s.atol = 1e-6;
  const std::unique_ptr<Integrator> lms2 = findIntegrator("lms2")->make(*f, s);
  lms2->initialize(consistentInitialState(*f, 0.0));
  // a first step of 0.2 s is far above the tolerance: rejected, a smaller one proposed
  const StepResult big = lms2->step(0.2);
  EXPECT_EQ(big.kind, StepResult::Kind::Rejected);
  EXPECT_EQ(big.reason, "error estimate above tolerance");
  EXPECT_LT(big.nextStep, 0.2);
  EXPECT_EQ(lms2->state().t, 0.0);
  // from a tiny step, the steps grow by at most twice, and do double while the error allows
  double h = 1e-6;
  int doubled = 0;
  for (int k = 0; k < 40 && lms2->state().t < 0.05; ++k) {
    const StepResult r = lms2->step(h);
    ASSERT_NE(r.kind, StepResult::Kind::Failed) << r.reason;
    if (r.kind == StepResult::Kind::Accepted) {
      EXPECT_LE(r.nextStep, 2.0 * h);
      doubled += r.nextStep == 2.0 * h ? 1 : 0;
    }
    h = r.nextStep;
  }
  // and it did double, at least five times
  EXPECT_GE(doubled, 5);
}

TEST(LinearMultistep, RhoInfFromTheSettingsOrTheDefault) {
  IntegratorSettings s;
  // 0.6 by default; 0 and 1 as given
  EXPECT_EQ(LinearMultistep::rhoInf(s), 0.6);
  s.rhoInf = 0.0;
  EXPECT_EQ(LinearMultistep::rhoInf(s), 0.0);
  s.rhoInf = 1.0;
  EXPECT_EQ(LinearMultistep::rhoInf(s), 1.0);
  // only LMS2 is zero-stable at rho_inf = 1, and only it takes variable steps
  EXPECT_FALSE(LinearMultistep::capabilities(2).rhoInfMaxExcluded);
  EXPECT_TRUE(LinearMultistep::capabilities(3).rhoInfMaxExcluded);
  EXPECT_TRUE(LinearMultistep::capabilities(4).rhoInfMaxExcluded);
  EXPECT_TRUE(LinearMultistep::capabilities(2).variableStep);
  EXPECT_FALSE(LinearMultistep::capabilities(3).variableStep);
  for (int steps : {2, 3, 4}) EXPECT_EQ(LinearMultistep::capabilities(steps).order, 2);
}

}  // namespace
}  // namespace mbw
