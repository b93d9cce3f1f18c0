// The closed planar loops of the templates (planar_loops.cpp): the four-bar assembled with its
// bars at their lengths, C on the branch asked for, its coupler and rocker rates the time
// derivatives of its pose (central differences in the crank angle); the slider-crank against its
// closed form x(theta) = r cos(theta) + sqrt(l^2 - (e - r sin(theta))^2) and the derivatives of
// it; each loop that cannot be made refused with the parameter to change.

#include "scene/templates/planar_loops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <tuple>

#include "scene/templates/scene_templates.h"

namespace mbw {
namespace {

// the z component of the cross product of two plane vectors
double loopCross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// the angle from u to v, counterclockwise, in (-pi, pi]
double loopAngleChange(const Vec2& u, const Vec2& v) {
  return std::atan2(loopCross(u, v), u.dot(v));
}

// the bars' lengths (crank, coupler, rocker, ground), the crank's angle and the branch
struct FourBarCase {
  double lengths[4];
  double crankAngle;  // deg
  bool elbowUp;
};

const FourBarCase kFourBars[] = {
    {{0.2, 0.5, 0.4, 0.5}, 90.0, true},     // the template's default, a crank-rocker
    {{0.2, 0.5, 0.4, 0.5}, 217.0, false},   // the other branch, the crank past half a turn
    {{1.0, 4.0, 3.0, 4.0}, 120.0, true},    // a longer coupler
    {{1.0, 2.0, 1.0, 2.0}, -60.0, false},   // a parallelogram on its parallel branch
    {{0.3, 0.45, 0.35, 0.2}, 123.0, true},  // the ground the shortest: a double crank
};

// the assembled four-bar closes with every bar at its length, the crank at its angle and C on the
// branch asked for; at rest nothing turns
TEST(PlanarLoops, AFourBarHasItsLengthsAndItsBranch) {
  // each case assembled at rest: the pivots, the crank's angle, the lengths and the branch
  for (const FourBarCase& c : kFourBars) {
    SCOPED_TRACE(c.crankAngle);
    const double a = c.lengths[0], b = c.lengths[1], rocker = c.lengths[2], d = c.lengths[3];
    const FourBarPose p = assembleFourBar(c.lengths, c.crankAngle, 0.0, c.elbowUp);
    // the pivots A and D on the ground line, the crank at its angle
    EXPECT_EQ(p.A, Vec2::Zero());
    EXPECT_EQ(p.D, Vec2(d, 0.0));
    EXPECT_NEAR(std::atan2(p.B.y(), p.B.x()), std::remainder(c.crankAngle, 360.0) * M_PI / 180.0,
                1e-14);
    // every bar at its length
    EXPECT_NEAR((p.B - p.A).norm(), a, 1e-15);
    EXPECT_NEAR((p.C - p.B).norm(), b, 1e-14);
    EXPECT_NEAR((p.C - p.D).norm(), rocker, 1e-14);
    // elbow-up: C on the left of the line from B to D
    const double side = loopCross(p.D - p.B, p.C - p.B);
    EXPECT_GT(c.elbowUp ? side : -side, 1e-3);
    // at rest, nothing turns
    EXPECT_EQ(p.crankRate, 0.0);
    EXPECT_EQ(p.couplerRate, 0.0);
    EXPECT_EQ(p.rockerRate, 0.0);
  }
}

// the coupler and rocker rates are the crank speed times the pose's derivative in the crank
// angle, so the template starts on the velocity constraints
TEST(PlanarLoops, AFourBarsRatesAreTheDerivativesOfItsPose) {
  // d(angle)/dt = crank speed x d(angle)/d(crank angle), the latter by central differences of the
  // pose over +-1e-4 deg (truncation about 1e-13, round-off about 1e-10)
  const double w = -2.5, delta = 1e-4;
  for (const FourBarCase& c : kFourBars) {
    SCOPED_TRACE(c.crankAngle);
    const FourBarPose p = assembleFourBar(c.lengths, c.crankAngle, w, c.elbowUp);
    const FourBarPose after = assembleFourBar(c.lengths, c.crankAngle + delta, 0.0, c.elbowUp);
    const FourBarPose before = assembleFourBar(c.lengths, c.crankAngle - delta, 0.0, c.elbowUp);
    const double dTheta = 2.0 * delta * M_PI / 180.0;
    EXPECT_EQ(p.crankRate, w);
    EXPECT_NEAR(p.couplerRate, w * loopAngleChange(before.C - before.B, after.C - after.B) / dTheta,
                1e-8);
    EXPECT_NEAR(p.rockerRate, w * loopAngleChange(before.C - before.D, after.C - after.D) / dTheta,
                1e-8);
    // and they turn: the test is not one of zeros
    EXPECT_GT(std::abs(p.rockerRate), 0.1);
  }
  // the parallelogram's coupler stays level on its parallel branch: no coupler rate, the rocker
  // turns with the crank
  const double parallelogram[4] = {1.0, 2.0, 1.0, 2.0};
  const FourBarPose level = assembleFourBar(parallelogram, 50.0, w, true);
  EXPECT_NEAR(level.couplerRate, 0.0, 1e-14);
  EXPECT_NEAR(level.rockerRate, w, 1e-14);
}

// the slider-crank's pose, slider speed and rod rate equal the closed form and its derivatives,
// with and without offset, at quarter turns too
TEST(PlanarLoops, ASliderCrankFollowsItsClosedForm) {
  const struct {
    double crank, rod, offset, angle, speed;
  } cases[] = {{0.1, 0.3, 0.0, 30.0, 5.0},
               {0.1, 0.3, 0.05, 200.0, -2.0},
               {0.2, 0.5, -0.1, 90.0, 1.0},
               {0.1, 0.3, 0.0, 0.0, 3.0}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.angle);
    const double r = c.crank, l = c.rod, e = c.offset, w = c.speed;
    const double theta = c.angle * M_PI / 180.0;
    const SliderCrankPose p = assembleSliderCrank(r, l, e, c.angle, w);
    // x = r cos(theta) + s, s = sqrt(l^2 - (e - r sin(theta))^2), on the line u = e
    const double rise = e - r * std::sin(theta), s = std::sqrt(l * l - rise * rise);
    EXPECT_EQ(p.O, Vec2::Zero());
    EXPECT_NEAR(p.B.x(), r * std::cos(theta), 1e-15);
    EXPECT_NEAR(p.B.y(), r * std::sin(theta), 1e-15);
    EXPECT_NEAR(p.C.x(), r * std::cos(theta) + s, 1e-15);
    EXPECT_EQ(p.C.y(), e);
    // dx/dt = w (-r sin(theta) + rise r cos(theta) / s); the rod's angle phi has
    // sin(phi) = rise / l, so dphi/dt = -w r cos(theta) / s
    EXPECT_EQ(p.crankRate, w);
    EXPECT_NEAR(p.sliderSpeed, w * (-r * std::sin(theta) + rise * r * std::cos(theta) / s), 1e-14);
    EXPECT_NEAR(p.rodRate, -w * r * std::cos(theta) / s, 1e-14);
  }
}

// the TemplateError a pose throws: its parameter, then its message
std::pair<std::string, std::string> loopRefusal(const std::function<void()>& assemble) {
  try {
    assemble();
  } catch (const TemplateError& e) {
    return {e.parameter(), e.what()};
  }
  return {"", ""};
}

// a loop that cannot close, or that would start in motion at a dead point, is refused naming the
// parameter to change; a dead point at rest assembles
TEST(PlanarLoops, ALoopThatCannotBeMadeNamesTheParameterToChange) {
  // four-bars that cannot close (the longest bar longer than the other three), that close only at
  // other crank angles, whose crank tip falls on the rocker pivot, and one started in motion at a
  // dead point
  const struct {
    double lengths[4];
    double angle, speed;
    const char* parameter;
    const char* says;
  } fourBars[] = {
      {{5, 1, 1, 1}, 90, 0, "lengths", "the longest bar (5 m) is longer than the other three"},
      {{1, 1, 1.2, 2}, 90, 0, "crank_angle", "cannot close at this crank angle"},
      {{1, 1, 1, 1}, 0, 0, "crank_angle", "falls on the rocker pivot D"},
      {{1, 1, 2, 2}, 180, 1, "crank_angle", "dead point"},
  };
  for (const auto& c : fourBars) {
    SCOPED_TRACE(c.says);
    const auto [named, message] =
        loopRefusal([&] { assembleFourBar(c.lengths, c.angle, c.speed, true); });
    EXPECT_EQ(named, c.parameter) << message;
    EXPECT_NE(message.find(c.says), std::string::npos) << message;
  }
  // at a dead point a loop at rest is made: only a start in motion is refused
  const double deadPoint[4] = {1, 1, 2, 2};
  const FourBarPose rest = assembleFourBar(deadPoint, 180.0, 0.0, true);
  // B = (-1, 0), D = (2, 0): C in line between them, 1 from B and 2 from D
  EXPECT_NEAR(rest.C.x(), 0.0, 1e-15);
  EXPECT_NEAR(rest.C.y(), 0.0, 1e-15);

  // a rod too short for the slide line; a rod standing across it cannot start to turn
  auto [named, message] = loopRefusal([] { assembleSliderCrank(0.2, 0.1, 0.0, 90.0, 0.0); });
  EXPECT_EQ(named, "rod");
  EXPECT_NE(message.find("cannot reach the slide line"), std::string::npos) << message;
  std::tie(named, message) = loopRefusal([] { assembleSliderCrank(0.2, 0.2, 0.0, 90.0, 1.0); });
  EXPECT_EQ(named, "crank_angle");
  EXPECT_NE(message.find("the rod stands across the slide line"), std::string::npos) << message;
  EXPECT_EQ(assembleSliderCrank(0.2, 0.2, 0.0, 90.0, 0.0).C, Vec2(0.0, 0.0));
}

}  // namespace
}  // namespace mbw
