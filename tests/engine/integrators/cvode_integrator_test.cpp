// The CVODE references of the state-space ODE (cvode_integrator.cpp): Adams and BDF meet their
// tolerance per step on the stiff pendulum's transient; a fully driven mechanism, which has no ODE,
// is followed by solving its driven positions at each step; the rejections CVODE makes inside are
// reported by cause; the continuous extension, CVODE's interpolant of the independent coordinates
// with the dependent ones recovered, lies on the constraints at both levels.

#include "integrators/cvode_integrator.h"

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/reference_error.h"
#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "state_space_runs.h"

namespace mbw {
namespace {

TEST(CvodeIntegrator, ReferencesMeetTheTolerance) {
  // CVODE's Adams (functional iteration) and BDF (Newton, exact Jacobian) on the same ODE, over
  // the stiff transient of the pendulum, each step held to the tolerance as in the references of
  // Sandu et al. 2001 (per unit step Adams' functional iteration must converge to the step's share
  // of the tolerance, which on this transient takes 20 times the steps: 2 s of CPU)
  const Model model = loadScene("stiff-double-pendulum");
  // the reference: rn4 held to 1e-10 per step
  const Results reference =
      test::stateSpaceRun(model, "rn4", 0.05, 1e-5, 1e-10, "exact", "per-step");
  for (const char* integrator : {"adams", "bdf"}) {
    SCOPED_TRACE(integrator);
    const Results run =
        test::stateSpaceRun(model, integrator, 0.05, 1e-5, 1e-5, "exact", "per-step");
    // theta1 within 1e-4 of it; more function evaluations than steps (CVODE iterates inside)
    const TrajectoryError e = trajectoryError(run, reference, "theta1");
    EXPECT_LT(e.maximum, 1e-4);
    EXPECT_GT(run.stats.functionEvaluations, run.stats.steps);
  }
}

TEST(CvodeIntegrator, FollowsAFullyDrivenMechanism) {
  // the slider-crank of Kissel et al. 2021 is driven at the crank: no independent coordinates, so
  // no ODE for CVODE; its steps solve the driven positions, which the fixed-step rn4 also follows.
  // Both stop the position Newton at the constraint tolerance (1e-10), which puts the velocities
  // and accelerations computed there a few 1e-9 apart
  const Model model = loadScene("slider-crank");
  const Results fixed = test::stateSpaceRun(model, "rn4", 1.0, 1e-3, 0.0);
  for (const char* integrator : {"adams", "bdf"}) {
    SCOPED_TRACE(integrator);
    const Results run = test::stateSpaceRun(model, integrator, 1.0, 1e-3, 1e-6);
    ASSERT_EQ(run.status, RunStatus::Completed) << run.message;
    EXPECT_GT(run.stats.steps, 1);
    // no step rejected on the smooth driven motion; the end as rn4's, to the few 1e-9 above
    EXPECT_EQ(run.stats.rejectedSteps, 0);
    EXPECT_LT(test::endDifference(run, fixed), 1e-8);
    // the crank turns at its driven -2 pi rad/s
    const int crankRate = run.column("crank.wx");
    EXPECT_NEAR(run.at(run.rowCount() - 1, crankRate), -2.0 * M_PI, 1e-8);
  }
}

TEST(CvodeIntegrator, ReportsItsRejectionsByCause) {
  // the stiff pendulum's first 10 ms at 1e-5 per step: CVODE rejects steps inside, each counted
  // under CVODE's cause, the causes adding up to the rejected steps
  const Model model = loadScene("stiff-double-pendulum");
  for (const char* integrator : {"adams", "bdf"}) {
    SCOPED_TRACE(integrator);
    const Results r = test::stateSpaceRun(model, integrator, 0.01, 1e-5, 1e-5, "exact", "per-step");
    // rejections do happen here, so that the count by cause is tested on something
    EXPECT_GT(r.stats.rejectedSteps, 0);
    long byCause = 0;
    for (const auto& [why, n] : r.stats.rejections) {
      EXPECT_NE(why.find("(CVODE)"), std::string::npos) << why;
      byCause += n;
    }
    EXPECT_EQ(byCause, r.stats.rejectedSteps);
    EXPECT_GT(r.stats.functionEvaluations, r.stats.steps);
  }
  // BDF's Newton factors its matrix; Adams' functional iteration has none to factor
  EXPECT_GT(test::stateSpaceRun(model, "bdf", 0.05, 1e-5, 1e-6).stats.factorizations, 0);
}

TEST(CvodeIntegrator, TheContinuousExtensionLiesOnTheConstraints) {
  const Model model = loadScene("double-pendulum");
  for (const char* name : {"adams", "bdf"}) {
    SCOPED_TRACE(name);
    const auto f = makeFormulation("rp", model);
    IntegratorSettings s;
    s.variableStep = true;
    s.rtol = s.atol = 1e-6;
    s.step = 1e-3;
    const std::unique_ptr<Integrator> cvode = findIntegrator(name)->make(*f, s);
    cvode->initialize(consistentInitialState(*f, 0.0));
    EXPECT_TRUE(cvode->statesOnConstraints());
    // a few internal steps, then the middle of the last one
    for (int k = 0; k < 5; ++k) ASSERT_EQ(cvode->step(0.1).kind, StepResult::Kind::Accepted);
    const double t = 0.5 * (cvode->stepStart() + cvode->state().t);
    ASSERT_GT(cvode->state().t, cvode->stepStart());
    State mid;
    EXPECT_TRUE(cvode->interpolate(t, mid));
    // at the time asked: positions within the constraint tolerance, velocities to round-off
    EXPECT_EQ(mid.t, t);
    f->computePositions(t, mid.q);
    EXPECT_LE(f->positionViolation(), s.constraintTolerance);
    f->computeVelocities(mid.v);
    EXPECT_LE(f->velocityViolation(mid.v), 1e-12);  // a linear system for the dependent ones
    // and between the step's ends: the body moved from one to the other through it
    EXPECT_NE(mid.q, cvode->state().q);
  }
}

}  // namespace
}  // namespace mbw
