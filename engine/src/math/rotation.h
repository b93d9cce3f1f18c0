#pragma once
// Rotation parameterizations and conversions.
//  - Euler parameters p = (e0, e1, e2, e3), scalar first; A(p) as in Kissel et al. 2021 eq (22).
//  - ZXZ Euler angles (phi, theta, psi): A = A1(phi) A2(theta) A3(psi), Kissel et al. 2021
//  section 2.3.
//  - Exponential map on SO(3) (Rodrigues), Kissel et al. 2021 eqs (5)-(7).

#include "math/types.h"

namespace mbw {

// A(p) of Kissel et al. 2021 eq (22); orthonormal when |p| = 1.
Mat3 rotationFromEulerParameters(const Vec4& p);

// Unit Euler parameters of a rotation matrix (Shepperd's method), e0 >= 0.
// The matrix is re-orthonormalized first, so a matrix given to a few digits is accepted.
Vec4 eulerParametersFromRotation(const Mat3& R);

// The same for a matrix already orthonormal to rounding (no re-orthonormalization).
Vec4 eulerParametersFromOrthonormal(const Mat3& R);

// G(p) of Haug (B^P in Kissel et al. 2021 eq 39c): body angular velocity omega_B = 2 G(p) pdot.
Mat34 eulerParameterG(const Vec4& p);

// Rodrigues: exp(skew(theta)), Kissel et al. 2021 eqs (5)-(6).
Mat3 expSO3(const Vec3& theta);

// Inverse of expSO3 for rotations below pi: the rotation vector theta with exp(skew(theta)) = R.
Vec3 logSO3(const Mat3& R);

// ZXZ Euler angles: A1(phi) A2(theta) A3(psi).
Mat3 rotationFromZXZ(const Vec3& angles);

// ZXZ angles of a rotation matrix, theta in [0, pi]; at theta = 0 or pi the split between phi and
// psi is arbitrary (psi = 0 is chosen).
Vec3 zxzFromRotation(const Mat3& R);

// Tait-Bryan angles (a, b, c) of R = R_i(a) R_j(b) R_k(c) about the world axes i, j, k
// (0 = x, 1 = y, 2 = z, all different): c = atan2(-s R_ij, R_ii), b = atan2(s R_ik, R_ii cos c -
// s R_ij sin c), a = atan2(-s R_jk, R_kk), s = +1 for a cyclic sequence (xyz, yzx, zxy), else -1.
// For zxy the angle about x is the sensor of the flexible-beam benchmarks (refdata README).
Vec3 taitBryanAngles(const Mat3& R, const int (&axes)[3]);
// R = R_i(a) R_j(b) R_k(c) of the angles (a, b, c), the inverse of taitBryanAngles
Mat3 rotationFromTaitBryan(const Vec3& angles, const int (&axes)[3]);
// Their rates for the angular velocity omega_W: omega_W = da e_i + db R_i(a) e_j + dc R_i(a) R_j(b)
// e_k.
Vec3 taitBryanRates(const Vec3& angles, const int (&axes)[3], const Vec3& omega_W);

// Nearest rotation matrix (polar decomposition through the SVD).
Mat3 orthonormalized(const Mat3& R);

}  // namespace mbw
