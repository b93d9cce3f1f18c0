// The joint-coordinate equations of motion of a tree: the double pendulum's motion over 1 s
// (classical Runge-Kutta on the tree's ODE) against the rp formulation integrated by rn4 at a
// tight tolerance, body by body; and a model the ODE refuses (a loop), named.

#include "joint/tree_ode.h"

#include <gtest/gtest.h>

#include "joint_test_models.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// classical fourth-order Runge-Kutta on (q, qd) over [0, tEnd] with n steps
void rungeKutta(TreeOde& ode, double tEnd, int n, VectorXd& q, VectorXd& qd) {
  const double h = tEnd / n;
  VectorXd k1, k2, k3, k4;
  for (int s = 0; s < n; ++s) {
    const double t = s * h;
    ode.evaluate(t, q, qd, k1);
    const VectorXd q2 = q + 0.5 * h * qd, qd2 = qd + 0.5 * h * k1;
    ode.evaluate(t + 0.5 * h, q2, qd2, k2);
    const VectorXd q3 = q + 0.5 * h * qd2, qd3 = qd + 0.5 * h * k2;
    ode.evaluate(t + 0.5 * h, q3, qd3, k3);
    const VectorXd q4 = q + h * qd3, qd4 = qd + h * k3;
    ode.evaluate(t + h, q4, qd4, k4);
    q += h / 6.0 * (qd + 2.0 * qd2 + 2.0 * qd3 + qd4);
    qd += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
}

// the double pendulum's motion in joint coordinates follows rp's over 1 s to 1e-9 m: the two
// descriptions are the same mechanics
TEST(TreeOde, DoublePendulumFollowsTheAbsoluteFormulationOverOneSecond) {
  // the generated double pendulum (revolute joints, which the tree takes) in both descriptions
  const Model model = parseScene(generateScene("double-pendulum"), "double-pendulum");
  // joint coordinates: RK4 at 1 ms (the two agree to 4e-11 m at 1 s)
  TreeOde ode(model);
  VectorXd q, qd;
  ode.initialState(q, qd);
  rungeKutta(ode, 1.0, 1000, q, qd);
  ode.dynamics().computeKinematics(q, qd);
  // rp: rn4 at rtol = atol = 1e-10
  RunSettings s;
  s.formulation = "rp";
  s.integrator = "rn4";
  s.tEnd = 1.0;
  s.integratorSettings.step = 1e-3;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = 1e-10;
  Simulation simulation(model, s);
  const Results r = simulation.run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  const size_t last = r.rowCount() - 1;
  ASSERT_NEAR(r.at(last, 0), 1.0, 1e-12);
  // each body frame's origin at t = 1 s, and the bodies have moved
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Body& body = model.bodies[b];
    const int i = ode.tree().treeOf[b];
    const Vec3 origin = ode.dynamics().centre(i) - ode.dynamics().rotation(i) * body.com_B;
    const char* axes[] = {"x", "y", "z"};
    for (int k = 0; k < 3; ++k) {
      const double rp = r.at(last, r.column(body.name + "." + axes[k]));
      EXPECT_NEAR(origin[k], rp, 1e-9) << body.name << "." << axes[k];
    }
    EXPECT_GT((origin - body.position_W).norm(), 0.1) << body.name;
  }
}

// the tree ODE takes no closed loops; it names the joint that closes one
TEST(TreeOde, RefusesALoopNamingTheJointThatClosesIt) {
  // the four-bar's closing joint makes a loop the tree ODE does not take (the loop ODE does)
  const Model model = parseScene(generateScene("four-bar"), "four-bar");
  try {
    TreeOde ode(model);
    FAIL() << "accepted";
  } catch (const JointTreeError& e) {
    const Joint& closing = model.joints[buildKinematicTree(model).loopJoints[0]];
    EXPECT_NE(std::string(e.what()).find("joint '" + closing.name + "'"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("closes a loop"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mbw
