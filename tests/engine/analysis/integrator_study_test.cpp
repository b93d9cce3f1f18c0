// The pieces of an integrator study (analysis/integrator_study.h): methods parsed from a list
// (unknown names and bad numbers refused), their labels with the effective rho_inf, a method's run
// settings (rho_inf and alpha only where the method has them, Delta t / n per implicit stage),
// RE of Zhang et al. 2022 eq 26 without the initial row, the observed order as the least-squares
// slope over the usable points, and Newton iterations per step and per time point.

#include "analysis/integrator_study.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace mbw {
namespace {

TEST(IntegratorStudy, MethodsFromAList) {
  // the empty item skipped; a rho_inf after the colon
  const std::vector<StudyMethod> m = parseStudyMethods("lms2,bathe:0.6,,esdirk4-6l2sa2,rn4");
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(m[0].integrator, "lms2");
  EXPECT_LT(m[0].rhoInf, 0.0) << "the method's default";
  EXPECT_EQ(m[1].integrator, "bathe");
  EXPECT_EQ(m[1].rhoInf, 0.6);
  EXPECT_EQ(m[3].integrator, "rn4") << "an alias is kept as given";
  // labels: the effective rho_inf where the method has one
  EXPECT_EQ(m[1].label(), "bathe (0.6)");
  EXPECT_EQ(m[2].label(), "esdirk4-6l2sa2");
  EXPECT_EQ(StudyMethod{"hht"}.label(), "hht (0.538462)") << "from HHT's default alpha -0.3";
  // unknown names, missing or malformed numbers, and an empty list
  for (const char* bad : {"nosuch", "lms2,nosuch:0.5", "lms2:", "lms2:abc", "lms2:0.6x", "", ","})
    EXPECT_THROW(parseStudyMethods(bad), ConfigurationError) << "'" << bad << "'";
}

TEST(IntegratorStudy, AMethodsRunSettings) {
  RunSettings base;
  base.tEnd = 2.0;
  base.integratorSettings.rhoInf = 0.3;
  base.integratorSettings.alpha = -0.1;
  base.integratorSettings.variableStep = true;
  // LMS: base's rho_inf, no alpha, one implicit stage, fixed steps
  RunSettings s = studyRunSettings(base, {"lms3"}, 0.01, true);
  EXPECT_EQ(s.integrator, "lms3");
  EXPECT_EQ(s.tEnd, 2.0);
  EXPECT_EQ(s.integratorSettings.rhoInf, 0.3);
  EXPECT_FALSE(s.integratorSettings.alpha);
  EXPECT_FALSE(s.integratorSettings.variableStep);
  EXPECT_EQ(s.integratorSettings.step, 0.01);
  // Bathe: its own rho_inf, two implicit stages per step
  s = studyRunSettings(base, {"bathe", 0.6}, 0.01, true);
  EXPECT_EQ(s.integratorSettings.rhoInf, 0.6);
  EXPECT_DOUBLE_EQ(s.integratorSettings.step, 0.02);
  EXPECT_DOUBLE_EQ(studyRunSettings(base, {"bathe", 0.6}, 0.01, false).integratorSettings.step,
                   0.01);
  // an L-stable ESDIRK has no rho_inf; five implicit stages
  s = studyRunSettings(base, {"esdirk4-6l2sa2"}, 0.01, true);
  EXPECT_LT(s.integratorSettings.rhoInf, 0.0);
  EXPECT_DOUBLE_EQ(s.integratorSettings.step, 0.05);
  // HHT keeps base's alpha unless the method gives rho_inf
  EXPECT_EQ(studyRunSettings(base, {"hht"}, 0.01, false).integratorSettings.alpha, -0.1);
  EXPECT_FALSE(studyRunSettings(base, {"hht", 0.8}, 0.01, false).integratorSettings.alpha);
  EXPECT_THROW(studyRunSettings(base, {"nosuch"}, 0.01, false), ConfigurationError);
}

Results table(const std::vector<double>& t, const std::vector<double>& x) {
  Results r;
  r.setChannels({{"time", "s"}, {"x", "m"}});
  for (size_t i = 0; i < t.size(); ++i) r.appendRow({t[i], x[i]});
  return r;
}

TEST(IntegratorStudy, RelativeErrorLeavesTheInitialRowOut) {
  // reference X = 1 + t on a fine grid (the cubic interpolation is exact there)
  std::vector<double> T, X;
  for (int i = 0; i <= 100; ++i) {
    T.push_back(i * 0.01);
    X.push_back(1.0 + i * 0.01);
  }
  const Results reference = table(T, X);
  // errors 5 (initial row, left out), 0.1 and -0.1
  const Results run = table({0.0, 0.5, 1.0}, {6.0, 1.6, 1.9});
  // RE = sqrt(sum e^2 / sum X^2) over the rows after the first
  const double expected = std::sqrt((0.01 + 0.01) / (1.5 * 1.5 + 2.0 * 2.0));
  EXPECT_NEAR(relativeError(run, reference, "x"), expected, 1e-14);
  // the same through the trajectory error; an unknown channel; a run past the reference's end
  EXPECT_NEAR(relativeError(trajectoryError(run, reference, "x"), reference), expected, 1e-14);
  EXPECT_THROW(relativeError(run, reference, "y"), std::invalid_argument);
  EXPECT_THROW(relativeError(table({0.0, 1.5}, {1.0, 2.5}), reference, "x"), std::invalid_argument)
      << "the reference ends at 1 s";
}

TEST(IntegratorStudy, ObservedOrderOverTheUsablePoints) {
  const std::vector<double> h = {0.1, 0.05, 0.025, 0.0125};
  std::vector<double> e;
  // e = 3 h^2: slope 2 exactly in log-log
  for (double s : h) e.push_back(3.0 * s * s);
  EXPECT_NEAR(observedOrder(h, e), 2.0, 1e-12);
  // least squares through scattered points: log-log (0, 0), (a, a), (2a, 4a) have slope 2
  EXPECT_NEAR(observedOrder({1.0, 2.0, 4.0}, {1.0, 2.0, 16.0}), 2.0, 1e-12);
  // a failed run (NaN), an exact one (0) and an overflow are left out
  e[1] = NAN;
  e[2] = 0.0;
  EXPECT_NEAR(observedOrder(h, e), 2.0, 1e-12);
  e[3] = INFINITY;
  EXPECT_TRUE(std::isnan(observedOrder(h, e))) << "one usable point";
}

TEST(IntegratorStudy, NewtonIterationsPerStepAndTimePoint) {
  RunStatistics s;
  // no steps: zero, not a division by zero
  EXPECT_EQ(iterationsPerStep(s), 0.0);
  EXPECT_EQ(iterationsPerTimePoint(s), 0.0);
  // 50 iterations over 10 steps of 2 time points each
  s.steps = 10;
  s.timePoints = 20;
  s.newtonIterations = 50;
  EXPECT_EQ(iterationsPerStep(s), 5.0);
  EXPECT_EQ(iterationsPerTimePoint(s), 2.5);
}

}  // namespace
}  // namespace mbw
