// The Rosenbrock coefficients of Sandu et al. 2001 (integrators/rosenbrock_coefficients.h): ROS4's
// order conditions and L-stable gamma, the Nystrom form against the paper's printed table, and the
// W-method ROS2's order conditions for any Jacobian.

#include "integrators/rosenbrock_coefficients.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace mbw {
namespace {

TEST(RosenbrockCoefficients, Ros4SatisfiesOrderConditions) {
  const RosenbrockTableau& t = ros4LStable();
  const double g = t.gamma;
  MatrixXd beta = t.alpha + t.Gamma;
  beta.diagonal().setZero();
  // the row sums of alpha and of beta, in which the order conditions are written
  const VectorXd a = t.alpha.rowwise().sum(), bp = beta.rowwise().sum();
  const VectorXd a2 = a.cwiseProduct(a), a3 = a2.cwiseProduct(a);
  // Sandu et al. 2001 eqs (36a)-(36h) for b, (36a)-(36d) for bhat
  auto order3 = [&](const VectorXd& b) {
    return Eigen::Vector4d(b.sum() - 1, b.dot(bp) - (0.5 - g), b.dot(a2) - 1.0 / 3,
                           b.dot(beta * bp) - (1.0 / 6 - g + g * g));
  };
  EXPECT_LT(order3(t.b).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT(order3(t.bhat).cwiseAbs().maxCoeff(), 1e-15);
  // and the conditions of order four for b
  EXPECT_NEAR(t.b.dot(a3), 0.25, 1e-15);
  EXPECT_NEAR(t.b.dot(a.cwiseProduct(t.alpha * bp)), 1.0 / 8 - g / 3, 1e-15);
  EXPECT_NEAR(t.b.dot(beta * a2), 1.0 / 12 - g / 3, 1e-15);
  EXPECT_NEAR(t.b.dot(beta * beta * bp), 1.0 / 24 - g / 2 + 1.5 * g * g - g * g * g, 1e-15);
  // L-stability: gamma is the root of 24 g^4 - 96 g^3 + 72 g^2 - 16 g + 1 (R(infinity) = 0)
  EXPECT_NEAR(24 * std::pow(g, 4) - 96 * std::pow(g, 3) + 72 * g * g - 16 * g + 1, 0.0, 1e-13);
  // 3 function evaluations: stage 4 sits at stage 3's point
  const NystromCoefficients n = nystromCoefficients(t);
  EXPECT_EQ(std::count(n.newPoint.begin(), n.newPoint.end(), true), 3);
}

TEST(RosenbrockCoefficients, NystromFormMatchesThePapersTable) {
  // Sandu et al. 2001 section 4, computed there with gamma = 0.57281606, 2.5e-9 off the exact
  // L-stable value used here: the coefficients move by up to ~60 times that; the paper prints a21 =
  // 0.2 where its formula (and ros4.f's A21) gives 2
  const NystromCoefficients n = nystromCoefficients(ros4LStable());
  const double tol = 2e-7;
  EXPECT_NEAR(n.theta(2, 0), 0.789509162815638629626980, tol);
  EXPECT_NEAR(n.a(1, 0), 2.0, tol);
  EXPECT_NEAR(n.a(2, 0), 1.86794814949823713234476, tol);
  EXPECT_NEAR(n.a(2, 1), 0.23444556851723885002322, tol);
  EXPECT_NEAR(n.c(1, 0), -7.137649943349979830369260, tol);
  EXPECT_NEAR(n.c(2, 0), 2.580923666509657714488050, tol);
  EXPECT_NEAR(n.c(3, 2), -0.694966049282445225157329, tol);
  EXPECT_NEAR(n.delta(1, 0), -1.196361007112013949170520, tol);
  EXPECT_NEAR(n.delta(3, 0), 0.003765094355556165798974, tol);
  EXPECT_NEAR(n.m[0], 2.255566228604565243728840, tol);
  EXPECT_NEAR(n.m[3], 1.093507656403247803214820, tol);
  EXPECT_NEAR(n.mhat[0], 2.068399160527583734258670, tol);
  EXPECT_NEAR(n.mhat[3], 0.366557127936155144309163, tol);
  EXPECT_NEAR(n.mu[0], 1.592750819409585342074900, tol);
  EXPECT_NEAR(n.muhat[1], 0.222978672588698369045153, tol);
  EXPECT_NEAR(n.gammaI[1], -1.769177067112013949170520, tol);
  EXPECT_NEAR(n.gammaI[3], -0.104894621490955803206743, tol);
  // the W-method's table
  const NystromCoefficients w = nystromCoefficients(ros2W());
  EXPECT_NEAR(w.a(1, 0), 0.58578643762690, 1e-13);
  EXPECT_NEAR(w.c(1, 0), -1.17157287525380, 1e-13);
  EXPECT_NEAR(w.m[0], 0.87867965644040, 1e-13);
  EXPECT_NEAR(w.mhat[0], 1.17157287525380, 1e-13);
  EXPECT_NEAR(w.mu[0], 0.79289321881340, 1e-13);
  EXPECT_NEAR(w.muhat[1], 1.0, 1e-13);
}

TEST(RosenbrockCoefficients, Ros2KeepsOrderTwoWithAnyJacobian) {
  // W-method order 2: sum b = 1, sum b_i alpha_ij = 1/2, sum b_i gamma_ij = 0
  const RosenbrockTableau& t = ros2W();
  EXPECT_NEAR(t.b.sum(), 1.0, 1e-15);
  EXPECT_NEAR(t.b.dot(t.alpha.rowwise().sum()), 0.5, 1e-15);
  EXPECT_NEAR(t.b.dot(t.Gamma.rowwise().sum()), 0.0, 1e-15);
}

}  // namespace
}  // namespace mbw
