#include "model/snap_points.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"

namespace mbw {
namespace {

// a bar 0.4 m long along x (turned 90 degrees about z: along world y), its ends named
const char* kScene = R"({"format": "mbw-scene", "version": 1, "name": "bar",
  "bodies": [{"name": "bar", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [1, 0, 0],
              "orientation": {"axis": [0, 0, 1], "angle": 1.5707963267948966},
              "points": {"start": [-0.2, 0, 0], "end": [0.2, 0, 0]},
              "shape": {"type": "box", "size": [0.4, 0.05, 0.02]}},
             {"name": "wheel", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0, 0, 1],
              "shape": {"type": "cylinder", "radius": 0.1, "length": 0.06, "axis": [0, 1, 0]}}]})";

TEST(SnapPoints, NamedPointsOriginAndFaceCentresInTheWorld) {
  const Model m = parseScene(kScene, "bar");
  const std::vector<SnapPoint> bar = snapPoints(m, 0);
  ASSERT_EQ(bar.size(), 2u + 1u + 6u);
  for (const SnapPoint& p : bar)
    if (p.pointName == "start") EXPECT_TRUE(p.p_W.isApprox(Vec3(1, -0.2, 0), 1e-12));
  EXPECT_EQ(bar[0].pointName + bar[1].pointName, "endstart");
  EXPECT_EQ(bar[2].what, "origin of bar");
  // the +x face centre is the end point: the named point comes first and wins
  const SnapPoint* s = nearestSnapPoint(bar, Vec3(1.01, 0.21, 0.0), 0.05);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->pointName, "end");
  // the +z face centre (top of the bar)
  s = nearestSnapPoint(bar, Vec3(1.0, 0.0, 0.012), 0.05);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->what, "centre of the +z face of bar");
  EXPECT_TRUE(s->p_W.isApprox(Vec3(1, 0, 0.01), 1e-12));
  // nothing within the radius
  EXPECT_EQ(nearestSnapPoint(bar, Vec3(3, 3, 3), 0.05), nullptr);
}

TEST(SnapPoints, CylinderEndsAndTheGround) {
  const Model m = parseScene(kScene, "bar");
  const std::vector<SnapPoint> wheel = snapPoints(m, 1);
  ASSERT_EQ(wheel.size(), 3u);
  EXPECT_TRUE(wheel[1].p_W.isApprox(Vec3(0, 0.03, 1), 1e-12));
  EXPECT_EQ(snapPoints(m, kGround).front().what, "the world origin");
}

TEST(SnapAxis, ToTheBodyAxesWithinTheAngle) {
  const Model m = parseScene(kScene, "bar");
  // the bar's x axis is world y: a direction 3 degrees off it snaps, 20 degrees off does not
  const double a = 3.0 * M_PI / 180.0, b = 20.0 * M_PI / 180.0;
  EXPECT_TRUE(snapAxis(m, 0, Vec3(std::sin(a), std::cos(a), 0), 5.0).isApprox(Vec3(0, 1, 0), 1e-12));
  EXPECT_TRUE(snapAxis(m, 0, Vec3(0, -std::cos(a), std::sin(a)), 5.0).isApprox(Vec3(0, -1, 0), 1e-12));
  const Vec3 off(std::sin(b), std::cos(b), 0);
  EXPECT_TRUE(snapAxis(m, 0, 2.0 * off, 5.0).isApprox(off, 1e-12));
  EXPECT_TRUE(snapAxis(m, kGround, Vec3(0.01, 0, 1), 5.0).isApprox(Vec3::UnitZ(), 1e-12));
}

}  // namespace
}  // namespace mbw
