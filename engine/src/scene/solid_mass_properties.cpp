#include "scene/solid_mass_properties.h"

#include <cmath>
#include <stdexcept>

namespace mbw {

// --- a solid's mass properties -------------------------------------------------------------------

SolidMass solidMassProperties(const std::string& shape, const Vec3& size, const Vec3& axis_B,
                              const Vec3& center_B, double density) {
  // a density that gives a finite, positive mass; the solid's centre is its centre of mass
  if (!(density > 0.0) || !std::isfinite(density))
    throw std::invalid_argument("the density must be positive");
  SolidMass s;
  s.centerOfMass_B = center_B;
  if (shape == "box") {
    // edges a, b, c along the body axes
    if (!(size.minCoeff() > 0.0)) throw std::invalid_argument("a box's edges must be positive");
    const double a2 = size.x() * size.x(), b2 = size.y() * size.y(), c2 = size.z() * size.z();
    // m = rho a b c; I = m (b^2 + c^2) / 12 about x, and alike about y and z
    s.mass = density * size.prod();
    s.inertia_B = (s.mass / 12.0 * Vec3(b2 + c2, a2 + c2, a2 + b2)).asDiagonal();
  } else if (shape == "cylinder") {
    // about its own axis and across it, turned onto the body's axis
    const double r = size.x(), length = size.y();
    if (!(r > 0.0) || !(length > 0.0))
      throw std::invalid_argument("a cylinder's radius and length must be positive");
    if (!(axis_B.norm() > 0.0)) throw std::invalid_argument("a cylinder's axis must not be zero");
    const Vec3 a = axis_B.normalized();
    // m = rho pi r^2 l; m r^2 / 2 about the axis, m (3 r^2 + l^2) / 12 across it
    s.mass = density * M_PI * r * r * length;
    const double along = s.mass * r * r / 2.0,
                 across = s.mass * (3.0 * r * r + length * length) / 12.0;
    s.inertia_B = across * (Mat3::Identity() - a * a.transpose()) + along * a * a.transpose();
  } else if (shape == "sphere") {
    // radius r: m = rho 4/3 pi r^3, I = 2/5 m r^2 about every axis
    const double r = size.x();
    if (!(r > 0.0)) throw std::invalid_argument("a sphere's radius must be positive");
    s.mass = density * 4.0 / 3.0 * M_PI * r * r * r;
    s.inertia_B = (0.4 * s.mass * r * r) * Mat3::Identity();
  } else {
    throw std::invalid_argument("no solid named '" + shape + "' (box, cylinder, sphere)");
  }
  return s;
}

// --- a bar between two points --------------------------------------------------------------------

BarPlacement placeBar(const Vec3& a_W, const Vec3& b_W, const Vec3& up_W) {
  BarPlacement p;
  const Vec3 d = b_W - a_W;
  p.length = d.norm();
  if (!(p.length > 0.0)) throw std::invalid_argument("a bar needs two different end points");
  // the centre between the ends, x along the bar
  p.position_W = 0.5 * (a_W + b_W);
  const Vec3 x = d / p.length;
  // y horizontal: across the bar and the vertical (for a vertical bar, across it and the world
  // axis least aligned with it), on the side where its largest world component is positive: the
  // bars of a planar mechanism, leaning either way, have the same y (their hinge axis)
  Vec3 y = up_W.cross(x);
  if (y.norm() < 1e-9 * std::max(1.0, up_W.norm())) {
    Eigen::Index k = 0;
    x.cwiseAbs().minCoeff(&k);
    y = x.cross(Vec3::Unit(k));
  }
  y.normalize();
  Eigen::Index largest = 0;
  y.cwiseAbs().maxCoeff(&largest);
  if (y[largest] < 0.0) y = -y;
  // z completes the right-handed frame
  p.R_WB.col(0) = x;
  p.R_WB.col(1) = y;
  p.R_WB.col(2) = x.cross(y);
  return p;
}

}  // namespace mbw
