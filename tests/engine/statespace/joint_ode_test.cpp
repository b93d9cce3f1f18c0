// The joint coordinates as the state-space integrators' ODE: at random states of the double
// pendulum, a 12-link chain, the cart tree and the cart tree with force elements, the full state
// (rp coordinates from forward kinematics) satisfies the rp constraints at the position and
// velocity levels and the rp equations of motion with its multipliers; the inverse map gives the
// joint coordinates back; the Jacobians are the tree's; a scene whose joints close loops is
// refused, naming the joint. Closed loops (statespace/loop_constraints.h, loop_joint_ode.h) on the
// four-bar and slider-crank templates, planar loops of revolutes whose loop revolute repeats three
// of its five equations on the joint coordinates, and a slotted lever closed by a translational
// joint: the independent equations kept leave the model's degrees of freedom; Phi_q and gamma
// against differences of Phi; the full states on the rp constraints (the loops' to the Newton
// tolerance) with the rp equations of motion; the difference Jacobians against one-sided
// differences, the evaluated point left as it was.

#include "statespace/joint_ode.h"

#include <gtest/gtest.h>

#include "../joint/joint_test_models.h"
#include "formulation/formulation.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"
#include "statespace/loop_joint_ode.h"

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

// --- closed loops
// ---------------------------------------------------------------------------------

// a slotted lever (a quick-return linkage): crank O-P and lever on ground pins at O and A, a block
// pinned to the crank at P slides along the lever, whose translational joint closes the loop
// (the crank at 60 degrees, at rest)
const char* kSlottedLever = R"({
  "format": "mbw-scene", "version": 1, "name": "slotted-lever", "gravity": [0, 0, -9.81],
  "bodies": [
    {"name": "crank", "mass": 0.4, "inertia": [0.0001, 0.0014, 0.0014],
     "position": [0.05, 0, 0.08660254037844387],
     "orientation": {"matrix": [[0.5, 0, -0.8660254037844386], [0, 1, 0],
                                [0.8660254037844386, 0, 0.5]]}},
    {"name": "lever", "mass": 1.2, "inertia": [0.0002, 0.064, 0.064],
     "position": [0.08270342280207227, 0, 0.09135679865925633],
     "orientation": {"matrix": [[0.20675855700518067, 0, -0.9783919966481407], [0, 1, 0],
                                [0.9783919966481407, 0, 0.20675855700518067]]}},
    {"name": "block", "mass": 0.3, "inertia": [0.0001, 0.0001, 0.0001],
     "position": [0.1, 0, 0.17320508075688773],
     "orientation": {"matrix": [[0.20675855700518067, 0, -0.9783919966481407], [0, 1, 0],
                                [0.9783919966481407, 0, 0.20675855700518067]]}}
  ],
  "joints": [
    {"name": "pin_O", "type": "revolute", "body_i": "ground", "body_j": "crank",
     "point_i": [0, 0, 0], "point_j": [-0.1, 0, 0], "axis_i": [0, -1, 0], "axis_j": [0, -1, 0]},
    {"name": "pin_A", "type": "revolute", "body_i": "ground", "body_j": "lever",
     "point_i": [0, 0, -0.3], "point_j": [-0.4, 0, 0], "axis_i": [0, -1, 0], "axis_j": [0, -1, 0]},
    {"name": "pin_P", "type": "revolute", "body_i": "crank", "body_j": "block",
     "point_i": [0.1, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, -1, 0], "axis_j": [0, -1, 0]},
    {"name": "slot", "type": "translational", "body_i": "block", "body_j": "lever",
     "point_i": [0, 0, 0], "point_j": [0.08365591948629414, 0, 0], "axis_i": [1, 0, 0],
     "axis_j": [1, 0, 0]}
  ]
})";

// the four-bar and slider-crank templates (planar loops of revolutes, 1 degree of freedom), the
// four-bar started turning, and the slotted lever (a loop closed by a translational joint)
std::vector<joint_test::NamedModel> loopModels() {
  return {{"four-bar", parseScene(generateScene("four-bar", {{"crank_speed", "3"}}), "four-bar")},
          {"slider-crank", parseScene(generateScene("slider-crank"), "slider-crank")},
          {"slotted-lever", parseScene(kSlottedLever, "slotted-lever")}};
}

TEST(LoopJointOde, KeepsTheIndependentLoopEquations) {
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

TEST(LoopJointOde, ConstraintJacobianAndGammaAgreeWithDifferences) {
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
