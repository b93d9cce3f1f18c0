// Force elements through the kinematic tree: the cart tree with a spring-damper (TSDA) from the
// ground to the tip, another between the cart and the second arm, a rotational spring-damper
// (RSDA) on the first hinge, a torque and a point force that vary in time. At random states the
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

const char* kForces = R"json(,
  "forces": [
    {"name": "rail_spring", "type": "tsda", "body_i": "ground", "body_j": "tip",
     "point_i": [0.5, 0.2, 0.3], "point_j": [0.02, 0.05, -0.1], "stiffness": 150.0,
     "free_length": 0.8, "damping": 4.0},
    {"name": "arm_strut", "type": "tsda", "body_i": "cart", "body_j": "arm_b",
     "point_i": [-0.1, 0.1, 0.05], "point_j": [0.05, 0.0, -0.2], "stiffness": 80.0,
     "free_length": 0.3, "damping": 2.5},
    {"name": "hinge_spring", "type": "rsda", "body_i": "cart", "body_j": "arm_a",
     "axis_i": [0, 1, 0], "reference_i": [1, 0, 0], "reference_j": [1, 0, 0], "stiffness": 20.0,
     "damping": 0.7},
    {"name": "motor", "type": "torque", "body": "arm_b", "frame": "body",
     "torque": [0.3, "2*sin(3*t)", -0.5]},
    {"name": "push", "type": "force", "body": "weight", "point": [0.05, 0, 0.02],
     "force": ["4*t", -3.0, 1.5]}
  ]
})json";

// the cart tree with the elements above
Model cartTreeWithForces() {
  std::string scene = joint_test::kCartTree;
  scene.erase(scene.rfind('}'));
  return parseScene(scene + kForces, "cart-tree-forces");
}

TEST(TreeForces, AccelerationsAreThoseOfTheAbsoluteConstrainedEquationsWithTheElements) {
  const Model model = cartTreeWithForces();
  ASSERT_EQ(model.forces.size(), 5u);
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

}  // namespace
}  // namespace mbw
