// The points and directions a pick in the 3D view snaps to (model/snap_points.h): a body's named
// points, its origin and its solid's face centres in the world, the nearest of them within a
// radius; a picked normal snapped to the solid's face normals or the body's axes within an angle;
// the ground's origin and axes.

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
              "shape": {"type": "cylinder", "radius": 0.1, "length": 0.06, "axis": [0, 1, 0]}},
             {"name": "tilted", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0, 1, 1],
              "shape": {"type": "cylinder", "radius": 0.1, "length": 0.06, "axis": [1, 1, 0]}}]})";

TEST(SnapPoints, NamedPointsOriginAndFaceCentresInTheWorld) {
  const Model m = parseScene(kScene, "bar");
  const std::vector<SnapPoint> bar = snapPoints(m, 0);
  // two named points, the origin and the six face centres of the box
  ASSERT_EQ(bar.size(), 2u + 1u + 6u);
  // start: -0.2 along the body's x, which is world -y, from (1, 0, 0)
  for (const SnapPoint& p : bar)
    if (p.pointName == "start") {
      EXPECT_TRUE(p.p_W.isApprox(Vec3(1, -0.2, 0), 1e-12));
    }
  // the named points first, in name order, then the origin
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
  // a cylinder: its origin and its two end faces, 0.03 (half its length) along its y axis
  ASSERT_EQ(wheel.size(), 3u);
  EXPECT_TRUE(wheel[1].p_W.isApprox(Vec3(0, 0.03, 1), 1e-12));
  // the ground: the world origin
  EXPECT_EQ(snapPoints(m, kGround).front().what, "the world origin");
}

// the direction a normal snaps to on a body, within an angle (the normal itself when none)
Vec3 snapped(const Model& m, int body, const Vec3& n, double degrees) {
  const std::vector<SnapAxis> axes = snapAxes(m, body);
  const SnapAxis* a = nearestSnapAxis(axes, n, degrees);
  return a ? a->n_W : Vec3(n.normalized());
}

TEST(SnapAxis, ToTheBodyAxesWithinTheAngle) {
  const Model m = parseScene(kScene, "bar");
  // the bar's x axis is world y: a direction 3 degrees off it snaps, 20 degrees off does not
  const double a = 3.0 * M_PI / 180.0, b = 20.0 * M_PI / 180.0;
  EXPECT_TRUE(snapped(m, 0, Vec3(std::sin(a), std::cos(a), 0), 5.0).isApprox(Vec3(0, 1, 0), 1e-12));
  EXPECT_TRUE(
      snapped(m, 0, Vec3(0, -std::cos(a), std::sin(a)), 5.0).isApprox(Vec3(0, -1, 0), 1e-12));
  // 20 degrees off snaps to nothing: the normal itself comes back, normalized
  const Vec3 off(std::sin(b), std::cos(b), 0);
  EXPECT_TRUE(snapped(m, 0, 2.0 * off, 5.0).isApprox(off, 1e-12));
  // the ground snaps to the world axes
  EXPECT_TRUE(snapped(m, kGround, Vec3(0.01, 0, 1), 5.0).isApprox(Vec3::UnitZ(), 1e-12));
}

TEST(SnapAxis, ToTheFaceNormalsOfTheSolid) {
  const Model m = parseScene(kScene, "bar");
  // a cylinder lying at 45 degrees in its body: a normal 4 degrees off its axis snaps to it
  // exactly, written in the body's frame as the scene gives it
  const Vec3 axis = Vec3(1, 1, 0).normalized();
  const double a = 4.0 * M_PI / 180.0;
  const Vec3 off = std::cos(a) * axis + std::sin(a) * Vec3::UnitZ();
  const std::vector<SnapAxis> tilted = snapAxes(m, 2);
  // the cylinder's axis both ways, then the body's six axes
  ASSERT_EQ(tilted.size(), 2u + 6u);
  const SnapAxis* s = nearestSnapAxis(tilted, off, 10.0);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->what, "axis of the tilted cylinder (its top)");
  EXPECT_TRUE(s->n_B.isApprox(axis, 1e-15));
  EXPECT_TRUE(snapped(m, 2, -off, 10.0).isApprox(-axis, 1e-15));
  // the body's own axes still snap where the cylinder's is not near
  s = nearestSnapAxis(tilted, Vec3(0.02, 0.0, 1.0), 10.0);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->what, "+z axis of tilted");
  // 30 degrees off everything: none
  const Vec3 far = std::cos(M_PI / 6) * axis + std::sin(M_PI / 6) * Vec3::UnitZ();
  EXPECT_EQ(nearestSnapAxis(tilted, far, 10.0), nullptr);
  // a box's face normal comes before the body axis along it; it is in the world at the body's pose
  const std::vector<SnapAxis> bar = snapAxes(m, 0);
  // six face normals and six body axes
  ASSERT_EQ(bar.size(), 6u + 6u);
  s = nearestSnapAxis(bar, Vec3(-0.03, 1.0, 0.0), 10.0);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->what, "normal of the +x face of bar");
  EXPECT_TRUE(s->n_W.isApprox(Vec3::UnitY(), 1e-15));
  EXPECT_EQ(s->n_B, Vec3::UnitX());
  // the ground: the world's axes
  ASSERT_EQ(snapAxes(m, kGround).size(), 6u);
  EXPECT_EQ(nearestSnapAxis(snapAxes(m, kGround), Vec3(0, 0, -1), 1.0)->what,
            "-z axis of the world");
}

}  // namespace
}  // namespace mbw
