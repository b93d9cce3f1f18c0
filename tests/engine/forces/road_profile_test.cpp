// The road under a tire (forces/road_profile.h): the flat base, the half-cylinder bump felt by a
// point contact (height, slope and curvature in closed form), the envelope felt by a rigid ring
// (its first touch at the base height with the slope sqrt(2 R r + r^2) / R), the derivatives
// against finite differences of the height, and the highest of several bumps.

#include "forces/road_profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace mbw {
namespace {

RoadProfile oneBump(double height, double centerX, double radius) {
  RoadProfile road;
  road.height = height;
  road.bumps.push_back({centerX, radius});
  return road;
}

TEST(RoadProfile, FlatAwayFromTheBumps) {
  // on both sides beyond the bump's reach, for a point (R = 0) and a ring of radius 0.05
  const RoadProfile road = oneBump(0.2, 5.0, 0.1);
  for (double x : {-3.0, 4.8, 5.2, 40.0})
    for (double R : {0.0, 0.05}) {
      const RoadHeight h = roadHeight(road, x, R);
      EXPECT_EQ(h.h, 0.2) << "x " << x << " R " << R;
      EXPECT_EQ(h.dh, 0.0);
      EXPECT_EQ(h.ddh, 0.0);
    }
}

TEST(RoadProfile, PointContactFollowsTheCircle) {
  const double r = 0.1;
  const RoadProfile road = oneBump(0.2, 5.0, r);
  // the top of the circle: h = base + r, flat, curvature -1/r
  const RoadHeight top = roadHeight(road, 5.0, 0.0);
  EXPECT_NEAR(top.h, 0.2 + r, 1e-15);
  EXPECT_NEAR(top.dh, 0.0, 1e-15);
  EXPECT_NEAR(top.ddh, -1.0 / r, 1e-12);
  // half way down the far side: h = sqrt(3)/2 r, slope -1/sqrt(3), curvature -r^2 / w^3
  const RoadHeight side = roadHeight(road, 5.0 + r / 2, 0.0);
  const double w = std::sqrt(3.0) / 2 * r;
  EXPECT_NEAR(side.h, 0.2 + w, 1e-15);
  EXPECT_NEAR(side.dh, -1.0 / std::sqrt(3.0), 1e-13);
  EXPECT_NEAR(side.ddh, -r * r / (w * w * w), 1e-10);
  // the near side climbs
  EXPECT_NEAR(roadHeight(road, 5.0 - r / 2, 0.0).dh, 1.0 / std::sqrt(3.0), 1e-13);
}

TEST(RoadProfile, RingFeelsTheEnvelopeFromItsFirstTouch) {
  const double r = 0.1, R = 0.4, base = 0.2;
  const RoadProfile road = oneBump(base, 0.0, r);
  // the ring touches where its centre, on the circle of radius r + R, is R above the base
  const double touch = std::sqrt((r + R) * (r + R) - R * R);
  // just before and after the touch: h continuous, the slope jumps to sqrt(2 R r + r^2) / R
  const RoadHeight before = roadHeight(road, -touch - 1e-6, R);
  const RoadHeight after = roadHeight(road, -touch + 1e-6, R);
  EXPECT_EQ(before.h, base);
  EXPECT_EQ(before.dh, 0.0);
  EXPECT_NEAR(after.h, base, 1e-5) << "continuous at the first touch";
  EXPECT_NEAR(after.dh, std::sqrt(2 * R * r + r * r) / R, 1e-4);
  // on top of the bump the ring's centre is r + R above the axis: h = base + r
  EXPECT_NEAR(roadHeight(road, 0.0, R).h, base + r, 1e-15);
  // there the envelope is a circle of radius r + R
  EXPECT_NEAR(roadHeight(road, 0.0, R).ddh, -1.0 / (r + R), 1e-12);
  // wider than the bump itself: felt where a point contact still sees the flat base
  EXPECT_GT(roadHeight(road, -1.5 * r, R).h, base);
  EXPECT_EQ(roadHeight(road, -1.5 * r, 0.0).h, base);
}

TEST(RoadProfile, DerivativesAreThoseOfTheHeight) {
  const RoadProfile road = oneBump(0.0, 1.0, 0.08);
  const double d = 1e-6;
  // central differences of h and of h' on the bump's sides, top and foot
  for (double R : {0.0, 0.3})
    for (double x : {0.95, 0.99, 1.0, 1.03, 1.07}) {
      const RoadHeight h = roadHeight(road, x, R), hp = roadHeight(road, x + d, R),
                       hm = roadHeight(road, x - d, R);
      EXPECT_NEAR(h.dh, (hp.h - hm.h) / (2 * d), 1e-6 * (1 + std::abs(h.dh))) << x << " " << R;
      EXPECT_NEAR(h.ddh, (hp.dh - hm.dh) / (2 * d), 1e-5 * (1 + std::abs(h.ddh))) << x << " " << R;
    }
}

TEST(RoadProfile, TheHighestBumpWins) {
  // overlapping between x = 0.07 and 0.1: the first is higher at 0.08, the second at 0.095
  RoadProfile road = oneBump(0.0, 0.0, 0.1);
  road.bumps.push_back({0.12, 0.05});
  for (double x : {-0.05, 0.0, 0.06, 0.08, 0.095, 0.1, 0.12, 0.16}) {
    // against each bump alone: the larger height, and the slope of the one that gives it
    const RoadHeight both = roadHeight(road, x, 0.0);
    const RoadHeight first = roadHeight(oneBump(0.0, 0.0, 0.1), x, 0.0);
    const RoadHeight second = roadHeight(oneBump(0.0, 0.12, 0.05), x, 0.0);
    EXPECT_EQ(both.h, std::max(first.h, second.h)) << "x " << x;
    EXPECT_EQ(both.dh, first.h >= second.h ? first.dh : second.dh) << "x " << x;
  }
}

}  // namespace
}  // namespace mbw
