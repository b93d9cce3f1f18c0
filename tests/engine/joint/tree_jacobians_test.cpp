// The exact Jacobians of the tree's equations of motion (forward-mode automatic differentiation of
// ABA) against central finite differences of the ODE at random states of the double pendulum, a
// 12-link chain and the cart tree, with gravity varying in time for df/dt; and the number of
// differentiated passes per Jacobian (2n, one more when gravity or a load varies in time); with
// force elements (TSDA, RSDA, torques, point forces) as well.

#include "joint/tree_jacobians.h"

#include <gtest/gtest.h>

#include "joint/tree_ode.h"
#include "joint_test_models.h"

namespace mbw {
namespace {

using joint_test::randomVector;

// the largest difference of a and b relative to the largest entry of b (at least 1)
double relativeDifference(const MatrixXd& a, const MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

// central differences of f(t, q, qd) in q, qd and t
void finiteDifferences(TreeOde& ode, double t, const VectorXd& q, const VectorXd& qd, MatrixXd& J1,
                       MatrixXd& J2, VectorXd& dfdt) {
  const int n = ode.size();
  // h = 1e-5: truncation of order h^2 = 1e-10, rounding of order 1e-16 / h = 1e-11
  const double h = 1e-5;
  VectorXd plus, minus;
  J1.resize(n, n);
  J2.resize(n, n);
  for (int k = 0; k < n; ++k) {
    VectorXd x = q;
    x[k] += h;
    ode.evaluate(t, x, qd, plus);
    x[k] -= 2.0 * h;
    ode.evaluate(t, x, qd, minus);
    J1.col(k) = (plus - minus) / (2.0 * h);
    x = qd;
    x[k] += h;
    ode.evaluate(t, q, x, plus);
    x[k] -= 2.0 * h;
    ode.evaluate(t, q, x, minus);
    J2.col(k) = (plus - minus) / (2.0 * h);
  }
  // the time derivative, q and qd held
  ode.evaluate(t + h, q, qd, plus);
  ode.evaluate(t - h, q, qd, minus);
  dfdt = (plus - minus) / (2.0 * h);
}

// the automatic-differentiation Jacobians of ABA agree with central differences, at one pass per
// coordinate of q and qd and one for t
TEST(TreeJacobians, AgreeWithCentralDifferencesAtRandomStates) {
  std::mt19937 rng(34);
  for (joint_test::NamedModel& named : joint_test::treeModels()) {
    // gravity swelling and fading in time, so that df/dt is not zero
    named.model.gravityFactor = TimeFunction::parse("1 + 0.5*sin(3*t)");
    TreeOde ode(named.model);
    TreeJacobians jacobians(named.model, ode.tree());
    const int n = ode.size();
    // three random states at three times; the exact Jacobians take one differentiated ABA pass
    // per coordinate of q and of qd and one for t: 2n + 1
    for (int trial = 0; trial < 3; ++trial) {
      const double t = 0.3 + 0.2 * trial;
      const VectorXd q = randomVector(rng, n, 1.5), qd = randomVector(rng, n, 2.0);
      MatrixXd J1, J2, F1, F2;
      VectorXd dfdt, Fdt;
      const long before = jacobians.passes();
      jacobians.evaluate(t, q, qd, J1, J2, dfdt);
      EXPECT_EQ(jacobians.passes() - before, 2 * n + 1) << named.name;
      finiteDifferences(ode, t, q, qd, F1, F2, Fdt);
      EXPECT_LT(relativeDifference(J1, F1), 1e-6) << named.name << " df/dq, trial " << trial;
      EXPECT_LT(relativeDifference(J2, F2), 1e-6) << named.name << " df/dqd, trial " << trial;
      EXPECT_LT(relativeDifference(dfdt, Fdt), 1e-6) << named.name << " df/dt, trial " << trial;
      // the derivatives are not trivially small
      EXPECT_GT(F1.cwiseAbs().maxCoeff(), 1e-2) << named.name;
      EXPECT_GT(F2.cwiseAbs().maxCoeff(), 1e-2) << named.name;
      EXPECT_GT(Fdt.cwiseAbs().maxCoeff(), 1e-2) << named.name;
    }
  }
}

// with nothing varying in time df/dt is zero and its pass is skipped
TEST(TreeJacobians, ConstantGravityHasNoTimeDerivativeAndSkipsItsPass) {
  // the double pendulum under constant gravity: only the 2n passes, and df/dt zero
  const Model model = parseScene(generateScene("double-pendulum"), "double-pendulum");
  TreeOde ode(model);
  TreeJacobians jacobians(model, ode.tree());
  VectorXd q, qd, dfdt;
  ode.initialState(q, qd);
  MatrixXd J1, J2;
  jacobians.evaluate(0.0, q, qd, J1, J2, dfdt);
  EXPECT_EQ(jacobians.passes(), 2 * ode.size());
  EXPECT_EQ(dfdt, VectorXd::Zero(ode.size()));
}

// With force elements: the cart tree with its five elements (two of them vary in time: df/dt has
// its pass under constant gravity), the cart tree's tip on a tire against a road with a bump, the
// flyball governor's stiff springs and the stiff double pendulum's rotational spring-dampers
// (constant in time: no df/dt pass). The ODE is evaluated at
// the point first, and the Jacobians continue its RSDA angle branches.
TEST(TreeJacobians, DifferentiateForceElementsAgainstCentralDifferences) {
  struct Case {
    std::string name;
    Model model;
    bool varies;  // an element varies in time
  };
  std::vector<Case> cases;
  cases.push_back({"cart-tree-forces", joint_test::cartTreeWithForces(), true});
  cases.push_back({"cart-tree-tire", joint_test::cartTreeWithTire(), false});
  cases.push_back({"flyball", loadScene("iftomm-a05-flyball-governor"), false});
  cases.push_back({"stiff-double-pendulum", loadScene("stiff-double-pendulum"), false});
  std::mt19937 rng(11);
  for (Case& c : cases) {
    TreeOde ode(c.model);
    TreeJacobians jacobians(c.model, ode.tree());
    const int n = ode.size();
    VectorXd q0, qd0;
    ode.initialState(q0, qd0);
    for (int trial = 0; trial < 3; ++trial) {
      // near the initial state (a spring stretched, not inverted), at a time where the loads vary
      const double t = 0.2 + 0.3 * trial;
      const VectorXd q = q0 + randomVector(rng, n, 0.3), qd = randomVector(rng, n, 1.0);
      VectorXd f;
      ode.evaluate(t, q, qd, f);
      MatrixXd J1, J2, F1, F2;
      VectorXd dfdt, Fdt;
      const long before = jacobians.passes();
      jacobians.evaluate(t, q, qd, J1, J2, dfdt, &ode.forces());
      EXPECT_EQ(jacobians.passes() - before, 2 * n + (c.varies ? 1 : 0)) << c.name;
      finiteDifferences(ode, t, q, qd, F1, F2, Fdt);
      EXPECT_LT(relativeDifference(J1, F1), 1e-6) << c.name << " df/dq, trial " << trial;
      EXPECT_LT(relativeDifference(J2, F2), 1e-6) << c.name << " df/dqd, trial " << trial;
      if (c.varies) {
        EXPECT_LT(relativeDifference(dfdt, Fdt), 1e-6) << c.name << " df/dt, trial " << trial;
        EXPECT_GT(Fdt.cwiseAbs().maxCoeff(), 1e-2) << c.name;
      } else {
        EXPECT_EQ(dfdt, VectorXd::Zero(n)) << c.name;
      }
      // the elements' own derivatives are there: damping makes J2 far from the bare tree's
      EXPECT_GT(F2.cwiseAbs().maxCoeff(), 1e-1) << c.name;
    }
  }
}

}  // namespace
}  // namespace mbw
