// The linear analysis curves of several methods (analysis/linear_analysis_curves.h): labels with
// the rho_inf each runs at, the stages n, the spectral radius at infinity the method is tuned to,
// the period error of second-order methods falling as the square of the step, refusal of a method
// without a linear model or unknown, the point nearest to a Delta t / (n T) on a log scale, and
// the curves as a summary and as CSV; the request of a front end, its options and its grid checked.

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "analysis/linear_analysis_curves.h"

namespace mbw {
namespace {

TEST(LinearAnalysisCurves, EachMethodRunsAtItsOwnOrTheGivenRhoInf) {
  const std::vector<double> grid = logSpace(1e-3, 10.0, 60);
  const std::vector<LinearAnalysisCurve> curves =
      linearAnalysisCurves(parseStudyMethods("lms2:0,bathe,msstc3"), 0.6, std::nullopt, grid);
  // lms2 at its given 0; bathe and msstc3, given none, at the 0.6 passed for such methods
  ASSERT_EQ(curves.size(), 3u);
  EXPECT_EQ(curves[0].label, "lms2 (0)");
  EXPECT_EQ(curves[1].label, "bathe (0.6)");
  EXPECT_EQ(curves[1].stages, 2);
  // each tuned to its rho_inf: the spectral radius at infinity equals it
  EXPECT_NEAR(curves[0].rhoAtInfinity, 0.0, 1e-6);
  EXPECT_NEAR(curves[1].rhoAtInfinity, 0.6, 1e-6);
  EXPECT_NEAR(curves[2].rhoAtInfinity, 0.6, 1e-6);
  // and none grows: the spectral radius at most 1 over the whole grid
  for (const LinearAnalysisCurve& c : curves) {
    ASSERT_EQ(c.points.size(), grid.size());
    for (const LinearAnalysisPoint& p : c.points)
      EXPECT_LE(p.spectralRadius, 1.0 + 1e-9) << c.label;
  }
}

TEST(LinearAnalysisCurves, PeriodErrorOfSecondOrderMethodsFallsAsTheSquareOfTheStep) {
  const std::vector<LinearAnalysisCurve> curves = linearAnalysisCurves(
      parseStudyMethods("lms2:0,bathe:0.6"), std::nullopt, std::nullopt, {1e-3, 2e-3});
  for (const LinearAnalysisCurve& c : curves) {
    // second order: doubling the step multiplies the period error by 4
    EXPECT_NEAR(c.points[1].periodElongation / c.points[0].periodElongation, 4.0, 0.01) << c.label;
    EXPECT_GT(c.points[0].amplitudeDecay, -1e-9) << c.label;
  }
}

TEST(LinearAnalysisCurves, RefusesAMethodWithoutALinearModelOrUnknown) {
  // rn4 has no linear model; no-such-method is unknown
  EXPECT_THROW(
      linearAnalysisCurves(parseStudyMethods("lms2,rn4"), std::nullopt, std::nullopt, {0.1, 1.0}),
      ConfigurationError);
  EXPECT_THROW(
      linearAnalysisCurves({StudyMethod{"no-such-method"}}, std::nullopt, std::nullopt, {0.1, 1.0}),
      ConfigurationError);
}

TEST(LinearAnalysisCurves, NearestPointIsNearestOnALogScale) {
  std::vector<LinearAnalysisPoint> points(3);
  points[0].stepOverPeriod = 0.01;
  points[1].stepOverPeriod = 0.1;
  points[2].stepOverPeriod = 1.0;
  EXPECT_EQ(&nearestPoint(points, 0.02), &points[0]);  // log: 0.02 is nearer 0.01 than 0.1
  EXPECT_EQ(&nearestPoint(points, 0.04), &points[1]);
  EXPECT_EQ(&nearestPoint(points, 5.0), &points[2]);
}

TEST(LinearAnalysisCurves, CsvHasARowPerPointWithTheLabelQuoted) {
  LinearAnalysisCurve curve{"bathe (0.6)", 2, 0.6, std::vector<LinearAnalysisPoint>(2)};
  curve.points[0] = {0.01, 1.5, -0.25, 0.99};
  curve.points[1] = {0.123456789012, 3.0, 0.5, 0.9};
  const std::string csv = linearAnalysisCsv({curve, curve});
  // a comment line, the header, then a row per point: the label quoted, numbers to 9 digits
  EXPECT_EQ(csv.rfind("# linear analysis", 0), 0u) << csv;
  EXPECT_NE(csv.find("\nmethod,stages,dt_over_nT,amplitude_decay_percent,period_elongation_percent,"
                     "spectral_radius\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("\n\"bathe (0.6)\",2,0.01,1.5,-0.25,0.99\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\"bathe (0.6)\",2,0.123456789,3,0.5,0.9\n"), std::string::npos) << csv;
  // the comment line, the header and the 4 rows
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 2 + 4);
}

TEST(LinearAnalysisCurves, SummaryReadsTheNearestPoints) {
  LinearAnalysisCurve curve{"lms2", 1, 0.25, {}};
  for (double x : {0.011, 0.09, 1.0}) curve.points.push_back({x, 100 * x, -10 * x, 1.0 - x / 2});
  const std::string text = linearAnalysisSummaryText({curve});
  // the points nearest 0.01 and 0.1 (0.011 and 0.09) read into the columns
  EXPECT_EQ(
      text,
      "method                  n   rho(inf)   AD% @0.01    PE% @0.01    AD% @0.1     PE% @0.1    "
      " rho @0.1\n"
      "lms2                    1   0.25       1.1          -0.11        9            -0.9        "
      " 0.955\n");
}

TEST(LinearAnalysisCurves, TheRequestItsOptionsAndItsGrid) {
  LinearAnalysisRequest r;
  const std::vector<CommandOption> options = linearAnalysisOptions(r);
  // eight options, each bound to the field of the request it sets
  ASSERT_EQ(options.size(), 8u);
  EXPECT_EQ(options[0].name, "integrators");
  EXPECT_EQ(options[0].alias, "integrator");
  EXPECT_EQ(std::get<std::string*>(options[0].field), &r.integrators);
  EXPECT_EQ(std::get<std::optional<double>*>(options[1].field), &r.rhoInf);
  EXPECT_EQ(std::get<int*>(options[5].field), &r.points);
  EXPECT_EQ(options[6].shortName, "o");
  // the request's curves: its methods over its grid, rho_inf reaching those without their own
  r.integrators = "lms2,bathe:0.3";
  r.rhoInf = 0.6;
  r.from = 1e-2;
  r.to = 1.0;
  r.points = 5;
  const std::vector<LinearAnalysisCurve> curves = linearAnalysisCurves(r);
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[0].label, "lms2 (0.6)");
  EXPECT_EQ(curves[1].label, "bathe (0.3)");
  ASSERT_EQ(curves[1].points.size(), 5u);
  EXPECT_DOUBLE_EQ(curves[1].points.front().stepOverPeriod, 1e-2);
  EXPECT_DOUBLE_EQ(curves[1].points.back().stepOverPeriod, 1.0);
  // a grid that is none is refused
  for (const auto& [from, to, points] :
       std::vector<std::tuple<double, double, int>>{{0.0, 1.0, 5}, {1.0, 0.5, 5}, {1e-2, 1.0, 1}}) {
    r.from = from;
    r.to = to;
    r.points = points;
    EXPECT_THROW(linearAnalysisCurves(r), std::invalid_argument)
        << from << " " << to << " " << points;
  }
}

}  // namespace
}  // namespace mbw
