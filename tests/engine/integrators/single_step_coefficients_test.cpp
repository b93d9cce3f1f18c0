// The single-step coefficients SS_r (integrators/single_step_coefficients.h) against the values of
// ../shared/refdata/integrators/single_step.md, and the equivalence of SS_r and LMS_r: the same
// characteristic roots of one step on y' = (z / h) y.

#include "integrators/single_step_coefficients.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "integrators/lms_coefficients.h"

namespace mbw {
namespace {

TEST(SingleStepCoefficients, TablesOfSingleStepMd) {
  // SS3 at rho_inf = 0.6, SS4 at 0 and SS2 at 0.6 against the tables of single_step.md
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

// the eigenvalues of a one-step matrix, sorted by real part, then by imaginary part
std::vector<std::complex<double>> sortedRoots(const Eigen::MatrixXcd& m) {
  const Eigen::VectorXcd ev = Eigen::ComplexEigenSolver<Eigen::MatrixXcd>(m, false).eigenvalues();
  std::vector<std::complex<double>> r(ev.data(), ev.data() + ev.size());
  std::sort(r.begin(), r.end(), [](auto a, auto b) {
    return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
  });
  return r;
}

TEST(SingleStepCoefficients, SameCharacteristicRootsAsTheMultistepMethods) {
  // orders 2 to 4, rho_inf from 0 to near 1, z on and off the imaginary axis, small and large
  for (int r : {2, 3, 4})
    for (double rho : {0.0, 0.6, 0.95})
      for (std::complex<double> z : {std::complex<double>(0, 0.3), std::complex<double>(-0.5, 2.0),
                                     std::complex<double>(0, 40.0)}) {
        // the eigenvalues of each one-step matrix, sorted to pair them
        const auto ss = sortedRoots(singleStepCoefficients(r, rho).amplification(z));
        const auto lms = sortedRoots(lmsCoefficients(r, rho).amplification(z));
        ASSERT_EQ(ss.size(), lms.size());
        for (size_t i = 0; i < ss.size(); ++i)
          EXPECT_NEAR(std::abs(ss[i] - lms[i]), 0.0, 2e-5)
              << "SS" << r << " rho " << rho << " z " << z;
      }
}

}  // namespace
}  // namespace mbw
