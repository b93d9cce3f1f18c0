// The linear multistep coefficients (integrators/lms_coefficients.h) against the values of
// ../shared/refdata/integrators/lms.md; second order at every rho_inf and, for LMS2, every step
// ratio; the spectral radius at infinity rho_inf of the companion matrix; the trapezoidal rule;
// and the step counts that have no method.

#include "integrators/lms_coefficients.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <stdexcept>

namespace mbw {
namespace {

TEST(LmsCoefficients, TablesOfLmsMd) {
  const LmsCoefficients c = lmsCoefficients(4, 0.6);
  // LMS4 at rho_inf = 0.6 as lms.md prints it, in fractions
  const double a[4] = {-86.0 / 193, 136.0 / 193, 118.0 / 193, 25.0 / 193};
  const double b[5] = {3125.0 / 6176, 1875.0 / 1544, 3375.0 / 3088, 675.0 / 1544, 405.0 / 6176};
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(c.a[j], a[j], 1e-15);
  for (int j = 0; j < 5; ++j) EXPECT_NEAR(c.b[j], b[j], 1e-15);
  // BDF2 at rho_inf = 0: a = (4/3, -1/3), b0 = 2/3
  const LmsCoefficients bdf2 = lmsCoefficients(2, 0.0);
  EXPECT_NEAR(bdf2.a[0], 4.0 / 3, 1e-15);
  EXPECT_NEAR(bdf2.a[1], -1.0 / 3, 1e-15);
  EXPECT_NEAR(bdf2.b[0], 2.0 / 3, 1e-15);
  const LmsCoefficients lms3 = lmsCoefficients(3, 0.6);
  EXPECT_NEAR(lms3.a[0], 3.0 / 23, 1e-15);
  EXPECT_NEAR(lms3.b[3], 81.0 / 736, 1e-15);
}

// residual of y_N - sum a_j y_{N-j} - h sum b_j y'_{N-j} for y = t^q on the grid t_N - sum steps
double exactness(const LmsCoefficients& c, const std::vector<double>& past, int q) {
  // past[j] = t_{N-1-j}; t_N = 0; h = -past[0]
  const double h = -past[0];
  auto y = [q](double t) { return std::pow(t, q); };
  auto dy = [q](double t) { return q == 0 ? 0.0 : q * std::pow(t, q - 1); };
  double r = y(0.0) - h * c.b[0] * dy(0.0);
  for (int j = 0; j < c.steps(); ++j) r -= c.a[j] * y(past[j]) + h * c.b[j + 1] * dy(past[j]);
  return r;
}

TEST(LmsCoefficients, SecondOrderAtEveryRhoAndStepRatio) {
  for (int k : {2, 3, 4})
    for (double rho : {0.0, 0.3, 0.6, 0.9}) {
      const LmsCoefficients c = lmsCoefficients(k, rho);
      std::vector<double> past;
      // equal steps of 0.1: y = t^q exact for q = 0, 1, 2 and not for t^3, so order two and no more
      for (int j = 1; j <= k; ++j) past.push_back(-0.1 * j);
      for (int q = 0; q <= 2; ++q)
        EXPECT_NEAR(exactness(c, past, q), 0.0, 1e-15) << k << " " << rho;
      EXPECT_GT(std::abs(exactness(c, past, 3)), 1e-6);
    }
  for (double ratio : {0.5, 1.0, 2.0})
    for (double rho : {0.0, 0.6, 1.0}) {
      // LMS2 at unequal steps, ratios 1/2, 1 and 2
      const LmsCoefficients c = lms2VariableCoefficients(rho, ratio);
      const double h = 0.1;
      for (int q = 0; q <= 2; ++q)
        EXPECT_NEAR(exactness(c, {-h, -h - h / ratio}, q), 0.0, 1e-15) << ratio << " " << rho;
      // sigma(E) = b0 (E + rho)^2: the root at infinity stays -rho for every ratio
      EXPECT_NEAR(c.b[1], 2 * rho * c.b[0], 1e-15);
      EXPECT_NEAR(c.b[2], rho * rho * c.b[0], 1e-15);
    }
  // the ratio 1 gives the constant-step coefficients back
  const LmsCoefficients same = lms2VariableCoefficients(0.6, 1.0),
                        constant = lmsCoefficients(2, 0.6);
  for (int j = 0; j < 2; ++j) EXPECT_NEAR(same.a[j], constant.a[j], 1e-15);
}

TEST(LmsCoefficients, SpectralRadiusAtInfinityIsRhoInf) {
  // sigma(E) proportional to (E + rho)^K: every root of the companion matrix tends to -rho
  for (int k : {2, 3, 4})
    for (double rho : {0.0, 0.4, 0.8}) {
      // at z = -1e9, standing for infinity
      const Eigen::VectorXcd roots = Eigen::ComplexEigenSolver<Eigen::MatrixXcd>(
                                         lmsCoefficients(k, rho).amplification(-1e9), false)
                                         .eigenvalues();
      // at finite z the K-fold root -rho of sigma is split by the 1/z term: sigma(E) = rho(E) / z
      // puts the roots at a distance of order |z|^(-1/K) from it, 3e-5, 1e-3 and 6e-3 for K = 2,
      // 3, 4 at |z| = 1e9, which the 1e-2 allows for
      EXPECT_NEAR(roots.cwiseAbs().maxCoeff(), rho, 1e-2 + 1e-6) << "LMS" << k << " rho " << rho;
    }
  // on y' = 0 (z = 0) one root is 1: the methods are consistent
  const Eigen::MatrixXcd m = lmsCoefficients(3, 0.5).amplification(0.0);
  EXPECT_NEAR(std::abs(Eigen::PartialPivLU<Eigen::MatrixXcd>(m - Eigen::MatrixXcd::Identity(3, 3))
                           .determinant()),
              0.0, 1e-14);
}

TEST(LmsCoefficients, TrapezoidalRuleAndMissingStepCounts) {
  const LmsCoefficients t = trapezoidalCoefficients();
  ASSERT_EQ(t.steps(), 1);
  EXPECT_EQ(t.a[0], 1.0);
  EXPECT_EQ(t.b[0], 0.5);
  EXPECT_EQ(t.b[1], 0.5);
  // its amplification on y' = (z / h) y is (1 + z/2) / (1 - z/2)
  const std::complex<double> z(-0.3, 0.7);
  EXPECT_NEAR(std::abs(t.amplification(z)(0, 0) - (1.0 + z / 2.0) / (1.0 - z / 2.0)), 0.0, 1e-15);
  // one-step and five-step LMS do not exist
  EXPECT_THROW(lmsCoefficients(1, 0.5), std::invalid_argument);
  EXPECT_THROW(lmsCoefficients(5, 0.5), std::invalid_argument);
}

}  // namespace
}  // namespace mbw
