// The kinematic tree of a model: its shape (bodies, coordinates, loop joints), the inverse map
// from the bodies' poses and motions to joint coordinates, and the refusals that name the joint
// or body the joint coordinates cannot hold.

#include "joint/kinematic_tree.h"

#include <gtest/gtest.h>

#include <cmath>

#include "joint/tree_dynamics.h"
#include "joint_test_models.h"

namespace mbw {
namespace {

using joint_test::randomVector;

// --- trees and their coordinates -----------------------------------------------------------------

TEST(KinematicTree, ChainsAndTreesHaveOneCoordinatePerFreedomAndNoLoops) {
  // (bodies, coordinates) of the double pendulum, 12-link chain and cart tree (a fixed joint)
  const int bodies[] = {2, 12, 5}, coordinates[] = {2, 12, 4};
  int k = 0;
  for (const joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    EXPECT_EQ(tree.size(), bodies[k]);
    EXPECT_EQ(tree.coordinates, coordinates[k]);
    EXPECT_TRUE(tree.loopJoints.empty());
    // parents before their children
    for (int i = 0; i < tree.size(); ++i) EXPECT_LT(tree.bodies[i].parent, i);
    ++k;
  }
}

TEST(KinematicTree, AFourBarKeepsThreeTreeJointsAndListsTheFourthAsALoopConstraint) {
  // the four-bar's loop cut at one revolute: three bodies on three hinges, the fourth joint a
  // constraint
  const Model model = parseScene(generateScene("four-bar"), "four-bar");
  const KinematicTree tree = buildKinematicTree(model);
  EXPECT_EQ(tree.size(), 3);
  EXPECT_EQ(tree.coordinates, 3);
  ASSERT_EQ(tree.loopJoints.size(), 1u);
  EXPECT_EQ(model.joints[tree.loopJoints[0]].type, JointType::Revolute);
}

TEST(KinematicTree, TheInverseMapRecoversTheJointStateFromTheBodiesPosesAndMotions) {
  // the bodies' poses and motions of random joint states written as a scene's initial state
  std::mt19937 rng(7);
  for (joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    TreeDynamics dyn(tree);
    for (int trial = 0; trial < 5; ++trial) {
      const VectorXd q = randomVector(rng, tree.coordinates, 2.5);
      const VectorXd qd = randomVector(rng, tree.coordinates, 3.0);
      dyn.computeKinematics(q, qd);
      Model posed = m.model;
      for (int b = 0; b < posed.bodyCount(); ++b) {
        Body& body = posed.bodies[b];
        const int i = tree.treeOf[b];
        body.R_WB = dyn.rotation(i);
        body.omega_W = dyn.angularVelocity_W(i);
        body.position_W = dyn.centre(i) - body.R_WB * body.com_B;
        body.velocity_W = dyn.centreVelocity_W(i) + body.omega_W.cross(-(body.R_WB * body.com_B));
      }
      // the same coordinates (angles up to whole turns) and rates
      VectorXd q0, qd0;
      initialJointState(tree, posed, q0, qd0);
      for (const TreeBody& t : tree.bodies) {
        if (t.dof == 0) continue;
        double dq = q0[t.index] - q[t.index];
        if (t.type == TreeJointType::Revolute) dq = std::remainder(dq, 2.0 * EIGEN_PI);
        EXPECT_NEAR(dq, 0.0, 1e-12) << m.model.joints[t.joint].name;
        EXPECT_NEAR(qd0[t.index], qd[t.index], 1e-12) << m.model.joints[t.joint].name;
      }
    }
  }
}

TEST(KinematicTree, TheSceneInitialPoseIsReproducedByForwardKinematics) {
  // the scenes' own initial poses: joint coordinates, then the bodies again
  for (const joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    VectorXd q, qd;
    initialJointState(tree, m.model, q, qd);
    TreeDynamics dyn(tree);
    dyn.computeKinematics(q, qd);
    for (int b = 0; b < m.model.bodyCount(); ++b) {
      const Body& body = m.model.bodies[b];
      const int i = tree.treeOf[b];
      EXPECT_LT((dyn.rotation(i) - body.R_WB).norm(), 1e-12) << body.name;
      EXPECT_LT((dyn.centre(i) - (body.position_W + body.R_WB * body.com_B)).norm(), 1e-12)
          << body.name;
    }
  }
}

// --- models the tree cannot hold -----------------------------------------------------------------

TEST(KinematicTree, RefusesRawPrimitivesAsTreeJointsNamingTheJoint) {
  // the built-in double pendulum is written in raw DP1 and CD equations
  try {
    buildKinematicTree(loadScene("double-pendulum"));
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    EXPECT_NE(std::string(e.what()).find("joint 'revJoint_DP1_1'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("raw primitive"), std::string::npos) << e.what();
  }
}

// the four-link written with plain joints: its universal and spherical joints, both named
TEST(KinematicTree, RefusesUniversalAndSphericalTreeJointsNamingTheJoint) {
  try {
    buildKinematicTree(loadScene("four-link-joints"));
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    EXPECT_NE(std::string(e.what()).find("joint 'spherical-C'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("joint 'universal-B'"), std::string::npos) << e.what();
  }
}

TEST(KinematicTree, RefusesAFreeBodyNamingIt) {
  // the cart tree with a copy of its first body that no joint holds
  Model model = parseScene(joint_test::kCartTree, "cart-tree");
  Body free = model.bodies[0];
  free.name = "drifter";
  model.bodies.push_back(free);
  try {
    buildKinematicTree(model);
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    EXPECT_NE(std::string(e.what()).find("body 'drifter'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("free bodies"), std::string::npos) << e.what();
  }
}

TEST(KinematicTree, RefusesBodiesJoinedToEachOtherButNotToTheGround) {
  // the cart tree without its rail: five bodies hinged together, floating
  Model model = parseScene(joint_test::kCartTree, "cart-tree");
  model.joints.erase(model.joints.begin());
  try {
    buildKinematicTree(model);
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    EXPECT_NE(std::string(e.what()).find("body 'cart'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no chain of joints"), std::string::npos) << e.what();
  }
}

TEST(KinematicTree, RefusesBeamNodes) {
  EXPECT_THROW(buildKinematicTree(loadScene("lateral-buckling")), JointTreeError);
}

}  // namespace
}  // namespace mbw
