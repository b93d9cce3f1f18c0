// Closed loops by coordinate partitioning (statespace/loop_joint_ode.h) on the four-bar and
// slider-crank templates and a slotted lever: the full states on the rp constraints (the loops' to
// the Newton tolerance) with the rp equations of motion; the difference Jacobians against
// one-sided differences, the evaluated point left as it was; df/dt under a varying gravity against
// a one-sided difference.

#include "statespace/loop_joint_ode.h"

#include <gtest/gtest.h>

#include "../joint/joint_test_models.h"
#include "formulation/formulation.h"
#include "joint_ode_test_models.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

using joint_ode_test::equationResiduals;
using joint_ode_test::loopModels;
using joint_test::randomVector;

// near the start, the full rp state made from independent coordinates lies on the constraints and
// satisfies the rp equations of motion: the partitioned ODE is the same mechanics
TEST(LoopJointOde, FullStatesSatisfyTheConstraintsAndEquationsOfMotion) {
  std::mt19937 rng(3);
  const StateSpaceSettings settings;
  for (const auto& named : loopModels()) {
    SCOPED_TRACE(named.name);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", named.model);
    LoopJointOde ode(*rp, settings);
    ASSERT_TRUE(ode.initialize(consistentInitialState(*rp, 0.0))) << ode.failure();
    VectorXd y0, yd0, ydd;
    ode.independentState(y0, yd0, ydd);
    for (int trial = 0; trial < 4; ++trial) {
      // a nearby independent state: the dependent coordinates by Newton
      const double t = 0.05 * trial;
      const VectorXd y = y0 + randomVector(rng, ode.size(), 0.05),
                     yd = randomVector(rng, ode.size(), 2.0);
      ASSERT_TRUE(ode.evaluate(t, y, yd, ydd)) << ode.failure();
      EXPECT_LE(ode.loops().constraints().cwiseAbs().maxCoeff(), settings.constraintTolerance);
      // the rp state on every constraint at both levels (the loops' to the Newton tolerance)
      const State s = ode.fullState();
      rp->computePositions(t, s.q);
      rp->computeVelocities(s.v);
      EXPECT_LT(rp->positionViolation(), 10 * settings.constraintTolerance) << "trial " << trial;
      EXPECT_LT(rp->velocityViolation(s.v), 1e-9) << "trial " << trial;
      // the rp equations of motion with their multipliers, and the acceleration constraints
      double motion = 0.0, acceleration = 0.0;
      equationResiduals(*rp, s, motion, acceleration);
      EXPECT_LT(motion, 1e-8) << "trial " << trial;
      EXPECT_LT(acceleration, 1e-8) << "trial " << trial;
      // the independent coordinates back from the full state
      VectorXd gy, gyd;
      ode.gatherIndependent(s, gy, gyd);
      EXPECT_LT((gy - y).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_LT((gyd - yd).cwiseAbs().maxCoeff(), 1e-9);
    }
  }
}

// the ODE's Jacobians (central differences of the acceleration map) agree with independent
// one-sided differences, and computing them leaves the evaluated point as it was
TEST(LoopJointOde, DifferenceJacobiansAgreeWithOneSidedDifferences) {
  for (const auto& named : loopModels()) {
    SCOPED_TRACE(named.name);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", named.model);
    LoopJointOde ode(*rp, {});
    ASSERT_TRUE(ode.initialize(consistentInitialState(*rp, 0.0))) << ode.failure();
    VectorXd y, yd, ydd, f;
    ode.independentState(y, yd, ydd);
    const VectorXd q = ode.q(), qd = ode.qd();
    MatrixXd J1, J2;
    VectorXd ft;
    ode.jacobians(J1, J2, ft);
    // the evaluated point is the one before
    EXPECT_EQ(ode.q(), q);
    EXPECT_EQ(ode.qd(), qd);
    // forward differences of the map with a larger step, from the same point each time
    const double h = 1e-5;
    for (int i = 0; i < ode.size(); ++i) {
      VectorXd s = y;
      s[i] += h;
      ASSERT_TRUE(ode.evaluate(0.0, s, yd, f));
      const VectorXd c1 = (f - ydd) / h;
      ASSERT_TRUE(ode.evaluate(0.0, y, yd, f));
      s = yd;
      s[i] += h;
      ASSERT_TRUE(ode.evaluate(0.0, y, s, f));
      const VectorXd c2 = (f - ydd) / h;
      ASSERT_TRUE(ode.evaluate(0.0, y, yd, f));
      EXPECT_LT((J1.col(i) - c1).cwiseAbs().maxCoeff(), 1e-3 * (1.0 + J1.cwiseAbs().maxCoeff()));
      EXPECT_LT((J2.col(i) - c2).cwiseAbs().maxCoeff(), 1e-3 * (1.0 + J2.cwiseAbs().maxCoeff()));
    }
    // nothing in these models varies in time
    EXPECT_EQ(ft.cwiseAbs().maxCoeff(), 0.0);
  }
}

// with gravity varying in time, df/dt is nonzero and matches a one-sided difference
TEST(LoopJointOde, TimeDerivativeUnderAVaryingGravityAgreesWithADifference) {
  // the four-bar under gravity times 1 + 0.5 sin 3t: df/dt against a one-sided difference
  Model model = loopModels()[0].model;
  model.gravityFactor = TimeFunction::parse("1 + 0.5*sin(3*t)");
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  LoopJointOde ode(*rp, {});
  ASSERT_TRUE(ode.initialize(consistentInitialState(*rp, 0.0))) << ode.failure();
  VectorXd y, yd, ydd, f, ft;
  ode.independentState(y, yd, ydd);
  MatrixXd J1, J2;
  ode.jacobians(J1, J2, ft);
  const double h = 1e-5;
  ASSERT_TRUE(ode.evaluate(h, y, yd, f));
  const VectorXd difference = (f - ydd) / h;
  EXPECT_GT(difference.cwiseAbs().maxCoeff(), 1.0);
  EXPECT_LT((ft - difference).cwiseAbs().maxCoeff(), 1e-3 * difference.cwiseAbs().maxCoeff());
}

}  // namespace
}  // namespace mbw
