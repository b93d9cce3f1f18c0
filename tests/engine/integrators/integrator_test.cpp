// The bookkeeping every integrator shares (integrator.cpp), around a scripted scheme of the test's
// own: step() counts accepted and rejected steps (failures among the rejected), each by its
// reason, with the Newton iterations and time points of all of them, gives a step the size asked
// unless the scheme says which it took, keeps the step's start for the continuous extension, and
// runs the scheme with subnormal numbers flushed to zero (the caller's mode restored after);
// initialize() restarts the state, the counters and the work integrals; the default continuous
// extension of the state and of the work integrals is the cubic Hermite of the last step's ends.

#include "integrators/integrator.h"

#include <gtest/gtest.h>

#include <deque>
#include <memory>

#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

// a free body without gravity, moving at 2 m/s along x and 1 m/s along z
Model driftingBody() {
  return parseScene(
      test::sceneJson(
          R"([{"name": "drifter", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0],
               "velocity": [2, 0, 1]}])",
          "[]", "[]", R"(, "gravity": [0, 0, 0])"),
      "drift");
}

// a scheme that returns the results it is given; an accepted step moves the body on its straight
// line and adds the scripted powers' work
class ScriptedIntegrator final : public Integrator {
 public:
  ScriptedIntegrator(Formulation& f, std::deque<StepResult> script)
      : Integrator(f, IntegratorSettings{}), script_(std::move(script)) {}

  int initializations = 0;
  double productInStep = -1.0;  // 1e-300 * 1e-10 as the scheme computed it
  Power scriptedPower{3.0, 0.5};

 private:
  void doInitialize() override { ++initializations; }
  StepResult doStep(double h) override {
    // an operation whose exact result is subnormal
    volatile double tiny = 1e-300;
    productInStep = tiny * 1e-10;
    StepResult r = script_.front();
    script_.pop_front();
    if (r.kind != StepResult::Kind::Accepted) return r;
    const double taken = r.h > 0.0 ? r.h : h;
    VectorXd q = state_.q;
    formulation_.retract(q, taken * state_.v, state_.q);
    state_.t += taken;
    acceptWork(advanced(work_, taken, scriptedPower), scriptedPower);
    return r;
  }

  std::deque<StepResult> script_;
};

StepResult scripted(StepResult::Kind kind, const std::string& reason = "", int newton = 0,
                    int points = 0, double h = 0.0) {
  StepResult r;
  r.kind = kind;
  r.reason = reason;
  r.newtonIterations = newton;
  r.timePoints = points;
  r.h = h;
  return r;
}

TEST(Integrator, StepCountsStepsByOutcomeAndReason) {
  const Model model = driftingBody();
  const auto f = makeFormulation("rp", model);
  using K = StepResult::Kind;
  ScriptedIntegrator integrator(
      *f, {scripted(K::Accepted, "", 3, 2), scripted(K::Rejected, "error estimate", 4, 2),
           scripted(K::Rejected, "newton", 25, 1), scripted(K::Failed, "newton", 25, 1),
           scripted(K::Accepted, "", 2, 2, 0.004)});
  integrator.initialize(consistentInitialState(*f, 0.0));
  // initialize ran the scheme's own start
  EXPECT_EQ(integrator.initializations, 1);
  // the size asked, unless the scheme says which it took
  EXPECT_EQ(integrator.step(0.01).h, 0.01);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(integrator.step(0.005).h, 0.005);
  EXPECT_EQ(integrator.step(0.005).h, 0.004);
  const IntegratorStats& stats = integrator.stats();
  // two accepted, three rejected under two reasons; the iterations and points of all five summed
  EXPECT_EQ(stats.steps, 2);
  EXPECT_EQ(stats.rejectedSteps, 3);  // a failed step among them
  EXPECT_EQ(stats.rejections, (std::map<std::string, long>{{"error estimate", 1}, {"newton", 2}}));
  EXPECT_EQ(stats.newtonIterations, 3 + 4 + 25 + 25 + 2);
  EXPECT_EQ(stats.timePoints, 2 + 2 + 1 + 1 + 2);
  // 0.01 + 0.004 travelled
  EXPECT_NEAR(integrator.state().t, 0.014, 1e-15);
  // the last step started where the one before ended
  EXPECT_NEAR(integrator.stepStart(), 0.01, 1e-15);
  // a new start: the given state, no counts, no work
  State again = consistentInitialState(*f, 1.0);
  integrator.initialize(again);
  EXPECT_EQ(integrator.initializations, 2);
  EXPECT_EQ(integrator.state().t, 1.0);
  EXPECT_EQ(integrator.stepStart(), 1.0);
  EXPECT_EQ(integrator.stats().steps, 0);
  EXPECT_EQ(integrator.stats().newtonIterations, 0);
  EXPECT_TRUE(integrator.stats().rejections.empty());
  EXPECT_EQ(integrator.work().work, 0.0);
  EXPECT_EQ(integrator.work().dissipated, 0.0);
}

