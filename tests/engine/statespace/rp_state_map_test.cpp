// The rp state of a kinematic tree's motion (statespace/rp_state_map.h), through the tree's ODE
// that records it (statespace/joint_ode.h): at random states of the double pendulum, a 12-link
// chain, the cart tree and the cart tree with force elements, the full state (rp coordinates from
// forward kinematics) satisfies the rp constraints at the position and velocity levels and the rp
// equations of motion with its multipliers; the inverse map gives the joint coordinates back; the
// Euler parameters keep their sign along a motion.

#include "statespace/rp_state_map.h"

#include <gtest/gtest.h>

#include "../joint/joint_test_models.h"
#include "formulation/formulation.h"
#include "joint_ode_test_models.h"
#include "statespace/joint_ode.h"

namespace mbw {
namespace {

using joint_ode_test::equationResiduals;
using joint_test::randomVector;

// a tree's joint-coordinate state, mapped to rp coordinates by forward kinematics, satisfies the rp
// constraints and equations of motion, and maps back to the same joint coordinates
TEST(JointOde, FullStatesSatisfyTheRpConstraintsAndEquationsOfMotion) {
  std::vector<joint_test::NamedModel> models = joint_test::treeModels();
  models.push_back({"cart-tree-forces", joint_test::cartTreeWithForces()});
  // both ways to the multipliers: the double pendulum's dense normal equations (rp_state_map.h
  // eq 3), the 12-link chain's sparse augmented system (eq 4)
  const auto size = [](const Model& m) {
    const std::unique_ptr<Formulation> f = makeFormulation("rp", m);
    return f->velocitySize() + f->constraintSize();
  };
  EXPECT_LT(size(models[0].model), RpStateMap::kSparseFromSize) << models[0].name;
  EXPECT_GE(size(models[1].model), RpStateMap::kSparseFromSize) << models[1].name;
  std::mt19937 rng(5);
  for (const auto& named : models) {
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", named.model);
    JointOde ode(*rp, true);
    const int n = ode.size();
    VectorXd q0, qd0, qdd;
    TreeOde(named.model).initialState(q0, qd0);
    for (int trial = 0; trial < 3; ++trial) {
      const double t = 0.1 * trial;
      const VectorXd q = q0 + randomVector(rng, n, 1.0), qd = randomVector(rng, n, 2.0);
      ASSERT_TRUE(ode.evaluate(t, q, qd, qdd));
      const State s = ode.fullState();
      EXPECT_EQ(s.t, t);
      // on the constraints at the position and velocity levels
      rp->computePositions(t, s.q);
      rp->computeVelocities(s.v);
      EXPECT_LT(rp->positionViolation(), 1e-12) << named.name;
      EXPECT_LT(rp->velocityViolation(s.v), 1e-12) << named.name;
      // the rp equations of motion with the multipliers, and the acceleration constraints
      double motion = 0.0, acceleration = 0.0;
      equationResiduals(*rp, s, motion, acceleration);
      EXPECT_LT(motion, 1e-10) << named.name << ", trial " << trial;
      EXPECT_LT(acceleration, 1e-9) << named.name << ", trial " << trial;
      // the last point's coordinates, and those the inverse map finds (angles up to turns)
      VectorXd y, yd, ydd;
      ode.independentState(y, yd, ydd);
      EXPECT_EQ(y, q);
      EXPECT_EQ(yd, qd);
      EXPECT_EQ(ydd, qdd);
      ode.gatherIndependent(s, y, yd);
      for (int k = 0; k < n; ++k)
        EXPECT_NEAR(std::remainder(y[k] - q[k], 2.0 * M_PI), 0.0, 1e-12) << named.name;
      EXPECT_LT((yd - qd).cwiseAbs().maxCoeff(), 1e-12) << named.name;
    }
  }
}

// p and -p are the same rotation; the map keeps the sign continuous along a full turn so that the
// recorded parameters and their differences stay smooth
TEST(JointOde, EulerParametersKeepTheirSignAlongAMotion) {
  // a chain link turned about a full turn in small steps: p continues instead of flipping
  const Model model = parseScene(generateScene("chain", {{"links", "3"}}), "chain-3");
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  JointOde ode(*rp, false);
  VectorXd q, qd, qdd;
  TreeOde(model).initialState(q, qd);
  ASSERT_TRUE(ode.evaluate(0.0, q, qd, qdd));
  VectorXd previous = ode.fullState().q;
  for (int k = 1; k <= 100; ++k) {
    q[0] += 2.0 * M_PI / 90.0;
    ASSERT_TRUE(ode.evaluate(0.0, q, qd, qdd));
    // each body's parameters move by about sin(2 deg) per step (a flip would move them by 2)
    const VectorXd& now = ode.fullState().q;
    for (int b = 0; b < model.bodyCount(); ++b)
      EXPECT_LT((now.segment<4>(7 * b + 3) - previous.segment<4>(7 * b + 3)).cwiseAbs().maxCoeff(),
                0.1)
          << "body " << b << ", step " << k;
    previous = now;
  }
}

}  // namespace
}  // namespace mbw
