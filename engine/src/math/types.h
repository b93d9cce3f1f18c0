#pragma once
// Fixed-size linear-algebra types used throughout the engine.
// Naming: a suffix _W marks a vector expressed in the world frame, _B one expressed in a body
// frame; R_WB is the rotation matrix of body B in the world frame (A in the papers).

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace mbw {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Vec4 = Eigen::Vector4d;
using Mat3 = Eigen::Matrix3d;
using Mat4 = Eigen::Matrix4d;
using Mat34 = Eigen::Matrix<double, 3, 4>;
using Mat43 = Eigen::Matrix<double, 4, 3>;
using VectorXd = Eigen::VectorXd;
using MatrixXd = Eigen::MatrixXd;

// Cross-product matrix: skew(a) * b = a x b (the "tilde" operator of Kissel et al. 2021).
inline Mat3 skew(const Vec3& a) {
  Mat3 m;
  m << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return m;
}

}  // namespace mbw