TEST(Integrator, TheSchemeRunsWithSubnormalsFlushedToZero) {
#if defined(__SSE2__) || defined(_M_X64)
  const Model model = driftingBody();
  const auto f = makeFormulation("rp", model);
  ScriptedIntegrator integrator(*f, {scripted(StepResult::Kind::Accepted)});
  integrator.initialize(consistentInitialState(*f, 0.0));
  integrator.step(0.01);
  // 1e-300 * 1e-10 inside the scheme came out zero: flushed
  EXPECT_EQ(integrator.productInStep, 0.0);
  // and the caller's mode back after it
  volatile double tiny = 1e-300;
  EXPECT_GT(tiny * 1e-10, 0.0);
#else
  GTEST_SKIP() << "no SSE flags to flush subnormals with on this processor";
#endif
}

TEST(Integrator, TheContinuousExtensionIsTheHermiteOfTheLastStep) {
  const Model model = driftingBody();
  const auto f = makeFormulation("rp", model);
  ScriptedIntegrator integrator(
      *f, {scripted(StepResult::Kind::Accepted), scripted(StepResult::Kind::Accepted)});
  State start = consistentInitialState(*f, 0.0);
  integrator.initialize(start);
  // the powers at the start are the body's (none: no force), then the scheme's 3 W and 0.5 W
  integrator.step(0.1);
  integrator.step(0.1);
  // within the second step [0.1, 0.2]: a straight line is its own cubic
  State mid;
  EXPECT_FALSE(integrator.interpolate(0.15, mid));  // not claimed on the constraints
  const BodyOutput body = [&] {
    f->computePositions(0.15, mid.q);
    f->computeVelocities(mid.v);
    return f->bodyOutput(0, mid.vdot);
  }();
  // on the drifting body's straight line: 2 m/s along x, 1 m/s along z
  EXPECT_NEAR(body.position_W.x(), 2.0 * 0.15, 1e-14);
  EXPECT_NEAR(body.position_W.z(), 1.0 * 0.15, 1e-14);
  EXPECT_NEAR(body.velocity_W.x(), 2.0, 1e-14);
  // the work integrals: W = 3 t after the first step, linear with its rate on the second, exact
  EXPECT_NEAR(integrator.workAt(0.15).work, 0.45, 1e-14);
  EXPECT_NEAR(integrator.workAt(0.15).dissipated, 0.075, 1e-14);
  // on the first step the rate rises from 0 to 3 W: the Hermite cubic through W(0) = 0,
  // W'(0) = 0, W(h) = 3 h, W'(h) = 3 at the middle is 3 h / 2 + h (0 - 3) / 8
  ScriptedIntegrator once(*f, {scripted(StepResult::Kind::Accepted)});
  once.initialize(start);
  once.step(0.1);
  EXPECT_NEAR(once.workAt(0.05).work, 0.15 - 0.3 / 8.0, 1e-14);
}

}  // namespace
}  // namespace mbw
