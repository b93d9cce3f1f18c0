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

// open trees need no loop constraints: one coordinate per freedom (a weld adds none), parents
// numbered before their children so that recursions run in one sweep
TEST(KinematicTree, ChainsAndTreesHaveOneCoordinatePerFreedomAndNoLoops) {
  // (bodies, coordinates) of the double pendulum, 12-link chain, cart tree (a fixed joint) and the
  // multi-freedom tree (a tree body per freedom)
  const int bodies[] = {2, 12, 5, 16}, coordinates[] = {2, 12, 4, 16};
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

// a closed loop is cut at one joint: the spanning tree keeps the others, the cut joint becomes a
// loop constraint
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

// from bodies placed by forward kinematics, the inverse map gives back the joint coordinates (up
// to whole turns) and rates: the scene's initial state converts exactly
TEST(KinematicTree, TheInverseMapRecoversTheJointStateFromTheBodiesPosesAndMotions) {
  // the bodies' poses and motions of random joint states written as a scene's initial state
  std::mt19937 rng(7);
  for (joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    TreeDynamics dyn(tree);
    for (int trial = 0; trial < 5; ++trial) {
      VectorXd q = randomVector(rng, tree.coordinates, 2.5);
      VectorXd qd = randomVector(rng, tree.coordinates, 3.0);
      joint_test::canonicalAngles(tree, q, qd);
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
        EXPECT_NEAR(dq, 0.0, 1e-12) << tree.joints[t.treeJoint].name;
        EXPECT_NEAR(qd0[t.index], qd[t.index], 1e-11) << tree.joints[t.treeJoint].name;
      }
    }
  }
}

// the joint coordinates of each scene's initial pose place every body where the scene put it
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

// --- joints of several freedoms, free bodies and re-basing ---------------------------------------

// a joint of k freedoms becomes k one-freedom links through massless virtual bodies, the real
// body last, so the recursive algorithms see only single-coordinate joints
TEST(KinematicTree, JointsOfSeveralFreedomsAreChainsThroughVirtualBodies) {
  // cylindrical (fewest freedoms from the ground first), planar, universal, spherical, then the
  // free body: each a chain of tree bodies, the child last, the others virtual and massless
  const Model model = parseScene(joint_test::kMultiFreedomTree, "multi-freedom-tree");
  const KinematicTree tree = buildKinematicTree(model);
  const TreeJointKind kinds[] = {TreeJointKind::Cylindrical, TreeJointKind::Planar,
                                 TreeJointKind::Universal, TreeJointKind::Spherical,
                                 TreeJointKind::Free};
  const int dofs[] = {2, 3, 2, 3, 6};
  const char* children[] = {"sleeve", "sled", "arm", "bob", "drifter"};
  ASSERT_EQ(tree.joints.size(), 5u);
  for (int k = 0; k < 5; ++k) {
    const TreeJoint& j = tree.joints[k];
    SCOPED_TRACE(j.name);
    EXPECT_EQ(j.kind, kinds[k]);
    EXPECT_EQ(j.dof, dofs[k]);
    EXPECT_EQ(j.last - j.first + 1, dofs[k]);
    EXPECT_EQ(model.bodies[j.body].name, children[k]);
    EXPECT_EQ(tree.treeOf[j.body], j.last);
    // the links: one coordinate each, in order; virtual and massless but the last
    for (int i = j.first; i <= j.last; ++i) {
      const TreeBody& t = tree.bodies[i];
      EXPECT_EQ(t.index, j.index + i - j.first);
      EXPECT_EQ(tree.coordinateBody[t.index], i);
      EXPECT_EQ(t.body, i == j.last ? j.body : kVirtualBody);
      EXPECT_EQ(t.mass > 0.0, i == j.last);
      EXPECT_EQ(t.parent, i == j.first ? j.parent : i - 1);
    }
  }
  EXPECT_EQ(tree.joints[4].name, "free body 'drifter'");
  EXPECT_EQ(tree.joints[4].parent, -1);
}

// joints written as raw primitives are not recognized as tree joints: each body goes free and all
// the equations become loop constraints
TEST(KinematicTree, RawPrimitivesHoldAFreeBodyAndCloseLoops) {
  // the built-in double pendulum is written in raw DP1 and CD equations: no tree joint, two free
  // bodies, and every joint a loop constraint
  const Model model = loadScene("double-pendulum");
  const KinematicTree tree = buildKinematicTree(model);
  ASSERT_EQ(tree.joints.size(), 2u);
  for (const TreeJoint& j : tree.joints) EXPECT_EQ(j.kind, TreeJointKind::Free);
  EXPECT_EQ(tree.coordinates, 12);
  EXPECT_EQ(tree.loopJoints.size(), model.joints.size());
}

