// The generated slider-crank (slider_crank_template.cpp), loaded and run: driven, its slider
// follows the closed form x(theta) = r cos(theta) + sqrt(l^2 - (e - r sin(theta))^2) on the slide
// line at the offset, in either plane; started free, its initial slider speed is the closed
// form's derivative; its spherical-universal variant moves as the revolute one under gravity.
// (That the loop closes and has its mobility: scene_templates_test.cpp.)

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// 0.2 s of HHT at 1 ms, a row a step
Results sliderCrankRun(const TemplateArguments& arguments) {
  RunSettings s;
  s.integrator = "hht";
  s.integratorSettings.step = 1e-3;
  s.tEnd = 0.2;
  Results r =
      Simulation(parseScene(generateScene("slider-crank", arguments), "slider-crank"), s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_EQ(r.rowCount(), 201u);
  return r;
}

// the slider's position and its rate of change with the crank angle (crank r, rod l, offset e)
double sliderX(double r, double l, double e, double theta) {
  const double rise = e - r * std::sin(theta);
  return r * std::cos(theta) + std::sqrt(l * l - rise * rise);
}
double sliderDxDtheta(double r, double l, double e, double theta) {
  const double rise = e - r * std::sin(theta);
  return -r * std::sin(theta) + rise * r * std::cos(theta) / std::sqrt(l * l - rise * rise);
}

TEST(SliderCrankTemplate, ADrivenSliderFollowsTheClosedForm) {
  const double r = 0.1, l = 0.3, e = 0.05, w = 5.0, theta0 = 30.0 * M_PI / 180.0;
  for (const char* up : {"z", "y"}) {
    SCOPED_TRACE(up);
    const Results run = sliderCrankRun({{"crank", "0.1"},
                                        {"rod", "0.3"},
                                        {"offset", "0.05"},
                                        {"crank_angle", "30"},
                                        {"crank_speed", "5"},
                                        {"driven", "true"},
                                        {"up", up}});
    const int x = run.column("slider_x"), height = run.column(std::string("slider.") + up);
    ASSERT_GE(x, 0);
    ASSERT_GE(height, 0);
    double worst = 0.0;
    for (size_t i = 0; i < run.rowCount(); ++i) {
      const double theta = theta0 + w * run.at(i, 0);
      worst = std::max({worst, std::abs(run.at(i, x) - sliderX(r, l, e, theta)),
                        std::abs(run.at(i, height) - e)});
    }
    EXPECT_LT(worst, 1e-9);
    // and it moved: a crank turn of 57 degrees takes it several centimetres
    EXPECT_GT(std::abs(run.at(200, x) - run.at(0, x)), 0.03);
  }
}

TEST(SliderCrankTemplate, AFreeSliderStartsAtTheClosedFormsSpeed) {
  // at t = 0 the velocities are the template's: dx/dt = w dx/dtheta
  const double r = 0.1, l = 0.3, e = -0.02, w = -4.0, theta0 = 120.0 * M_PI / 180.0;
  const Results run = sliderCrankRun(
      {{"offset", "-0.02"}, {"crank_angle", "120"}, {"crank_speed", "-4"}, {"driven", "false"}});
  EXPECT_NEAR(run.at(0, run.column("slider_x")), sliderX(r, l, e, theta0), 1e-15);
  EXPECT_NEAR(run.at(0, run.column("slider.vx")), w * sliderDxDtheta(r, l, e, theta0), 1e-14);
  EXPECT_NEAR(run.at(0, run.column("crank.wy")), -w, 1e-15);  // about the hinge axis -y
}

TEST(SliderCrankTemplate, SphericalUniversalPinsMoveAsRevoluteOnes) {
  // free under gravity from 5 rad/s: the same motion to the Newton tolerance
  TemplateArguments arguments = {{"crank_speed", "5"}, {"offset", "0.03"}};
  const Results revolute = sliderCrankRun(arguments);
  arguments["joints"] = "spherical-universal";
  const Results sphericalUniversal = sliderCrankRun(arguments);
  const int x = revolute.column("slider_x");
  ASSERT_EQ(sphericalUniversal.column("slider_x"), x);
  double worst = 0.0;
  for (size_t i = 0; i < revolute.rowCount(); ++i)
    worst = std::max(worst, std::abs(revolute.at(i, x) - sphericalUniversal.at(i, x)));
  EXPECT_GT(std::abs(revolute.at(200, x) - revolute.at(0, x)), 0.03);
  EXPECT_LT(worst, 1e-8);
}

}  // namespace
}  // namespace mbw
