#include "model/snap_points.h"

#include <cmath>

namespace mbw {

std::vector<SnapPoint> snapPoints(const Model& model, int body) {
  if (body < 0) return {{Vec3::Zero(), kGround, "", "the world origin"}};
  const Body& b = model.bodies[static_cast<size_t>(body)];
  auto world = [&](const Vec3& p_B) -> Vec3 { return b.position_W + b.R_WB * p_B; };
  std::vector<SnapPoint> out;
  // named points first: they snap by name
  for (const auto& [name, p] : b.points) out.push_back({world(p), body, name, "point '" + name + "' of " + b.name});
  out.push_back({b.position_W, body, "", "origin of " + b.name});
  // the solid's face centres
  static const char* const kAxes[] = {"x", "y", "z"};
  if (b.shape == "box") {
    for (int k = 0; k < 3; ++k)
      for (double sign : {1.0, -1.0})
        out.push_back({world(b.shapeCenter_B + sign * 0.5 * b.shapeSize[k] * Vec3::Unit(k)), body, "",
                       std::string("centre of the ") + (sign > 0 ? "+" : "-") + kAxes[k] + " face of " + b.name});
  } else if (b.shape == "cylinder") {
    for (double sign : {1.0, -1.0})
      out.push_back({world(b.shapeCenter_B + sign * 0.5 * b.shapeSize[1] * b.shapeAxis_B), body, "",
                     std::string("centre of the ") + (sign > 0 ? "top" : "bottom") + " of " + b.name});
  } else if (b.shape == "sphere") {
    out.push_back({world(b.shapeCenter_B), body, "", "centre of " + b.name});
  }
  return out;
}

const SnapPoint* nearestSnapPoint(const std::vector<SnapPoint>& points, const Vec3& p_W, double radius) {
  const SnapPoint* best = nullptr;
  double nearest = radius;
  for (const SnapPoint& s : points) {
    const double d = (s.p_W - p_W).norm();
    // a named point wins a tie with a face centre at the same place, up to round-off (it comes first)
    if (d < nearest - 1e-9 * radius || (best == nullptr && d <= nearest)) {
      nearest = d;
      best = &s;
    }
  }
  return best;
}

Vec3 snapAxis(const Model& model, int body, const Vec3& n_W, double degrees) {
  const Vec3 n = n_W.normalized();
  const Mat3 R = body >= 0 ? model.bodies[static_cast<size_t>(body)].R_WB : Mat3::Identity();
  const double cosine = std::cos(degrees * M_PI / 180.0);
  for (int k = 0; k < 3; ++k)
    for (double sign : {1.0, -1.0})
      if (sign * R.col(k).dot(n) >= cosine) return sign * R.col(k);
  return n;
}

}  // namespace mbw
