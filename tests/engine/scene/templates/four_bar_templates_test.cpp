// The generated four-bars (four_bar_templates.cpp), loaded and run: a driven four-bar's crank
// turns at its speed from its angle and its rocker follows Freudenstein's equation on either
// branch; its spherical-universal variant moves as the revolute one, driven or free under
// gravity; in the N-four-bar of IFToMM A02 every crank turns as the first (parallelogram
// windows), its output B0 on the first crank's circle. (That the loops close and have their
// mobility: scene_templates_test.cpp.)

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// 0.2 s of HHT at 1 ms, a row a step
Results fourBarRun(const std::string& name, const TemplateArguments& arguments) {
  RunSettings s;
  s.integrator = "hht";
  s.integratorSettings.step = 1e-3;
  s.tEnd = 0.2;
  Results r = Simulation(parseScene(generateScene(name, arguments), name), s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  EXPECT_EQ(r.rowCount(), 201u);
  return r;
}

// the difference of two angles, in (-pi, pi]
double fourBarAngleGap(double a, double b) { return std::remainder(a - b, 2.0 * M_PI); }

// a driven four-bar on either branch, turning either way: the crank keeps its angle law and every
// row satisfies Freudenstein's loop equation, so the generated geometry is the one drawn
TEST(FourBarTemplate, ADrivenRockerFollowsFreudensteinsEquation) {
  // the loop a e^(i theta2) + b e^(i theta3) = d + c e^(i theta4), squared to remove theta3:
  //   cos(theta2 - theta4) = d/a cos(theta4) - d/c cos(theta2) + (a^2 - b^2 + c^2 + d^2) / (2 a c)
  // (Freudenstein 1955); its residual is of the order of the constraint violation over a c
  const double a = 0.2, b = 0.5, c = 0.4, d = 0.5, theta0 = 70.0 * M_PI / 180.0;
  // both assembly branches, the crank driven either way
  for (const char* branch : {"elbow-up", "elbow-down"}) {
    for (const double w : {4.0, -3.0}) {
      SCOPED_TRACE(std::string(branch) + " " + std::to_string(w));
      const Results r = fourBarRun("four-bar", {{"lengths", "0.2,0.5,0.4,0.5"},
                                                {"crank_angle", "70"},
                                                {"crank_speed", std::to_string(w)},
                                                {"driven", "true"},
                                                {"branch", branch}});
      const int crank = r.column("crank_angle"), rocker = r.column("rocker_angle");
      ASSERT_GE(crank, 0);
      ASSERT_GE(rocker, 0);
      double worstCrank = 0.0, worstLoop = 0.0;
      for (size_t i = 0; i < r.rowCount(); ++i) {
        const double t = r.at(i, 0), theta2 = r.at(i, crank), theta4 = r.at(i, rocker);
        worstCrank = std::max(worstCrank, std::abs(fourBarAngleGap(theta2, theta0 + w * t)));
        const double loop = std::cos(theta2 - theta4) - d / a * std::cos(theta4) +
                            d / c * std::cos(theta2) -
                            (a * a - b * b + c * c + d * d) / (2.0 * a * c);
        worstLoop = std::max(worstLoop, std::abs(loop));
      }
      EXPECT_LT(worstCrank, 1e-9);
      EXPECT_LT(worstLoop, 1e-8);
      // and the rocker moved: 0.2 s of crank turning swings it by more than a degree
      EXPECT_GT(std::abs(fourBarAngleGap(r.at(200, rocker), r.at(0, rocker))), 0.02);
    }
  }
}

// the spherical-universal variant has the same mobility without repeated equations, hence the
// same motion as the all-revolute four-bar, driven or free
TEST(FourBarTemplate, SphericalUniversalPinsMoveAsRevoluteOnes) {
  // the same equations of motion without the repeated ones: the same motion to the Newton
  // tolerance, driven and free (the crank started at 3 rad/s and left to gravity)
  for (const char* driven : {"true", "false"}) {
    // with and without the crank driven
    SCOPED_TRACE(driven);
    TemplateArguments arguments = {{"crank_speed", "3"}, {"driven", driven}};
    const Results revolute = fourBarRun("four-bar", arguments);
    arguments["joints"] = "spherical-universal";
    const Results sphericalUniversal = fourBarRun("four-bar", arguments);
    const int rocker = revolute.column("rocker_angle");
    ASSERT_EQ(sphericalUniversal.column("rocker_angle"), rocker);
    double worst = 0.0, swing = 0.0;
    for (size_t i = 0; i < revolute.rowCount(); ++i) {
      worst = std::max(worst, std::abs(revolute.at(i, rocker) - sphericalUniversal.at(i, rocker)));
      swing = std::max(swing, std::abs(revolute.at(i, rocker) - revolute.at(0, rocker)));
    }
    EXPECT_GT(swing, 0.05);
    EXPECT_LT(worst, 1e-7);
  }
}

// A02's N-four-bar driven at the benchmark's rate: all cranks stay parallel to the first and B0
// stays on its circle, with z up and with y up
TEST(NFourBarTemplate, EveryCrankTurnsAsTheFirst) {
  // N = 3, driven at -1 rad/s from upright (the benchmark's motion, B0 at 1 m/s along x): crank k
  // pinned at k L, its middle at k L + L/2 (cos theta, sin theta), B0 at L (cos theta, sin theta)
  const double L = 1.5;
  for (const char* up : {"z", "y"}) {
    SCOPED_TRACE(up);
    const Results r = fourBarRun(
        "n-four-bar", {{"windows", "3"}, {"length", "1.5"}, {"driven", "true"}, {"up", up}});
    const std::string u = up;
    const int b0x = r.column("b0_x"), b0u = r.column("b0_" + u);
    ASSERT_GE(b0x, 0);
    ASSERT_GE(b0u, 0);
    double worst = 0.0;
    for (size_t i = 0; i < r.rowCount(); ++i) {
      const double theta = M_PI / 2.0 - r.at(i, 0);
      worst = std::max({worst, std::abs(r.at(i, b0x) - L * std::cos(theta)),
                        std::abs(r.at(i, b0u) - L * std::sin(theta))});
      for (int k = 0; k <= 3; ++k) {
        const std::string crank = "crank_" + std::to_string(k);
        worst = std::max(
            {worst, std::abs(r.at(i, r.column(crank + ".x")) - (k * L + 0.5 * L * std::cos(theta))),
             std::abs(r.at(i, r.column(crank + "." + u)) - 0.5 * L * std::sin(theta))});
      }
    }
    EXPECT_LT(worst, 1e-9);
  }
}

}  // namespace
}  // namespace mbw
