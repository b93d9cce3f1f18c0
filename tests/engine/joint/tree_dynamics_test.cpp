// The recursive algorithms on the double pendulum, a 12-link chain and a tree with a translational
// and a fixed joint, at random states, against the absolute (rp) coordinates of the same
// configuration and against each other:
//   (a) forward kinematics: the bodies' poses satisfy the scene's joint equations, their
//       velocities the velocity equations, and the velocities are the poses' time derivatives;
//   (b) CRBA: H = J^T M_abs J (J the bodies' velocity Jacobian with respect to the joint rates),
//       and the kinetic energy agrees;
//   (c) ABA solves H qdd = tau - C (C from RNEA with qdd = 0), and RNEA(ABA(tau)) = tau, with
//       gravity and external body wrenches;
//   (d) the joint accelerations under gravity map to the body accelerations the rp formulation's
//       constrained equations of motion give with their multipliers.

#include "joint/tree_dynamics.h"

#include <gtest/gtest.h>

#include "joint_test_models.h"
#include "solvers/augmented_system.h"

namespace mbw {
namespace {

using joint_test::randomVector;
constexpr int kTrials = 6;

// the bodies' stacked world velocities [omega; v_com] for the joint rates qd (after kinematics at
// the same positions): the velocity Jacobian's product J qd
VectorXd bodyVelocities(TreeDynamics& dyn, const VectorXd& q, const VectorXd& qd) {
  dyn.computeKinematics(q, qd);
  VectorXd out(6 * dyn.tree().size());
  for (int i = 0; i < dyn.tree().size(); ++i)
    out.segment<6>(6 * i) << dyn.angularVelocity_W(i), dyn.centreVelocity_W(i);
  return out;
}

// forward kinematics puts the bodies on the scene's joint equations (in rp coordinates) at any
// joint state, and its velocities are the time derivatives of its poses
TEST(TreeDynamics, ForwardKinematicsSatisfiesTheAbsoluteJointEquationsAndDifferentiatesThePoses) {
  std::mt19937 rng(11);
  for (const joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    TreeDynamics dyn(tree), shifted(tree);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", m.model);
    for (int trial = 0; trial < kTrials; ++trial) {
      const VectorXd q = randomVector(rng, tree.coordinates, 3.0);
      const VectorXd qd = randomVector(rng, tree.coordinates, 2.0);
      dyn.computeKinematics(q, qd);
      // the poses and velocities on the scene's constraint manifold, in rp coordinates
      VectorXd qa, va;
      joint_test::absoluteState(dyn, *rp, qa, va);
      rp->computePositions(0.0, qa);
      EXPECT_LT(rp->positionViolation(), 1e-12);
      rp->computeVelocities(va);
      EXPECT_LT(rp->velocityViolation(va), 1e-11);
      // the velocities as central differences of the poses along qd
      const double h = 1e-6;
      for (int i = 0; i < tree.size(); ++i) {
        shifted.computeKinematics(q + h * qd, qd);
        const Vec3 rPlus = shifted.centre(i);
        const Mat3 RPlus = shifted.rotation(i);
        shifted.computeKinematics(q - h * qd, qd);
        const Vec3 rDot = (rPlus - shifted.centre(i)) / (2.0 * h);
        const Mat3 RDot = (RPlus - shifted.rotation(i)) / (2.0 * h);
        EXPECT_LT((rDot - dyn.centreVelocity_W(i)).norm(), 1e-7 * (1.0 + rDot.norm()));
        EXPECT_LT((RDot - skew(dyn.angularVelocity_W(i)) * dyn.rotation(i)).norm(), 1e-7);
      }
    }
  }
}

// the CRBA's joint-space mass matrix equals J^T M J of the bodies, and its kinetic energy is rp's
// of the same motion
TEST(TreeDynamics, MassMatrixIsJTransposedTimesTheBodiesMassesTimesJ) {
  std::mt19937 rng(12);
  for (const joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    const int n = tree.coordinates, nb = tree.size();
    TreeDynamics dyn(tree);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", m.model);
    for (int trial = 0; trial < kTrials; ++trial) {
      const VectorXd q = randomVector(rng, n, 3.0);
      // J column by column (velocities are linear in the rates), M_abs body by body
      MatrixXd J(6 * nb, n);
      for (int k = 0; k < n; ++k) J.col(k) = bodyVelocities(dyn, q, VectorXd::Unit(n, k));
      MatrixXd Mabs = MatrixXd::Zero(6 * nb, 6 * nb);
      for (int i = 0; i < nb; ++i) {
        const Mat3& R = dyn.rotation(i);
        Mabs.block<3, 3>(6 * i, 6 * i) = R * tree.bodies[i].inertia * R.transpose();
        Mabs.block<3, 3>(6 * i + 3, 6 * i + 3) = tree.bodies[i].mass * Mat3::Identity();
      }
      const MatrixXd expected = J.transpose() * Mabs * J;
      // CRBA
      const VectorXd qd = randomVector(rng, n, 2.0);
      dyn.computeKinematics(q, qd);
      MatrixXd H;
      dyn.massMatrix(H);
      EXPECT_LT((H - expected).norm(), 1e-12 * expected.norm());
      // the kinetic energy: tree, 1/2 qd^T H qd, and rp's of the same motion
      const double T = dyn.kineticEnergy();
      EXPECT_NEAR(T, 0.5 * qd.dot(H * qd), 1e-12 * (1.0 + T));
      VectorXd qa, va;
      joint_test::absoluteState(dyn, *rp, qa, va);
      rp->computePositions(0.0, qa);
      rp->computeVelocities(va);
      EXPECT_NEAR(rp->energy(VectorXd::Zero(rp->constraintSize())).kinetic, T, 1e-10 * (1.0 + T));
    }
  }
}

// ABA's accelerations satisfy H qdd = tau - C with gravity and external wrenches, and RNEA gives
// tau back from them: the two recursions are inverse to each other
TEST(TreeDynamics, ArticulatedBodyAccelerationsSolveTheJointSpaceEquationsAndInvertRnea) {
  std::mt19937 rng(13);
  for (const joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    const int n = tree.coordinates;
    TreeDynamics dyn(tree);
    dyn.setGravity(Vec3(0.3, -1.2, -9.81));
    for (int trial = 0; trial < kTrials; ++trial) {
      const VectorXd q = randomVector(rng, n, 3.0), qd = randomVector(rng, n, 2.0);
      const VectorXd tau = randomVector(rng, n, 20.0);
      std::vector<Vec6> fext(tree.size());
      for (Vec6& f : fext) f = randomVector(rng, 6, 5.0);
      dyn.computeKinematics(q, qd);
      VectorXd qdd, C, tauBack;
      dyn.forwardDynamics(tau, fext, qdd);
      // H qdd = tau - C
      MatrixXd H;
      dyn.massMatrix(H);
      dyn.inverseDynamics(VectorXd::Zero(n), fext, C);
      const VectorXd residual = H * qdd - (tau - C);
      EXPECT_LT(residual.norm(), 1e-10 * (1.0 + tau.norm() + C.norm()));
      // RNEA(ABA(tau)) = tau
      dyn.inverseDynamics(qdd, fext, tauBack);
      EXPECT_LT((tauBack - tau).norm(), 1e-10 * (1.0 + tau.norm()));
    }
  }
}

// the tree's accelerations under gravity, mapped to the bodies, equal those of rp's constrained
// equations: the two descriptions have the same dynamics
TEST(TreeDynamics, AccelerationsUnderGravityAreThoseOfTheAbsoluteConstrainedEquations) {
  std::mt19937 rng(14);
  for (const joint_test::NamedModel& m : joint_test::treeModels()) {
    SCOPED_TRACE(m.name);
    const KinematicTree tree = buildKinematicTree(m.model);
    const int n = tree.coordinates;
    TreeDynamics dyn(tree);
    dyn.setGravity(m.model.gravity_W);
    const std::unique_ptr<Formulation> rp = makeFormulation("rp", m.model);
    AugmentedSystem augmented(*rp);
    for (int trial = 0; trial < kTrials; ++trial) {
      const VectorXd q = randomVector(rng, n, 3.0), qd = randomVector(rng, n, 2.0);
      // the tree's accelerations, mapped to the bodies
      dyn.computeKinematics(q, qd);
      VectorXd qdd;
      dyn.forwardDynamics(VectorXd::Zero(n), {}, qdd);
      dyn.computeAccelerations(qdd);
      // rp's accelerations and multipliers at the same state: [M Phi_q^T; Phi_q 0]
      State s;
      joint_test::absoluteState(dyn, *rp, s.q, s.v);
      ASSERT_TRUE(augmented.accelerations(s));
      rp->computePositions(0.0, s.q);
      rp->computeVelocities(s.v);
      for (int b = 0; b < m.model.bodyCount(); ++b) {
        const int i = tree.treeOf[b];
        const BodyOutput out = rp->bodyOutput(b, s.vdot);
        // the body frame origin's acceleration, d = -R com_B from the centre of mass
        const Vec3 w = dyn.angularVelocity_W(i), wd = dyn.angularAcceleration_W(i);
        const Vec3 d = -(dyn.rotation(i) * m.model.bodies[b].com_B);
        const Vec3 aOrigin = dyn.centreAcceleration_W(i) + wd.cross(d) + w.cross(w.cross(d));
        const double scale = 1.0 + out.acceleration_W.norm() + out.omegaDot_W.norm();
        EXPECT_LT((wd - out.omegaDot_W).norm(), 1e-9 * scale) << m.model.bodies[b].name;
        EXPECT_LT((aOrigin - out.acceleration_W).norm(), 1e-9 * scale) << m.model.bodies[b].name;
      }
    }
  }
}

}  // namespace
}  // namespace mbw
