// The predictors of Zhang et al. 2022 eqs 12-17 and the Hermite extrapolation of the LMS2 error
// estimate: exactness for polynomials (degree 3 for two points, 5 for three), at unequal and
// unordered times, and the constant-step values MBDyn uses (../shared/refdata/integrators/lms.md).

#include "integrators/predictors.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace mbw {
namespace {

// y(t) = sum c_k t^k and its derivative, as 1-vectors
VectorXd value(const std::vector<double>& c, double t) {
  double y = 0.0;
  for (size_t k = c.size(); k-- > 0;) y = y * t + c[k];
  return VectorXd::Constant(1, y);
}
VectorXd derivative(const std::vector<double>& c, double t) {
  double y = 0.0;
  for (size_t k = c.size(); k-- > 1;) y = y * t + k * c[k];
  return VectorXd::Constant(1, y);
}

double predictionError(const Predictor& p, const std::vector<double>& c, double tN,
                       const double* t) {
  VectorXd y[3], d[3], out;
  for (int i = 0; i < p.points; ++i) {
    y[i] = value(c, t[i]);
    d[i] = derivative(c, t[i]);
  }
  predictDerivative(p, {&y[0], &y[1], &y[2]}, {&d[0], &d[1], &d[2]}, out);
  return std::abs(out[0] - derivative(c, tN)[0]);
}

TEST(Predictors, SecondOrderIsExactForCubicsAtAnyStepRatio) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    // two past points at unequal steps; the new time ahead of them or behind
    const double t[2] = {0.3 + 0.1 * u(rng), -0.2 + 0.1 * u(rng)};
    const double tN = t[0] + 0.4 * u(rng);  // forwards or backwards (ESDIRK stages)
    const Predictor p = secondOrderPredictor(tN, t[0], t[1]);
    // random cubics exactly; a quartic not, so that the check can fail
    EXPECT_LT(predictionError(p, {u(rng), u(rng), u(rng), u(rng)}, tN, t), 1e-12);
    EXPECT_GT(predictionError(p, {0, 0, 0, 0, 1}, tN, t), 1e-8);  // not quartics
  }
}

TEST(Predictors, FourthOrderIsExactToDegreeFive) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    // three past points at unequal steps
    const double t[3] = {0.6 + 0.1 * u(rng), 0.3 + 0.1 * u(rng), 0.1 * u(rng)};
    const double tN = t[0] + 0.3 * u(rng);
    const Predictor p = fourthOrderPredictor(tN, t[0], t[1], t[2]);
    // random quintics to round-off
    EXPECT_LT(predictionError(p, {u(rng), u(rng), u(rng), u(rng), u(rng), u(rng)}, tN, t), 1e-10);
  }
}

TEST(Predictors, ConstantStepValuesOfMBDyn) {
  const double h = 0.01;
  // equal steps h: m h = (-12, 12) and n = (8, 5), as lms.md gives them
  const Predictor two = secondOrderPredictor(2 * h, h, 0.0);
  EXPECT_NEAR(two.m[0] * h, -12.0, 1e-12);
  EXPECT_NEAR(two.m[1] * h, 12.0, 1e-12);
  EXPECT_NEAR(two.n[0], 8.0, 1e-12);
  EXPECT_NEAR(two.n[1], 5.0, 1e-12);
  // and for three points m h = (-57, 24, 33), n = (24, 57, 10)
  const Predictor three = fourthOrderPredictor(3 * h, 2 * h, h, 0.0);
  const double m[3] = {-57, 24, 33}, n[3] = {24, 57, 10};
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(three.m[i] * h, m[i], 1e-10);
    EXPECT_NEAR(three.n[i], n[i], 1e-10);
  }
  // multipliers: linear and quadratic extrapolation
  EXPECT_NEAR(two.l[0], 2.0, 1e-14);
  EXPECT_NEAR(two.l[1], -1.0, 1e-14);
  EXPECT_NEAR(three.l[0] + three.l[1] + three.l[2], 1.0, 1e-14);
  EXPECT_NEAR(three.l[0], 3.0, 1e-12);
}

TEST(Predictors, HermiteValueIsExactForCubics) {
  const std::vector<double> c{0.3, -1.1, 0.7, 2.0};
  for (double tN : {0.55, 0.8, 0.41}) {
    const double t1 = 0.4, t2 = 0.15;
    const HermiteValue w = hermiteValue(tN, t1, t2);
    const double y = w.wy[0] * value(c, t1)[0] + w.wy[1] * value(c, t2)[0] +
                     w.wd[0] * derivative(c, t1)[0] + w.wd[1] * derivative(c, t2)[0];
    // two values and two slopes determine a cubic
    EXPECT_NEAR(y, value(c, tN)[0], 1e-13);
  }
}

}  // namespace
}  // namespace mbw