// joints of fewer freedoms enter the tree first, so the loop is cut at the spherical joint and
// the driver
TEST(KinematicTree, TheUniversalJointIsTakenBeforeTheSphericalOne) {
  // the four-link mechanism: two hinges on the ground, the coupler on the rotor's universal
  // joint; the spherical joint and the driver close the loop
  const Model model = loadScene("four-link-joints");
  const KinematicTree tree = buildKinematicTree(model);
  EXPECT_EQ(tree.coordinates, 4);
  ASSERT_EQ(tree.loopJoints.size(), 2u);
  EXPECT_EQ(model.joints[tree.loopJoints[0]].name, "spherical-C");
  EXPECT_EQ(model.joints[tree.loopJoints[1]].name, "driving-angle");
}

// a group of bodies not jointed to the ground hangs from a free joint (6 coordinates) on its first
// body
TEST(KinematicTree, BodiesJoinedToEachOtherButNotToTheGroundHangFromAFreeOne) {
  // the cart tree without its rail: the first body free, the others on their hinges and weld
  Model model = parseScene(joint_test::kCartTree, "cart-tree");
  model.joints.erase(model.joints.begin());
  const KinematicTree tree = buildKinematicTree(model);
  EXPECT_EQ(tree.coordinates, 6 + 3);
  EXPECT_EQ(tree.joints.front().name, "free body 'cart'");
  EXPECT_TRUE(tree.loopJoints.empty());
}

// --- models the tree cannot hold -----------------------------------------------------------------

// rotations of a free or spherical joint need an invertible inertia in the articulated-body
// recursion: a point mass or a flat disc is refused naming the body
TEST(KinematicTree, RefusesAFreeOrSphericalBodyWithASingularInertiaNamingIt) {
  // a point mass on no joint, then the multi-freedom tree's bob flattened into a disc
  Model model = parseScene(joint_test::kCartTree, "cart-tree");
  Body point = model.bodies[0];
  point.name = "point";
  point.inertia_B.setZero();
  model.bodies.push_back(point);
  Model flat = parseScene(joint_test::kMultiFreedomTree, "multi-freedom-tree");
  flat.bodies[2].inertia_B(2, 2) = 0.0;
  flat.bodies[2].inertia_B(1, 1) = 0.0;
  for (const auto& [m, name] : {std::pair{&model, "point"}, std::pair{&flat, "bob"}}) {
    try {
      buildKinematicTree(*m);
      ADD_FAILURE() << "accepted " << name;
    } catch (const JointTreeError& e) {
      EXPECT_NE(std::string(e.what()).find("body '" + std::string(name) + "'"), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("singular rotational inertia"), std::string::npos)
          << e.what();
    }
  }
}

// re-basing a spherical joint's angles (new reference rotation, zero angles) to stay away from
// their singularity leaves every pose and velocity unchanged
TEST(KinematicTree, ReBasingKeepsTheSphericalPoseAndAngularVelocity) {
  // the bob and the drifter turned past the re-basing angle: new R_0, zero angles, the same poses
  // and velocities
  const Model model = parseScene(joint_test::kMultiFreedomTree, "multi-freedom-tree");
  KinematicTree tree = buildKinematicTree(model);
  std::mt19937 rng(11);
  VectorXd q = randomVector(rng, tree.coordinates, 1.0),
           qd = randomVector(rng, tree.coordinates, 2.0);
  const int bob = tree.joints[3].index, drifter = tree.joints[4].index + 3;
  q[bob + 1] = 1.3;
  q[drifter + 1] = -1.2;
  TreeDynamics before(tree);
  before.computeKinematics(q, qd);
  const std::vector<int> rebased = rebaseSphericalJoints(tree, q, qd);
  ASSERT_EQ(rebased, (std::vector<int>{3, 4}));
  EXPECT_EQ(rebaseDescription(tree, rebased),
            "re-based the angles of spherical joint 'ball', free body 'drifter'");
  EXPECT_EQ(q.segment<3>(bob), Vec3::Zero());
  EXPECT_EQ(q.segment<3>(drifter), Vec3::Zero());
  TreeDynamics after(tree);
  after.computeKinematics(q, qd);
  for (int i = 0; i < tree.size(); ++i) {
    if (tree.bodies[i].body == kVirtualBody) continue;
    EXPECT_LT((after.rotation(i) - before.rotation(i)).norm(), 1e-14);
    EXPECT_LT((after.centre(i) - before.centre(i)).norm(), 1e-14);
    EXPECT_LT((after.velocity(i) - before.velocity(i)).norm(), 1e-13);
  }
  // nothing more to re-base
  EXPECT_TRUE(rebaseSphericalJoints(tree, q, qd).empty());
}

// the tree holds no beams: a scene with one is refused
TEST(KinematicTree, RefusesBeamNodes) {
  EXPECT_THROW(buildKinematicTree(loadScene("lateral-buckling")), JointTreeError);
}

}  // namespace
}  // namespace mbw
