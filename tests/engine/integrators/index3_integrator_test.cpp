// The base of the direct index-3 schemes (index3_integrator.cpp), through the schemes built on it:
// each time point solved counts once, with its Newton iterations, and the solver's factorizations
// and Jacobian evaluations are the integrator's; a Newton failure fails a fixed step with the
// solver's reason, and rejects a variable step with a quarter of it to try next.

#include "integrators/index3_integrator.h"

#include <gtest/gtest.h>

#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

// one step of h of the named scheme on the double pendulum, from its initial state
struct Index3FirstStep {
  Index3FirstStep(const std::string& name, const IntegratorSettings& settings, double h)
      : model(loadScene("double-pendulum")), formulation(makeFormulation("rp", model)) {
    integrator = findIntegrator(name)->make(*formulation, settings);
    integrator->initialize(consistentInitialState(*formulation, 0.0));
    result = integrator->step(h);
  }
  Model model;
  std::unique_ptr<Formulation> formulation;
  std::unique_ptr<Integrator> integrator;
  StepResult result;
};

TEST(Index3Integrator, EachTimePointCountsOnceWithItsIterations) {
  // a scheme of n implicit stages solves n time points a step
  for (const std::string& name : test::index3IntegratorNames()) {
    SCOPED_TRACE(name);
    const Index3FirstStep first(name, IntegratorSettings{}, 1e-3);
    ASSERT_EQ(first.result.kind, StepResult::Kind::Accepted) << first.result.reason;
    // n time points, each with at least one Newton iteration
    EXPECT_EQ(first.result.timePoints, findIntegrator(name)->capabilities.implicitStages);
    EXPECT_GE(first.result.newtonIterations, first.result.timePoints);
    // the solver's own counts are the integrator's
    const IntegratorStats& stats = first.integrator->stats();
    EXPECT_EQ(stats.timePoints, first.result.timePoints);
    // at least one factorization and one Jacobian, and no more factorizations than iterations
    EXPECT_GE(stats.factorizations, 1);
    EXPECT_GE(stats.jacobianEvaluations, 1);
    EXPECT_LE(stats.factorizations, stats.newtonIterations);
  }
}

TEST(Index3Integrator, ANewtonFailureFailsAFixedStepAndRejectsAVariableOne) {
  // one Newton iteration cannot solve a 50 ms step of the double pendulum
  IntegratorSettings s;
  s.maxNewtonIterations = 1;
  const Index3FirstStep fixed("lms2", s, 0.05);
  // fixed step: failed with the solver's reason, the state not advanced
  EXPECT_EQ(fixed.result.kind, StepResult::Kind::Failed);
  EXPECT_FALSE(fixed.result.reason.empty());
  EXPECT_EQ(fixed.integrator->state().t, 0.0);  // not advanced
  // at variable steps: rejected, a quarter of the step to try next, the solver's reason kept
  s.variableStep = true;
  const Index3FirstStep variable("lms2", s, 0.05);
  EXPECT_EQ(variable.result.kind, StepResult::Kind::Rejected);
  EXPECT_EQ(variable.result.reason, "Newton did not converge");
  EXPECT_EQ(variable.result.detail, fixed.result.reason);
  EXPECT_EQ(variable.result.nextStep, 0.0125);
  EXPECT_EQ(variable.integrator->stats().rejections.at("Newton did not converge"), 1);
  EXPECT_EQ(variable.integrator->state().t, 0.0);
}

}  // namespace
}  // namespace mbw
