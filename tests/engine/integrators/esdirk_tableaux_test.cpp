// The ESDIRK tableaux of rho_inf-Bathe and Kennedy and Carpenter (integrators/esdirk_tableaux.cpp):
// a tableau built from its rows (explicit first stage, b the last row, c the row sums), the
// stability function R(z) against e^z (error of order p + 1 as z -> 0), A-stability along the
// imaginary axis, and |R| at infinity: rho_inf for Bathe's, 0 for the L-stable ones. (Their order
// conditions and embedded weights are checked with every integrator in
// integrator_conformance_test.)

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "integrators/butcher_tableau.h"

namespace mbw {
namespace {

TEST(EsdirkTableaux, ATableauFromItsRows) {
  const ButcherTableau t = tableauFromRows({{0.25, 0.25}, {0.1, 0.3, 0.25}});
  ASSERT_EQ(t.stages(), 3);
  // the first row zero, the others as given, b the last row, c the row sums (0, 0.5, 0.65)
  EXPECT_TRUE(t.A.row(0).isZero()) << "explicit first stage";
  EXPECT_EQ(t.A(1, 0), 0.25);
  EXPECT_EQ(t.A(2, 1), 0.3);
  EXPECT_EQ(t.A(1, 2), 0.0);
  EXPECT_EQ(t.gamma(), 0.25);
  EXPECT_EQ(t.b, t.A.row(2).transpose()) << "stiffly accurate";
  EXPECT_NEAR(t.c[0], 0.0, 0.0);
  EXPECT_NEAR(t.c[1], 0.5, 1e-15);
  EXPECT_NEAR(t.c[2], 0.65, 1e-15);
}

// the slope of log |R(z) - e^z| between z and z/2 (z real, negative)
double stabilityErrorOrder(const ButcherTableau& t, double z) {
  const double e1 = std::abs(t.stabilityFunction(z) - std::exp(z));
  const double e2 = std::abs(t.stabilityFunction(z / 2) - std::exp(z / 2));
  return std::log2(e1 / e2);
}

TEST(EsdirkTableaux, StabilityFunctionApproximatesTheExponentialToTheOrder) {
  for (double rho : {0.0, 0.5, 1.0}) {
    // Bathe's: second order at every rho_inf, so R(z) - e^z falls as z^3
    const ButcherTableau t = batheTableau(rho);
    EXPECT_EQ(t.order, 2);
    EXPECT_NEAR(stabilityErrorOrder(t, -0.04), 3.0, 0.15) << "rho " << rho;
  }
  // Kennedy and Carpenter's: an error of order p + 1 for each order p
  for (const ButcherTableau& t :
       {esdirk324l2saTableau(), esdirk325l2saTableau(), esdirk436l2sa2Tableau()})
    EXPECT_NEAR(stabilityErrorOrder(t, -0.04), t.order + 1, 0.15) << t.name;
}

// R(-inf) of a stiffly accurate tableau with an explicit first stage: the last stage's limit,
// -e_s^T A'^-1 a (A' the implicit block, a its first column)
double atInfinity(const ButcherTableau& t) {
  const int s = t.stages();
  const MatrixXd implicitBlock = t.A.bottomRightCorner(s - 1, s - 1);
  const VectorXd a = t.A.col(0).tail(s - 1);
  return -implicitBlock.triangularView<Eigen::Lower>().solve(a)(s - 2);
}

TEST(EsdirkTableaux, AStableAndTheirValueAtInfinity) {
  for (double rho : {0.0, 0.3, 0.8, 1.0}) {
    const ButcherTableau t = batheTableau(rho);
    // |R(-inf)| = rho_inf, exactly from the tableau and by evaluating R far out
    EXPECT_NEAR(std::abs(atInfinity(t)), rho, 1e-12) << "rho " << rho;
    EXPECT_NEAR(std::abs(t.stabilityFunction(-1e8)), rho, 1e-6) << "the same limit";
    // A-stable: |R(iy)| <= 1 along the imaginary axis
    for (double y : {0.1, 1.0, 10.0, 1e3})
      EXPECT_LE(std::abs(t.stabilityFunction({0.0, y})), 1.0 + 1e-12) << "rho " << rho;
  }
  for (const ButcherTableau& t :
       {esdirk324l2saTableau(), esdirk325l2saTableau(), esdirk436l2sa2Tableau()}) {
    // the L-stable ones: R(-inf) = 0
    EXPECT_NEAR(atInfinity(t), 0.0, 1e-12) << t.name << " L-stable";
    EXPECT_NEAR(std::abs(t.stabilityFunction(-1e8)), 0.0, 1e-6) << t.name;
    for (double y : {0.1, 1.0, 10.0, 1e3})
      EXPECT_LE(std::abs(t.stabilityFunction({0.0, y})), 1.0 + 1e-12) << t.name;
  }
}

}  // namespace
}  // namespace mbw
