#pragma once
// Spatial (6D) vectors of Featherstone, Rigid Body Dynamics Algorithms, 2008, chapter 2, in the
// Pluecker coordinates of a frame: a motion vector is m = [omega; v_O] (angular first, v_O the
// velocity of the body point at the frame's origin O), a force vector is f = [n_O; f] (moment
// about O first).
//
// A coordinate transform from frame A to frame B, whose origin lies at r (A coordinates) and whose
// axes are rotated by E (E maps A coordinates to B coordinates, E = R_AB^T), is (chapter 2,
// coordinate transforms)
//     B_X_A  = [ E 0; -E r^ E ]          for motion vectors,
//     B_X*_A = [ E -E r^; 0 E ]          for force vectors, with (B_X*_A) = (A_X_B)^T.
// The spatial cross products (chapter 2)
//     m x  m2 = [w x w2; w x v2 + v x w2],   m x* f = [w x n + v x f; w x f].
// The rigid-body inertia about the centre of mass in body axes is diag(I_c, m 1) (chapter 2,
// rigid-body inertia, with c = 0); an inertia in B coordinates moves to A as (B_X_A)^T I_B B_X_A.
//
// Everything is written over the scalar type (double, or an automatic-differentiation scalar for
// the Jacobians of joint/tree_jacobians.h); the double types keep their short names.

#include "math/types.h"

namespace mbw {

template <typename S>
using Vec3T = Eigen::Matrix<S, 3, 1>;
template <typename S>
using Mat3T = Eigen::Matrix<S, 3, 3>;
template <typename S>
using Vec6T = Eigen::Matrix<S, 6, 1>;
template <typename S>
using Mat6T = Eigen::Matrix<S, 6, 6>;
using Vec6 = Vec6T<double>;
using Mat6 = Mat6T<double>;

// m x m2
template <typename S>
Vec6T<S> crossMotion(const Vec6T<S>& m, const Vec6T<S>& m2) {
  const Vec3T<S> w = m.template head<3>(), v = m.template tail<3>();
  Vec6T<S> out;
  out.template head<3>() = w.cross(m2.template head<3>());
  out.template tail<3>() = w.cross(m2.template tail<3>()) + v.cross(m2.template head<3>());
  return out;
}

// m x* f
template <typename S>
Vec6T<S> crossForce(const Vec6T<S>& m, const Vec6T<S>& f) {
  const Vec3T<S> w = m.template head<3>(), v = m.template tail<3>();
  Vec6T<S> out;
  out.template head<3>() = w.cross(f.template head<3>()) + v.cross(f.template tail<3>());
  out.template tail<3>() = w.cross(f.template tail<3>());
  return out;
}

// B_X_A, stored as (E, r): E rotates A coordinates into B's, r is B's origin in A coordinates.
template <typename S>
struct SpatialTransformT {
  Mat3T<S> E = Mat3T<S>::Identity();
  Vec3T<S> r = Vec3T<S>::Zero();

  // B_X_A m: a motion vector from A to B coordinates
  Vec6T<S> applyMotion(const Vec6T<S>& m) const {
    Vec6T<S> out;
    out.template head<3>() = E * m.template head<3>();
    out.template tail<3>() = E * (m.template tail<3>() - r.cross(m.template head<3>()));
    return out;
  }
  // A_X_B m: a motion vector from B back to A coordinates
  Vec6T<S> applyMotionInverse(const Vec6T<S>& m) const {
    Vec6T<S> out;
    out.template head<3>() = E.transpose() * m.template head<3>();
    out.template tail<3>() = E.transpose() * m.template tail<3>() + r.cross(out.template head<3>());
    return out;
  }
  // (B_X_A)^T f = A_X*_B f: a force vector from B to A coordinates
  Vec6T<S> applyTransposeForce(const Vec6T<S>& f) const {
    Vec6T<S> out;
    out.template tail<3>() = E.transpose() * f.template tail<3>();
    out.template head<3>() = E.transpose() * f.template head<3>() + r.cross(out.template tail<3>());
    return out;
  }
  // the 6 x 6 motion transform
  Mat6T<S> matrix() const {
    Mat3T<S> rx;
    rx << S(0), -r.z(), r.y(), r.z(), S(0), -r.x(), -r.y(), r.x(), S(0);
    Mat6T<S> X;
    X.template topLeftCorner<3, 3>() = E;
    X.template topRightCorner<3, 3>().setZero();
    X.template bottomLeftCorner<3, 3>() = -E * rx;
    X.template bottomRightCorner<3, 3>() = E;
    return X;
  }
  // X^T I X: an inertia in B coordinates moved to A coordinates
  Mat6T<S> transformInertiaToParent(const Mat6T<S>& I) const {
    const Mat6T<S> X = matrix();
    return X.transpose() * I * X;
  }
};
using SpatialTransform = SpatialTransformT<double>;

// the spatial inertia about the centre of mass in body axes, diag(I_c, m 1)
inline Mat6 centroidalInertia(double mass, const Mat3& inertia) {
  Mat6 I = Mat6::Zero();
  I.topLeftCorner<3, 3>() = inertia;
  I.bottomRightCorner<3, 3>() = mass * Mat3::Identity();
  return I;
}

}  // namespace mbw
