// Errors against a reference run (analysis/reference_error.h): the reference read between its rows
// by a cubic through four neighbouring points (exact for cubics, fourth order for smooth data), and
// the maximum, its time, the mean and the rms of a run's differences from it.

#include "analysis/reference_error.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mbw {
namespace {

// a run of channel x sampled from f at the times given
Results samples(const std::vector<double>& t, double (*f)(double)) {
  Results r;
  r.setChannels({{"t", "s"}, {"x", "m"}});
  for (double ti : t) r.appendRow({ti, f(ti)});
  return r;
}

TEST(ReferenceError, CubicThroughFourPointsIsExactForCubics) {
  // uneven spacing, so that the four points around a time are not evenly placed
  std::vector<double> T{0.0, 0.1, 0.25, 0.3, 0.5, 0.8, 1.0}, E;
  auto cubic = [](double t) { return 2 - t + 3 * t * t - 0.5 * t * t * t; };
  for (double t : T) E.push_back(cubic(t));
  // at the data points, between them and at both ends
  for (double t : {0.0, 0.05, 0.27, 0.61, 0.99, 1.0})
    EXPECT_NEAR(interpolateCubic4(T, E, t), cubic(t), 1e-14);
}

TEST(ReferenceError, ConvergesAtFourthOrderForSmoothData) {
  // sin 3t on 21, 41 and 81 evenly spaced points
  auto f = [](double t) { return std::sin(3 * t); };
  double previous = 0.0;
  for (int n : {20, 40, 80}) {
    std::vector<double> T, E;
    for (int i = 0; i <= n; ++i) {
      T.push_back(double(i) / n);
      E.push_back(f(T.back()));
    }
    double worst = 0.0;
    // the largest error on a grid off the data points
    for (double t = 0.0; t <= 1.0; t += 0.0137)
      worst = std::max(worst, std::abs(interpolateCubic4(T, E, t) - f(t)));
    if (previous > 0.0) {
      // halving the spacing divides it by 2^4 = 16
      EXPECT_NEAR(std::log2(previous / worst), 4.0, 0.4);
    }
    previous = worst;
  }
}

TEST(ReferenceError, StatisticsOfATrajectoryError) {
  std::vector<double> fine, coarse{0.0, 0.5, 1.0};
  for (int i = 0; i <= 100; ++i) fine.push_back(i / 100.0);
  const Results reference = samples(fine, [](double t) { return t * t; });
  // the run off by 0.01 at t = 0.5 only
  const Results run = samples(coarse, [](double t) { return t * t + (t == 0.5 ? 0.01 : 0.0); });
  const TrajectoryError e = trajectoryError(run, reference, "x");
  // max 0.01 at 0.5; mean and rms over the three rows
  EXPECT_NEAR(e.maximum, 0.01, 1e-12);
  EXPECT_EQ(e.timeOfMaximum, 0.5);
  EXPECT_NEAR(e.mean, 0.01 / 3, 1e-12);
  EXPECT_NEAR(e.rms, 0.01 / std::sqrt(3.0), 1e-12);
  // the signed difference is the run minus the reference
  ASSERT_EQ(e.differences.size(), 3u);
  EXPECT_NEAR(e.differences[1], 0.01, 1e-12);
  const Results below = samples(coarse, [](double t) { return t * t - (t == 0.5 ? 0.02 : 0.0); });
  EXPECT_NEAR(trajectoryError(below, reference, "x").differences[1], -0.02, 1e-12);
  EXPECT_THROW(trajectoryError(run, reference, "y"), std::invalid_argument);
}

}  // namespace
}  // namespace mbw
