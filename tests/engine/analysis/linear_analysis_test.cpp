// The linear analysis of Zhang et al. 2022 section 4 (analysis/linear_analysis.h) on maps whose
// answers are known in closed form: the trapezoidal rule (no decay, PE = 100 (Omega / (2
// atan(Omega / 2)) - 1), radius 1), backward Euler (lambda = 1 / (1 - i Omega)), the exact map
// exp(i Omega) past Omega = pi (the phase unwrapped: no elongation), a map whose principal root
// turns real (AD and PE NaN from there on), the abscissa Delta t / (n T) with n stages, the
// spectral radius at infinity of single and double roots, and the logarithmic grid.

#include "analysis/linear_analysis.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "integrators/lms_coefficients.h"

namespace mbw {
namespace {

using Complex = std::complex<double>;

LinearModel scalar(int stages, std::function<Complex(double)> lambda) {
  return {stages, [lambda](double w) { return Eigen::MatrixXcd::Constant(1, 1, lambda(w)); }};
}

const LinearModel kTrapezoidal =
    scalar(1, [](double w) { return (1.0 + Complex(0, w / 2)) / (1.0 - Complex(0, w / 2)); });
const LinearModel kBackwardEuler = scalar(1, [](double w) { return 1.0 / (1.0 - Complex(0, w)); });

TEST(LinearAnalysis, TrapezoidalAndBackwardEulerInClosedForm) {
  const std::vector<double> x = logSpace(1e-3, 1.0, 60);
  const auto trapezoidal = analyzeLinearStability(kTrapezoidal, x);
  const auto euler = analyzeLinearStability(kBackwardEuler, x);
  ASSERT_EQ(trapezoidal.size(), x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const double W = 2 * M_PI * x[i];
    // the trapezoidal rule stays on the unit circle: no decay, radius 1, and its period error
    EXPECT_EQ(trapezoidal[i].stepOverPeriod, x[i]);
    EXPECT_NEAR(trapezoidal[i].amplitudeDecay, 0.0, 1e-9);
    EXPECT_NEAR(trapezoidal[i].periodElongation, 100 * (W / (2 * std::atan(W / 2)) - 1),
                1e-9 * (1 + trapezoidal[i].periodElongation));
    EXPECT_NEAR(trapezoidal[i].spectralRadius, 1.0, 1e-14);
    // ln lambda = -ln(1 - i W) = -ln(1 + W^2) / 2 + i atan(W)
    const Complex logRoot(-0.5 * std::log1p(W * W), std::atan(W));
    EXPECT_NEAR(euler[i].amplitudeDecay, -100 * logRoot.real() / std::abs(logRoot), 1e-9);
    EXPECT_NEAR(euler[i].periodElongation, 100 * (W / std::abs(logRoot) - 1),
                1e-9 * (1 + euler[i].periodElongation));
    EXPECT_NEAR(euler[i].spectralRadius, 1 / std::sqrt(1 + W * W), 1e-14);
  }
}

TEST(LinearAnalysis, PhaseUnwrappedAndStagesInTheAbscissa) {
  // the exact map: no decay and no elongation, also where Omega passes pi (the grid stays off
  // Omega = 2 pi k, where the exact root is real: there the oscillation is taken as ended)
  const std::vector<double> x = logSpace(1e-2, 1.9, 200);
  for (const int stages : {1, 3}) {
    const auto exact =
        analyzeLinearStability(scalar(stages, [](double w) { return std::polar(1.0, w); }), x);
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_NEAR(exact[i].amplitudeDecay, 0.0, 1e-9) << x[i];
      EXPECT_NEAR(exact[i].periodElongation, 0.0, 1e-9) << x[i] << " with " << stages;
    }
  }
  // with n stages the map is evaluated at Omega = 2 pi n x
  const auto twoStages = analyzeLinearStability({2, kTrapezoidal.amplification}, {0.1});
  const double W = 2 * M_PI * 2 * 0.1;
  EXPECT_NEAR(twoStages[0].periodElongation, 100 * (W / (2 * std::atan(W / 2)) - 1), 1e-9);
}

TEST(LinearAnalysis, NoAmplitudeDecayOrElongationOnceTheRootIsReal) {
  // lambda^2 - 2 c lambda + 1/4 = 0 with c = 0.3 + Omega / 10: complex roots below Omega = 2
  const LinearModel turning{1, [](double w) {
                              const double c = 0.3 + w / 10;
                              Eigen::MatrixXcd m(2, 2);
                              m << 2 * c, -0.25, 1.0, 0.0;
                              return m;
                            }};
  const std::vector<double> x = logSpace(1e-2, 0.6, 80);
  const auto points = analyzeLinearStability(turning, x);
  for (size_t i = 0; i < x.size(); ++i) {
    const double W = 2 * M_PI * x[i];
    // below Omega = 2 complex roots of modulus sqrt(1/4) = 0.5; past it the principal root is real
    if (W < 1.99) {
      EXPECT_TRUE(std::isfinite(points[i].amplitudeDecay)) << "Omega " << W;
      EXPECT_NEAR(points[i].spectralRadius, 0.5, 1e-12) << "Omega " << W;
    } else if (W > 2.01) {
      EXPECT_TRUE(std::isnan(points[i].amplitudeDecay)) << "Omega " << W;
      EXPECT_TRUE(std::isnan(points[i].periodElongation)) << "Omega " << W;
    }
  }
}

TEST(LinearAnalysis, SpectralRadiusAtInfinity) {
  // backward Euler damps everything at infinity; the trapezoidal rule nothing
  EXPECT_NEAR(spectralRadiusAtInfinity(kBackwardEuler), 0.0, 1e-9);
  EXPECT_NEAR(spectralRadiusAtInfinity(kTrapezoidal), 1.0, 1e-9);
  // LMS2: a double root at -rho_inf, split as Omega grows
  for (double rho : {0.0, 0.6}) {
    const LinearModel lms2{
        1, [rho](double w) { return lmsCoefficients(2, rho).amplification(Complex(0, w)); }};
    EXPECT_NEAR(spectralRadiusAtInfinity(lms2), rho, 1e-6) << "rho " << rho;
  }
}

TEST(LinearAnalysis, LogarithmicGrid) {
  const std::vector<double> v = logSpace(1e-3, 1e3, 7);
  // seven points from 1e-3 to 1e3: the powers of ten
  ASSERT_EQ(v.size(), 7u);
  for (int i = 0; i < 7; ++i) EXPECT_NEAR(v[i], std::pow(10.0, i - 3), 1e-13 * v[i]);
  EXPECT_EQ(logSpace(0.5, 8.0, 1), std::vector<double>{0.5});
}

}  // namespace
}  // namespace mbw
