// The joint coordinates as the state-space integrators' ODE (statespace/joint_ode.h): its
// Jacobians are the tree's with its force elements; a scene whose joints close loops is refused,
// naming the joint. The full state it records: rp_state_map_test; closed loops:
// loop_constraints_test, loop_joint_ode_test.

#include "statespace/joint_ode.h"

#include <gtest/gtest.h>

#include "../joint/joint_test_models.h"
#include "formulation/formulation.h"

namespace mbw {
namespace {

// on a tree the joint ODE is the tree's: same accelerations and exactly the same Jacobians
TEST(JointOde, JacobiansAreTheTreesWithItsForceElements) {
  const Model model = joint_test::cartTreeWithForces();
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  JointOde ode(*rp, true);
  TreeOde tree(model);
  TreeJacobians reference(model, tree.tree());
  VectorXd q, qd, qdd, f, ft, rt;
  tree.initialState(q, qd);
  ASSERT_TRUE(ode.evaluate(0.3, q, qd, qdd));
  tree.evaluate(0.3, q, qd, f);
  EXPECT_EQ(qdd, f);
  MatrixXd J1, J2, R1, R2;
  ode.jacobians(J1, J2, ft);
  reference.evaluate(0.3, q, qd, R1, R2, rt, &tree.forces());
  EXPECT_EQ(J1, R1);
  EXPECT_EQ(J2, R2);
  EXPECT_EQ(ft, rt);
}

// a joint that closes a loop cannot be expressed by the tree alone: refused naming the joint
TEST(JointOde, RefusesLoopsNamingTheJoint) {
  // the double pendulum scene's hinges are raw DP1 and CD primitives: free bodies whose joints
  // close loops, which the tree's ODE alone does not solve
  const Model model = loadScene("double-pendulum");
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  try {
    JointOde ode(*rp, true);
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    EXPECT_NE(std::string(e.what()).find("joint 'revJoint_DP1_1'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("closes a loop"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mbw
