#include "model/snap_points.h"

#include <cmath>

namespace mbw {

std::vector<SnapPoint> snapPoints(const Model& model, int body) {
  // the ground's only point: the world origin
  if (body < 0) return {{Vec3::Zero(), kGround, "", "the world origin"}};
  const Body& b = model.bodies[static_cast<size_t>(body)];
  // a point of the body, from its frame to the world
  auto world = [&](const Vec3& p_B) -> Vec3 { return b.position_W + b.R_WB * p_B; };
  std::vector<SnapPoint> out;
  // named points first: they snap by name
  for (const auto& [name, p] : b.points)
    out.push_back({world(p), body, name, "point '" + name + "' of " + b.name});
  // the body's origin
  out.push_back({b.position_W, body, "", "origin of " + b.name});
  // the solid's face centres
  static const char* const kAxes[] = {"x", "y", "z"};
  if (b.shape == "box") {
    // a box: the centres of its six faces
    for (int k = 0; k < 3; ++k)
      for (double sign : {1.0, -1.0})
        out.push_back({world(b.shapeCenter_B + sign * 0.5 * b.shapeSize[k] * Vec3::Unit(k)), body,
                       "",
                       std::string("centre of the ") + (sign > 0 ? "+" : "-") + kAxes[k] +
                           " face of " + b.name});
  } else if (b.shape == "cylinder") {
    // a cylinder: the centres of its two ends
    for (double sign : {1.0, -1.0})
      out.push_back(
          {world(b.shapeCenter_B + sign * 0.5 * b.shapeSize[1] * b.shapeAxis_B), body, "",
           std::string("centre of the ") + (sign > 0 ? "top" : "bottom") + " of " + b.name});
  } else if (b.shape == "sphere") {
    // a sphere: its centre
    out.push_back({world(b.shapeCenter_B), body, "", "centre of " + b.name});
  }
  return out;
}

const SnapPoint* nearestSnapPoint(const std::vector<SnapPoint>& points, const Vec3& p_W,
                                  double radius) {
  // the nearest within the radius
  const SnapPoint* best = nullptr;
  double nearest = radius;
  for (const SnapPoint& s : points) {
    const double d = (s.p_W - p_W).norm();
    // a named point wins a tie with a face centre at the same place, up to round-off (it comes
    // first)
    if (d < nearest - 1e-9 * radius || (best == nullptr && d <= nearest)) {
      nearest = d;
      best = &s;
    }
  }
  return best;
}

std::vector<SnapAxis> snapAxes(const Model& model, int body) {
  static const char* const kAxes[] = {"x", "y", "z"};
  // the ground's axes are the world's
  const Body* b = body >= 0 ? &model.bodies[static_cast<size_t>(body)] : nullptr;
  const Mat3 R = b ? b->R_WB : Mat3::Identity();
  const std::string owner = b ? b->name : "the world";
  std::vector<SnapAxis> out;
  // each direction in the world, and in the body's frame for the joint that snaps to it
  auto add = [&](const Vec3& n_B, const std::string& what) {
    out.push_back({R * n_B, n_B, body, what});
  };
  // the solid's face normals: a box's faces lie along its frame's axes, a cylinder's ends across
  // its axis
  if (b && b->shape == "box") {
    for (int k = 0; k < 3; ++k)
      for (double sign : {1.0, -1.0})
        add(sign * Vec3::Unit(k), std::string("normal of the ") + (sign > 0 ? "+" : "-") +
                                      kAxes[k] + " face of " + owner);
  } else if (b && b->shape == "cylinder") {
    const Vec3& a = b->shapeAxis_B;  // unit (the reader's), not normalized again: written as it is
    add(a, "axis of the " + owner + " cylinder (its top)");
    add(-a, "axis of the " + owner + " cylinder (its bottom)");
  }
  // the body's axes
  for (int k = 0; k < 3; ++k)
    for (double sign : {1.0, -1.0})
      add(sign * Vec3::Unit(k), std::string(sign > 0 ? "+" : "-") + kAxes[k] + " axis of " + owner);
  return out;
}

const SnapAxis* nearestSnapAxis(const std::vector<SnapAxis>& axes, const Vec3& n_W,
                                double degrees) {
  const Vec3 n = n_W.normalized();
  // the nearest within the angle: the largest cosine, at least the angle's
  const SnapAxis* best = nullptr;
  double nearest = std::cos(degrees * M_PI / 180.0);
  for (const SnapAxis& a : axes) {
    const double c = a.n_W.dot(n);
    // a later direction wins only when nearer by more than round-off
    if (c > nearest + 1e-12 || (best == nullptr && c >= nearest)) {
      nearest = c;
      best = &a;
    }
  }
  return best;
}

}  // namespace mbw
