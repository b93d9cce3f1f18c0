#include "camera_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vtkCamera.h>

namespace mbw::ui {

// aim the camera at the points' box from its current direction, near enough that they fill the
// view with the margin left free
void fitCamera(vtkCamera& camera, const std::vector<Vec3>& points, double aspect, double margin) {
  if (points.empty()) return;
  // the camera's position, focal point and up as they are
  double position[3], focal[3], up[3];
  camera.GetPosition(position);
  camera.GetFocalPoint(focal);
  camera.GetViewUp(up);
  // the screen's axes: right r, up u, depth d (direction of projection)
  Vec3 d = Vec3(focal[0] - position[0], focal[1] - position[1], focal[2] - position[2]);
  d = d.norm() > 0.0 ? Vec3(d.normalized()) : Vec3(0.0, 1.0, 0.0);
  // up made square to the depth (any square direction when they are parallel)
  Vec3 u(up[0], up[1], up[2]);
  u -= d * d.dot(u);
  if (u.norm() < 1e-9) u = d.unitOrthogonal();
  u.normalize();
  const Vec3 r = d.cross(u);

  // the points' extent along the screen's axes; its middle is the new focal point
  const double inf = std::numeric_limits<double>::infinity();
  Vec3 lo(inf, inf, inf), hi(-inf, -inf, -inf);
  for (const Vec3& p : points) {
    const Vec3 s(r.dot(p), u.dot(p), d.dot(p));
    lo = lo.cwiseMin(s);
    hi = hi.cwiseMax(s);
  }
  const Vec3 mid = 0.5 * (lo + hi);
  const Vec3 centre = r * mid.x() + u * mid.y() + d * mid.z();
  // the largest extent of the points, never quite zero
  const double size = std::max({hi.x() - lo.x(), hi.y() - lo.y(), hi.z() - lo.z(), 1e-6});
  // the half-height that holds the extent up and across (across divided by the aspect)
  double half = std::max(0.5 * (hi.y() - lo.y()), 0.5 * (hi.x() - lo.x()) / std::max(aspect, 1e-3));
  // at least a thousandth of the size, then widened so that the margin stays free
  half = std::max(half, 1e-3 * size) / (1.0 - 2.0 * margin);
  const double angle = camera.GetViewAngle() * M_PI / 180.0;
  // the distance at which that half-height fills half the view angle, at the nearest depth
  const double distance = half / std::tan(0.5 * angle) + 0.5 * (hi.z() - lo.z());
  // the camera on the line of sight through the centre, at that distance
  camera.SetFocalPoint(centre.data());
  const Vec3 eye = centre - d * distance;
  camera.SetPosition(eye.data());
  camera.SetViewUp(u.data());
  camera.SetParallelScale(half);
}

// the direction and up of a standard view, about the given up
void standardDirection(StandardView view, const Vec3& up, Vec3& direction, Vec3& viewUp) {
  const Vec3 z = up.norm() > 0.0 ? Vec3(up.normalized()) : Vec3(Vec3::UnitZ());
  // the world x made horizontal (or y when x is vertical)
  Vec3 x = Vec3::UnitX() - z * z.x();
  if (x.norm() < 1e-6) x = Vec3::UnitY() - z * z.y();
  x.normalize();
  const Vec3 y = z.cross(x);  // front looks along y: x to the right, up upwards
  viewUp = z;
  // front along y; side from the right; top down along -z, y up; isometric from front-right above
  switch (view) {
    case StandardView::Front:
      direction = y;
      break;
    case StandardView::Side:
      direction = -x;
      break;
    case StandardView::Top:
      direction = -z;
      viewUp = y;
      break;
    case StandardView::Isometric:
      direction = (y - x - 0.8 * z).normalized();
      break;
  }
}

// the eight corners of VTK bounds (xmin, xmax, ymin, ...)
void appendCorners(const double b[6], std::vector<Vec3>& points) {
  if (b[0] > b[1]) return;  // empty
  // corner k: its bits choose the low or high bound of x, y and z
  for (int k = 0; k < 8; ++k)
    points.emplace_back(b[k & 1], b[2 + ((k >> 1) & 1)], b[4 + ((k >> 2) & 1)]);
}

}  // namespace mbw::ui
