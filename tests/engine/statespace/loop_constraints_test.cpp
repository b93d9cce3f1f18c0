// The loop-closing joints as constraints on the joint coordinates (statespace/loop_constraints.h),
// on the four-bar and slider-crank templates, planar loops of revolutes whose loop revolute
// repeats three of its five equations on the joint coordinates, and a slotted lever closed by a
// translational joint: the independent equations kept leave the model's degrees of freedom; Phi_q
// and gamma against differences of Phi.

#include "statespace/loop_constraints.h"

#include <gtest/gtest.h>

#include "../joint/joint_test_models.h"
#include "joint_ode_test_models.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"
#include "statespace/loop_joint_ode.h"

namespace mbw {
namespace {

using joint_ode_test::loopModels;
using joint_test::randomVector;

// of a loop joint's candidate equations only the independent ones are kept, leaving exactly the
// mechanism's degrees of freedom as independent coordinates
TEST(LoopConstraints, KeepsTheIndependentLoopEquations) {
  for (const auto& named : loopModels()) {
    SCOPED_TRACE(named.name);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", named.model);
    LoopJointOde ode(*rp, {});
    ASSERT_TRUE(ode.initialize(consistentInitialState(*rp, 0.0))) << ode.failure();
    // the loop joint's five equations (the slot's two that the scene reader keeps for rp), of
    // which the joint coordinates see two
    EXPECT_EQ(ode.loops().candidates(), named.name == "slotted-lever" ? 2 : 5);
    EXPECT_EQ(ode.loops().size(), 2);
    // n - m independent coordinates: the degrees of freedom of the absolute coordinates' rank
    EXPECT_EQ(ode.size(), degreesOfFreedom(named.model));
    EXPECT_EQ(ode.coordinates(), 3);
  }
}

// the loop constraints' Phi_q and gamma match central differences of Phi at random states, so
// Newton and the acceleration level use the true derivatives
TEST(LoopConstraints, ConstraintJacobianAndGammaAgreeWithDifferences) {
  std::mt19937 rng(11);
  for (const auto& named : loopModels()) {
    SCOPED_TRACE(named.name);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", named.model);
    TreeOde tree(named.model, true);
    RpStateMap map(*rp);
    LoopConstraints loops(*rp, tree.dynamics(), map);
    VectorXd q0, qd0, phiPlus, phiMinus, phi0, gamma;
    tree.initialState(q0, qd0);
    const int n = tree.size();
    for (int trial = 0; trial < 3; ++trial) {
      // every candidate equation at a random state, off the constraints
      const VectorXd q = q0 + randomVector(rng, n, 0.5), qd = randomVector(rng, n, 2.0),
                     qdd = randomVector(rng, n, 3.0);
      loops.computePositions(0.0, q);
      const MatrixXd J = loops.jacobian();
      phi0 = loops.constraints();
      ASSERT_EQ(J.rows(), loops.candidates());
      // Phi_q column by column against central differences
      const double h = 1e-6;
      MatrixXd D(J.rows(), n);
      for (int k = 0; k < n; ++k) {
        VectorXd s = q;
        s[k] += h;
        loops.computeConstraints(0.0, s);
        phiPlus = loops.constraints();
        s[k] -= 2 * h;
        loops.computeConstraints(0.0, s);
        D.col(k) = (phiPlus - loops.constraints()) / (2 * h);
      }
      EXPECT_LT((J - D).cwiseAbs().maxCoeff(), 1e-8 * J.cwiseAbs().maxCoeff()) << "trial " << trial;
      // gamma: along q(s) = q + s qd + s^2/2 qdd, d2 Phi/ds2 = Phi_q qdd - gamma at s = 0
      loops.computePositions(0.0, q);
      loops.accelerationRhs(q, qd, gamma);
      const VectorXd second = J * qdd - gamma;
      const double s = 1e-4;
      loops.computeConstraints(0.0, q + s * qd + 0.5 * s * s * qdd);
      phiPlus = loops.constraints();
      loops.computeConstraints(0.0, q - s * qd + 0.5 * s * s * qdd);
      phiMinus = loops.constraints();
      const VectorXd differences = (phiPlus - 2.0 * phi0 + phiMinus) / (s * s);
      EXPECT_LT((second - differences).cwiseAbs().maxCoeff(), 1e-5 * second.cwiseAbs().maxCoeff())
          << "trial " << trial;
      // the scleronomic loops: nu = 0
      EXPECT_EQ(loops.velocityRhs().cwiseAbs().maxCoeff(), 0.0);
    }
  }
}

}  // namespace
}  // namespace mbw
