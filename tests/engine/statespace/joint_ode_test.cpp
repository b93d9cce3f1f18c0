// The joint coordinates as the state-space integrators' ODE: at random states of the double
// pendulum, a 12-link chain, the cart tree and the cart tree with force elements, the full state
// (rp coordinates from forward kinematics) satisfies the rp constraints at the position and
// velocity levels and the rp equations of motion with its multipliers; the inverse map gives the
// joint coordinates back; the Jacobians are the tree's; a scene of raw primitives is refused,
// naming the joint.

#include "statespace/joint_ode.h"

#include <gtest/gtest.h>

#include "../joint/joint_test_models.h"
#include "formulation/formulation.h"

namespace mbw {
namespace {

using joint_test::randomVector;

// |M vdot + Phi_q^T lambda - Q|_inf relative to |Q|_inf + |M vdot|_inf, and |Phi_q vdot -
// gamma|_inf
void equationResiduals(Formulation& rp, const State& s, double& motion, double& acceleration) {
  const int n = rp.velocitySize(), m = rp.constraintSize();
  rp.computePositions(s.t, s.q);
  rp.computeVelocities(s.v);
  MatrixXd M = MatrixXd::Zero(n, n), P = MatrixXd::Zero(m, n);
  rp.massMatrix(MatrixSink(M));
  rp.constraintJacobian(MatrixSink(P));
  VectorXd Q, gamma;
  rp.generalizedForces(Q);
  rp.accelerationRhs(gamma);
  const VectorXd inertia = M * s.vdot;
  motion = (inertia + P.transpose() * s.lambda - Q).cwiseAbs().maxCoeff() /
           (Q.cwiseAbs().maxCoeff() + inertia.cwiseAbs().maxCoeff());
  acceleration = (P * s.vdot - gamma).cwiseAbs().maxCoeff();
}

TEST(JointOde, FullStatesSatisfyTheRpConstraintsAndEquationsOfMotion) {
  std::vector<joint_test::NamedModel> models = joint_test::treeModels();
  models.push_back({"cart-tree-forces", joint_test::cartTreeWithForces()});
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

TEST(JointOde, RefusesRawPrimitivesNamingTheJoint) {
  // the double pendulum scene's hinges are raw DP1 and CD primitives
  const Model model = loadScene("double-pendulum");
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  try {
    JointOde ode(*rp, true);
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    EXPECT_NE(std::string(e.what()).find("joint 'revJoint_DP1_1'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mbw
