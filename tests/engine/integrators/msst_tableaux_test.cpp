// The multi-sub-step tableaux MSSTC(n) and MSSTH(n) (integrators/msst_tableaux.cpp) against the
// values of ../shared/refdata/integrators/msst.md, the rho_inf values MBDyn tabulates (others
// refused), and the spectral radius at infinity of each tableau: rho_inf. (Their order conditions
// and stiff accuracy are checked with every integrator in integrator_conformance_test.)

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "integrators/butcher_tableau.h"

namespace mbw {
namespace {

TEST(MultiSubStepTableaux, ValuesOfMsstMdAndTabulatedRhoInf) {
  const ButcherTableau c4 = msstcTableau(4, 0.0);
  // MSSTC4 at rho_inf = 0: the weights of msst.md to the digits printed
  const double w[4] = {0.13285379607688790017, 0.25147505934663628259, 0.30145683555786266004,
                       0.18283557228811427763};
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(c4.b[j], w[j], 1e-15);
  // entries of MSSTH3 and MSSTC5 at rho_inf = 0.6
  const ButcherTableau h3 = mssthTableau(3, 0.6);
  EXPECT_NEAR(h3.b[1], -6.1536702361356351730, 1e-12);
  EXPECT_NEAR(h3.c[2], 0.70408986317844098845, 1e-15);
  const ButcherTableau c5 = msstcTableau(5, 0.6);
  EXPECT_NEAR(c5.b[4], 0.18164191625956106997, 1e-13);
  // a value not tabulated for that tableau is refused; MSSTH3 has 0.3
  EXPECT_THROW(msstcTableau(3, 0.35), std::invalid_argument);
  EXPECT_THROW(mssthTableau(4, 0.3), std::invalid_argument);
  EXPECT_NO_THROW(mssthTableau(3, 0.3));
}

TEST(MultiSubStepTableaux, TabulatedRhoInfValues) {
  // MSSTH4 and MSSTH5: 0, 0.6 and 1; MSSTC3, MSSTC5 and MSSTH3: every tenth from 0 to 1
  EXPECT_EQ(msstRhoInfValues(true, 4), (std::vector<double>{0.0, 0.6, 1.0}));
  EXPECT_EQ(msstRhoInfValues(true, 5), (std::vector<double>{0.0, 0.6, 1.0}));
  for (const auto& [higher, n] : {std::pair{false, 3}, {false, 5}, {true, 3}}) {
    const std::vector<double> v = msstRhoInfValues(higher, n);
    ASSERT_EQ(v.size(), 11u);
    for (int k = 0; k <= 10; ++k) EXPECT_NEAR(v[k], k / 10.0, 1e-15);
  }
}

TEST(MultiSubStepTableaux, SpectralRadiusAtInfinityIsRhoInf) {
  // |R(-inf)| = rho_inf for every tabulated value; for a stiffly accurate tableau with an
  // explicit first stage R(-inf) is the last stage's limit, -e_s^T A'^-1 a (A' the implicit
  // block, a its first column), exact where evaluating R at a large z loses digits to I - z A
  for (int n : {3, 4, 5})
    for (bool higher : {false, true})
      for (double rho : msstRhoInfValues(higher, n)) {
        const ButcherTableau t = higher ? mssthTableau(n, rho) : msstcTableau(n, rho);
        const int s = t.stages();
        const MatrixXd implicitBlock = t.A.bottomRightCorner(s - 1, s - 1);
        const VectorXd a = t.A.col(0).tail(s - 1);
        const double atInfinity = -implicitBlock.triangularView<Eigen::Lower>().solve(a)(s - 2);
        EXPECT_NEAR(std::abs(atInfinity), rho, 1e-12)
            << (higher ? "MSSTH" : "MSSTC") << n << " rho " << rho;
        // n sub-steps: n + 1 stages, the first explicit
        EXPECT_EQ(t.stages(), n + 1);
      }
}

}  // namespace
}  // namespace mbw
