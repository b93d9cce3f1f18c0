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

#include "math/types.h"

namespace mbw {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

// m x m2
inline Vec6 crossMotion(const Vec6& m, const Vec6& m2) {
  const Vec3 w = m.head<3>(), v = m.tail<3>();
  Vec6 out;
  out.head<3>() = w.cross(m2.head<3>());
  out.tail<3>() = w.cross(m2.tail<3>()) + v.cross(m2.head<3>());
  return out;
}

// m x* f
inline Vec6 crossForce(const Vec6& m, const Vec6& f) {
  const Vec3 w = m.head<3>(), v = m.tail<3>();
  Vec6 out;
  out.head<3>() = w.cross(f.head<3>()) + v.cross(f.tail<3>());
  out.tail<3>() = w.cross(f.tail<3>());
  return out;
}

// B_X_A, stored as (E, r): E rotates A coordinates into B's, r is B's origin in A coordinates.
struct SpatialTransform {
  Mat3 E = Mat3::Identity();
  Vec3 r = Vec3::Zero();

  // B_X_A m: a motion vector from A to B coordinates
  Vec6 applyMotion(const Vec6& m) const {
    Vec6 out;
    out.head<3>() = E * m.head<3>();
    out.tail<3>() = E * (m.tail<3>() - r.cross(m.head<3>()));
    return out;
  }
  // A_X_B m: a motion vector from B back to A coordinates
  Vec6 applyMotionInverse(const Vec6& m) const {
    Vec6 out;
    out.head<3>() = E.transpose() * m.head<3>();
    out.tail<3>() = E.transpose() * m.tail<3>() + r.cross(out.head<3>());
    return out;
  }
  // (B_X_A)^T f = A_X*_B f: a force vector from B to A coordinates
  Vec6 applyTransposeForce(const Vec6& f) const {
    Vec6 out;
    out.tail<3>() = E.transpose() * f.tail<3>();
    out.head<3>() = E.transpose() * f.head<3>() + r.cross(out.tail<3>());
    return out;
  }
  // the 6 x 6 motion transform
  Mat6 matrix() const {
    Mat6 X;
    X.topLeftCorner<3, 3>() = E;
    X.topRightCorner<3, 3>().setZero();
    X.bottomLeftCorner<3, 3>() = -E * skew(r);
    X.bottomRightCorner<3, 3>() = E;
    return X;
  }
  // X^T I X: an inertia in B coordinates moved to A coordinates
  Mat6 transformInertiaToParent(const Mat6& I) const {
    const Mat6 X = matrix();
    return X.transpose() * I * X;
  }
};

// the spatial inertia about the centre of mass in body axes, diag(I_c, m 1)
inline Mat6 centroidalInertia(double mass, const Mat3& inertia) {
  Mat6 I = Mat6::Zero();
  I.topLeftCorner<3, 3>() = inertia;
  I.bottomRightCorner<3, 3>() = mass * Mat3::Identity();
  return I;
}

}  // namespace mbw
