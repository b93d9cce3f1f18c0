// Force elements through the kinematic tree: the cart tree with a spring-damper (TSDA) from the
// ground to the tip, another between the cart and the second arm, a rotational spring-damper
// (RSDA) on the first hinge, a torque and a point force that vary in time; and the cart tree with
// a tire under its tip, pressed into a road with a bump. At random states the
// joint accelerations of the tree's ODE, mapped to the bodies, are those of the rp formulation's
// constrained equations of motion (accelerations and multipliers), and the elements change them.

#include "joint/tree_forces.h"

#include <gtest/gtest.h>

#include "joint/tree_ode.h"
#include "joint_test_models.h"
#include "solvers/augmented_system.h"

namespace mbw {
namespace {

using joint_test::randomVector;

using joint_test::cartTreeWithForces;

// the tree ODE's accelerations at random states against those of rp's augmented system at the
// same state, body by body: the cart tree with its five elements, or with its tire
class TreeForcesOnTheCartTree : public ::testing::TestWithParam<bool> {};

TEST_P(TreeForcesOnTheCartTree, AccelerationsAreThoseOfTheAbsoluteConstrainedEquations) {
  const bool tire = GetParam();
  const Model model = tire ? joint_test::cartTreeWithTire() : cartTreeWithForces();
  ASSERT_EQ(model.forces.size(), tire ? 1u : 5u);
  const Model bare = parseScene(joint_test::kCartTree, "cart-tree");
  TreeOde ode(model), bareOde(bare);
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  AugmentedSystem augmented(*rp);
  std::mt19937 rng(35);
  const int n = ode.size();
  for (int trial = 0; trial < 6; ++trial) {
    // states within a radian of the initial one, so that the RSDA's angle stays on one branch
    VectorXd q0, qd0;
    ode.initialState(q0, qd0);
    const double t = 0.2 + 0.3 * trial;
    const VectorXd q = q0 + randomVector(rng, n, 1.0), qd = randomVector(rng, n, 2.0);
    VectorXd qdd, bareQdd;
    ode.evaluate(t, q, qd, qdd);
    bareOde.evaluate(t, q, qd, bareQdd);
    EXPECT_GT((qdd - bareQdd).norm(), 1.0) << "the elements change the accelerations";
    TreeDynamics& dyn = ode.dynamics();
    dyn.computeAccelerations(qdd);
    // rp's accelerations and multipliers at the same state
    State s;
    s.t = t;
    joint_test::absoluteState(dyn, *rp, s.q, s.v);
    ASSERT_TRUE(augmented.accelerations(s));
    rp->computePositions(t, s.q);
    rp->computeVelocities(s.v);
    for (int b = 0; b < model.bodyCount(); ++b) {
      const int i = ode.tree().treeOf[b];
      const BodyOutput out = rp->bodyOutput(b, s.vdot);
      // the body frame origin's acceleration, d = -R com_B from the centre of mass
      const Vec3 w = dyn.angularVelocity_W(i), wd = dyn.angularAcceleration_W(i);
      const Vec3 d = -(dyn.rotation(i) * model.bodies[b].com_B);
      const Vec3 aOrigin = dyn.centreAcceleration_W(i) + wd.cross(d) + w.cross(w.cross(d));
      const double scale = 1.0 + out.acceleration_W.norm() + out.omegaDot_W.norm();
      EXPECT_LT((wd - out.omegaDot_W).norm(), 1e-9 * scale) << model.bodies[b].name;
      EXPECT_LT((aOrigin - out.acceleration_W).norm(), 1e-9 * scale) << model.bodies[b].name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Elements, TreeForcesOnTheCartTree, ::testing::Values(false, true),
                         [](const auto& param) { return param.param ? "Tire" : "FiveElements"; });

// An RSDA on its hinge's own axis is a joint torque (tree_forces.h eq 2): the cart tree's
// hinge_spring and the stiff double pendulum's two springs; the accelerations are those of every
// element by its general law on the bodies (a TreeForces not mapped to the joints), at random
// states within a radian of the initial one.
TEST(TreeForces, RsdasOnTheirHingesAxesAreJointTorquesWithTheGeneralLawsAccelerations) {
  struct Case {
    std::string name;
    Model model;
    size_t torques;
  };
  std::vector<Case> cases;
  cases.push_back({"cart-tree-forces", cartTreeWithForces(), 1});
  cases.push_back({"stiff-double-pendulum", loadScene("stiff-double-pendulum"), 2});
  std::mt19937 rng(36);
  for (const Case& c : cases) {
    TreeOde ode(c.model);
    EXPECT_EQ(ode.forces().jointTorques().size(), c.torques) << c.name;
    TreeForces general(c.model);
    TreeDynamics dyn(ode.tree());
    const int n = ode.size();
    VectorXd q0, qd0, qdd, reference, tau;
    std::vector<Vec6> fext;
    ode.initialState(q0, qd0);
    for (int trial = 0; trial < 4; ++trial) {
      const double t = 0.1 + 0.4 * trial;
      const VectorXd q = q0 + randomVector(rng, n, 1.0), qd = randomVector(rng, n, 2.0);
      ode.evaluate(t, q, qd, qdd);
      dyn.setGravity(c.model.gravityFactor.value(t) * c.model.gravity_W);
      dyn.computeKinematics(q, qd);
      // the elements' loads on the bodies with no joint torque, through the general forward
      // dynamics
      general.compute(t, dyn, q, qd, fext, tau);
      EXPECT_EQ(tau, VectorXd::Zero(n)) << c.name;
      dyn.forwardDynamics(tau, fext, reference);
      EXPECT_LT((qdd - reference).norm(), 1e-10 * (1.0 + reference.norm()))
          << c.name << ", trial " << trial;
    }
  }
}

}  // namespace
}  // namespace mbw
