// Coefficient tables against the values of ../shared/refdata/integrators (lms.md,
// single_step.md, msst.md), the LMS2 variable-step form, the equivalence of SS_r and LMS_r
// (same characteristic roots), and the tabulated rho_inf of the multi-sub-step methods.

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "integrators/butcher_tableau.h"
#include "integrators/lms_coefficients.h"
#include "integrators/single_step_coefficients.h"

namespace mbw {
namespace {

TEST(LmsCoefficients, TablesOfLmsMd) {
  const LmsCoefficients c = lmsCoefficients(4, 0.6);
  const double a[4] = {-86.0 / 193, 136.0 / 193, 118.0 / 193, 25.0 / 193};
  const double b[5] = {3125.0 / 6176, 1875.0 / 1544, 3375.0 / 3088, 675.0 / 1544, 405.0 / 6176};
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(c.a[j], a[j], 1e-15);
  for (int j = 0; j < 5; ++j) EXPECT_NEAR(c.b[j], b[j], 1e-15);
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
      for (int j = 1; j <= k; ++j) past.push_back(-0.1 * j);
      for (int q = 0; q <= 2; ++q)
        EXPECT_NEAR(exactness(c, past, q), 0.0, 1e-15) << k << " " << rho;
      EXPECT_GT(std::abs(exactness(c, past, 3)), 1e-6);
    }
  for (double ratio : {0.5, 1.0, 2.0})
    for (double rho : {0.0, 0.6, 1.0}) {
      const LmsCoefficients c = lms2VariableCoefficients(rho, ratio);
      const double h = 0.1;
      for (int q = 0; q <= 2; ++q)
        EXPECT_NEAR(exactness(c, {-h, -h - h / ratio}, q), 0.0, 1e-15) << ratio << " " << rho;
      // sigma(E) = b0 (E + rho)^2: the root at infinity stays -rho for every ratio
      EXPECT_NEAR(c.b[1], 2 * rho * c.b[0], 1e-15);
      EXPECT_NEAR(c.b[2], rho * rho * c.b[0], 1e-15);
    }
  const LmsCoefficients same = lms2VariableCoefficients(0.6, 1.0),
                        constant = lmsCoefficients(2, 0.6);
  for (int j = 0; j < 2; ++j) EXPECT_NEAR(same.a[j], constant.a[j], 1e-15);
}

TEST(SingleStepCoefficients, TablesOfSingleStepMd) {
  const SingleStepCoefficients ss3 = singleStepCoefficients(3, 0.6);
  EXPECT_NEAR(ss3.b0, 0.50951086956521741, 1e-15);
  EXPECT_NEAR(ss3.bPrev, 0.30570652173913043, 1e-15);
  EXPECT_NEAR(
      std::abs(ss3.bAux[0] - std::complex<double>(0.081521739130434784, -0.10524411266867981)), 0.0,
      1e-15);
  EXPECT_NEAR(
      std::abs(ss3.bAux[1] - std::complex<double>(0.10326086956521739, 0.10524411266867981)), 0.0,
      1e-15);
  EXPECT_NEAR(std::abs(ss3.c[0] - std::complex<double>(-0.43478260869565216, -0.16839058026988768)),
              0.0, 1e-15);
  const SingleStepCoefficients ss4 = singleStepCoefficients(4, 0.0);
  EXPECT_NEAR(ss4.b0, 0.5714285714285714, 1e-15);
  EXPECT_NEAR(std::abs(ss4.bAux[2] - 0.25505672792889655), 0.0, 1e-14);
  EXPECT_NEAR(std::abs(ss4.d[2] - 0.74494327207110345), 0.0, 1e-14);
  const SingleStepCoefficients ss2 = singleStepCoefficients(2, 0.6);
  EXPECT_NEAR(ss2.bPrev, 0.3125, 1e-15);
  EXPECT_NEAR(ss2.bAux[0].real(), 1.0 / 6, 1e-15);
}

std::vector<std::complex<double>> sortedRoots(const Eigen::MatrixXcd& m) {
  const Eigen::VectorXcd ev = Eigen::ComplexEigenSolver<Eigen::MatrixXcd>(m, false).eigenvalues();
  std::vector<std::complex<double>> r(ev.data(), ev.data() + ev.size());
  std::sort(r.begin(), r.end(), [](auto a, auto b) {
    return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
  });
  return r;
}

TEST(SingleStepCoefficients, SameCharacteristicRootsAsTheMultistepMethods) {
  for (int r : {2, 3, 4})
    for (double rho : {0.0, 0.6, 0.95})
      for (std::complex<double> z : {std::complex<double>(0, 0.3), std::complex<double>(-0.5, 2.0),
                                     std::complex<double>(0, 40.0)}) {
        const auto ss = sortedRoots(singleStepCoefficients(r, rho).amplification(z));
        const auto lms = sortedRoots(lmsCoefficients(r, rho).amplification(z));
        ASSERT_EQ(ss.size(), lms.size());
        for (size_t i = 0; i < ss.size(); ++i)
          EXPECT_NEAR(std::abs(ss[i] - lms[i]), 0.0, 2e-5)
              << "SS" << r << " rho " << rho << " z " << z;
      }
}

TEST(MultiSubStepTableaux, ValuesOfMsstMdAndTabulatedRhoInf) {
  const ButcherTableau c4 = msstcTableau(4, 0.0);
  const double w[4] = {0.13285379607688790017, 0.25147505934663628259, 0.30145683555786266004,
                       0.18283557228811427763};
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(c4.b[j], w[j], 1e-15);
  const ButcherTableau h3 = mssthTableau(3, 0.6);
  EXPECT_NEAR(h3.b[1], -6.1536702361356351730, 1e-12);
  EXPECT_NEAR(h3.c[2], 0.70408986317844098845, 1e-15);
  const ButcherTableau c5 = msstcTableau(5, 0.6);
  EXPECT_NEAR(c5.b[4], 0.18164191625956106997, 1e-13);
  EXPECT_THROW(msstcTableau(3, 0.35), std::invalid_argument);
  EXPECT_THROW(mssthTableau(4, 0.3), std::invalid_argument);
  EXPECT_NO_THROW(mssthTableau(3, 0.3));
}

}  // namespace
}  // namespace mbw
