// The Rosenbrock-Nystrom integrators of Sandu et al. 2001 (their coefficients in
// rosenbrock_coefficients_test): convergence orders at fixed steps (rn4 about 4, w2
// about 2 with an exact or a finite-difference Jacobian), the step-size control against the
// tolerance on the stiff double pendulum (Tables 1-2), and dependent coordinates on the
// constraints. (The CVODE references: cvode_integrator_test.cpp.)

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/reference_error.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "state_space_runs.h"

namespace mbw {
namespace {

// --- runs --------------------------------------------------------------------------------------

// Kissel et al.'s double pendulum over 0.4 s: smooth, not stiff, and before the first repartition
// (later, runs with different steps switch coordinates at different times)
double observedOrder(const std::string& integrator, const std::string& jacobian,
                     const std::vector<double>& steps, double referenceStep) {
  const Model model = loadScene("double-pendulum");
  const double tEnd = 0.4;
  // the reference: the same integrator at a step 16 times below the finest
  const Results reference =
      test::stateSpaceRun(model, integrator, tEnd, referenceStep, 0.0, jacobian);
  std::vector<double> errors;
  for (double h : steps) {
    const Results run = test::stateSpaceRun(model, integrator, tEnd, h, 0.0, jacobian);
    // no repartition inside the window, which would change the coordinates compared
    EXPECT_EQ(run.stats.repartitions, 0);
    errors.push_back(test::endDifference(run, reference));
  }
  // least-squares slope of log(error) against log(h)
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(steps.size());
  for (size_t i = 0; i < steps.size(); ++i) {
    const double x = std::log(steps[i]), y = std::log(errors[i]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

TEST(RosenbrockNystrom, FourthOrderAtFixedSteps) {
  EXPECT_NEAR(observedOrder("rn4", "exact", {1.0 / 25, 1.0 / 50, 1.0 / 100}, 1.0 / 1600), 4.0, 0.3);
}

TEST(WMethod, SecondOrderWithExactAndFiniteDifferenceJacobians) {
  for (const char* jacobian : {"exact", "fd"}) {
    SCOPED_TRACE(jacobian);
    EXPECT_NEAR(observedOrder("w2", jacobian, {1.0 / 100, 1.0 / 200, 1.0 / 400}, 1.0 / 6400), 2.0,
                0.1);
  }
}

TEST(RosenbrockNystrom, StepSizeControlMeetsTheToleranceOnTheStiffPendulum) {
  // Sandu et al. 2001 Tables 1-2: the largest error of theta1 and of its rate is of the order of
  // the local tolerance of eq (13), atol + rtol max|y| (the paper's "up to 7 10^k" for theta1); 2x
  // that. The paper's control is per step (rn4's default is per unit step, which comes out below
  // the tolerance)
  const Model model = loadScene("stiff-double-pendulum");
  // the reference: rn4 per step at 1e-9
  const Results reference = test::stateSpaceRun(model, "rn4", 2.0, 1e-4, 1e-9, "exact", "per-step");
  for (double tol : {1e-3, 1e-4}) {
    SCOPED_TRACE(tol);
    const Results run = test::stateSpaceRun(model, "rn4", 2.0, 1e-4, tol, "exact", "per-step");
    for (const char* channel : {"theta1", "theta1.rate"}) {
      const std::vector<double> values = reference.columnValues(reference.column(channel));
      double largest = 0.0;
      for (double v : values) largest = std::max(largest, std::abs(v));
      const TrajectoryError e = trajectoryError(run, reference, channel);
      EXPECT_LT(e.maximum, 2.0 * (tol + tol * largest)) << channel;
      EXPECT_GT(e.maximum, 0.01 * tol) << channel << ": suspiciously accurate";
    }
    // and the control did reject steps, each one recorded
    EXPECT_GT(run.stats.rejectedSteps, 0);
    EXPECT_EQ(run.rejected.size(), static_cast<size_t>(run.stats.rejectedSteps));
  }
}

TEST(WMethod, StepDoublingMakesTheErrorProportionalToTheTolerance) {
  // Per unit step (w2's default) the estimate is by step doubling: the double pendulum's error over
  // 2 s then follows the tolerance (0.97 and 0.96 times it at 1e-5 and 1e-6; under the control per
  // step with the first-order embedded estimate, 72 and 58 times)
  const Model model = loadScene("double-pendulum");
  // the reference: rn4 at 1e-11
  const Results reference = test::stateSpaceRun(model, "rn4", 2.0, 1e-3, 1e-11);
  std::vector<double> factors;
  for (double tol : {1e-5, 1e-6}) {
    SCOPED_TRACE(tol);
    const Results run = test::stateSpaceRun(model, "w2", 2.0, 1e-3, tol);
    double error = 0.0;
    for (const char* channel : {"body_2.y", "body_2.z"})
      error = std::max(error, trajectoryError(run, reference, channel).maximum);
    factors.push_back(error / tol);
    // 5 x the tolerance: above the 0.97 and 0.96 measured, far below the 72 and 58 times of the
    // embedded estimate that step doubling replaced (commit 7c3e963)
    EXPECT_LT(error, 5.0 * tol);
    EXPECT_GT(error, 0.1 * tol) << "suspiciously accurate";
  }
  // a tenth of the tolerance, a tenth of the error (0.97 and 0.96 times the tolerance measured)
  // (a ratio of 1.01 measured; an error that did not follow the tolerance would give 0.1)
  EXPECT_NEAR(factors[0] / factors[1], 1.0, 0.5);
}

TEST(RosenbrockNystrom, RecordsEveryRepartition) {
  // the stiff pendulum's two repartitions come in its first 0.2 s (at 0.157 s, keeping the
  // coordinates, and 0.193 s, with new ones), as many as over 2 s
  const Results run =
      test::stateSpaceRun(loadScene("stiff-double-pendulum"), "rn4", 0.3, 1e-4, 1e-4);
  EXPECT_GT(run.stats.repartitions, 0);
  EXPECT_EQ(run.events.size(), static_cast<size_t>(run.stats.repartitions));
  // each repartition an event naming the condition number that caused it
  for (const RunEvent& e : run.events)
    EXPECT_NE(e.description.find("cond(Phi_u)"), std::string::npos);
}

TEST(StateSpaceIntegrators, DependentCoordinatesSatisfyTheConstraints) {
  // the vehicle through the front wheels' bump; rn4 and the CVODE BDF reference
  const Model model = loadScene("hmmwv-bump");
  for (const char* integrator : {"rn4", "bdf"}) {
    SCOPED_TRACE(integrator);
    RunSettings s;
    s.integrator = integrator;
    s.tEnd = 0.6;
    s.integratorSettings.variableStep = true;
    s.integratorSettings.rtol = s.integratorSettings.atol = 1e-3;
    s.integratorSettings.maxStep = 0.01;
    s.integratorSettings.constraintTolerance = 1e-10;
    const Results r = Simulation(model, s).run();
    ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
    // positions within the constraint tolerance, velocities within 1e-9
    const double position = 1e-10, velocity = 1e-9;
    for (double v : r.columnValues(r.column("violation.position"))) ASSERT_LE(v, position);
    for (double v : r.columnValues(r.column("violation.velocity"))) ASSERT_LE(v, velocity);
  }
}

}  // namespace
}  // namespace mbw
