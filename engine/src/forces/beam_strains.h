#pragma once
// Strains of the three-node beam element at its two evaluation points, as functions of the
// element's twelve "slot" vectors (forces/beam_element.h has the theory):
//     y = (x_1, d1_1, d2_1, d3_1,  x_2, d1_2, ...,  x_3, ..., d3_3)      (3 x 12)
// x_i the beam point of node i, d_a_i = R_i e_a the section axes (directors) of node i. Positions
// and directors are interpolated with the parabolic Lagrange functions on xi in [-1, 1]
//     N_1 = xi (xi - 1) / 2,   N_2 = 1 - xi^2,   N_3 = xi (xi + 1) / 2,
// and the strains at a point are (Betsch and Steinmann 2002, eqs 23-24; Romero and Armero 2002)
//     Gamma_a = d_a . x' - Gamma0_a                                      (a = 1, 2, 3)
//     K_a     = 1/2 (d_b' . d_c - d_c' . d_b) - K0_a                     ((a, b, c) cyclic)
// with ' = d/ds = (dN/dxi) / (ds/dxi). Each is a bilinear form in y,
//     eps_k = 1/2 sum_IJ H_k[I, J] y_I . y_J - eps0_k,
// so its gradient B_k = d eps_k / dy (3 x 12, column I = sum_J H_k[I, J] y_J) is linear in y,
// its rate is eps_k' = B_k(y) : ydot, and d(eps_k')/dy = B_k(ydot).

#include <array>
#include <cmath>

#include "math/types.h"

namespace mbw {

using BeamSlots = Eigen::Matrix<double, 3, 12>;
using BeamStrains = Eigen::Matrix<double, 6, 1>;  // (Gamma_1..3, K_1..3), or (F1..3, M1..3)

// slot index of node i's beam point (c = 0) or director d_c (c = 1, 2, 3)
constexpr int beamSlot(int node, int c) { return 4 * node + c; }

// Shape functions of one evaluation point.
struct BeamShape {
  double xi = 0.0;
  double N[3] = {0.0, 0.0, 0.0};
  double dN[3] = {0.0, 0.0, 0.0};  // dN/dxi
};

inline BeamShape beamShape(double xi) {
  BeamShape s;
  s.xi = xi;
  s.N[0] = 0.5 * xi * (xi - 1.0);
  s.N[1] = 1.0 - xi * xi;
  s.N[2] = 0.5 * xi * (xi + 1.0);
  s.dN[0] = xi - 0.5;
  s.dN[1] = -2.0 * xi;
  s.dN[2] = xi + 0.5;
  return s;
}

// the evaluation points xi = -+1/sqrt(3) (two-point Gauss-Legendre, weights 1)
inline double beamEvaluationXi(int point) { return (point == 0 ? -1.0 : 1.0) / std::sqrt(3.0); }

// The interpolated quantities of one evaluation point, for slot vectors y (or their rates).
class BeamPointInterpolation {
 public:
  // metric: ds/dxi of the reference geometry at the point
  BeamPointInterpolation(const BeamSlots& y, const BeamShape& shape, double metric) {
    for (int i = 0; i < 3; ++i) {
      N_[i] = shape.N[i];
      dN_[i] = shape.dN[i] / metric;
    }
    xp_.setZero();
    for (int a = 0; a < 3; ++a) d_[a].setZero(), dp_[a].setZero();
    for (int i = 0; i < 3; ++i) {
      xp_ += dN_[i] * y.col(beamSlot(i, 0));
      for (int a = 0; a < 3; ++a) {
        d_[a] += N_[i] * y.col(beamSlot(i, a + 1));
        dp_[a] += dN_[i] * y.col(beamSlot(i, a + 1));
      }
    }
  }

  // the bilinear parts of the strains (reference values not subtracted)
  BeamStrains strains() const {
    BeamStrains e;
    for (int a = 0; a < 3; ++a) {
      const int b = (a + 1) % 3, c = (a + 2) % 3;
      e[a] = d_[a].dot(xp_);
      e[3 + a] = 0.5 * (dp_[b].dot(d_[c]) - dp_[c].dot(d_[b]));
    }
    return e;
  }

  // B_k = d eps_k / dy for the six strains
  std::array<BeamSlots, 6> gradients() const {
    std::array<BeamSlots, 6> B;
    for (BeamSlots& b : B) b.setZero();
    for (int a = 0; a < 3; ++a) {
      const int b = (a + 1) % 3, c = (a + 2) % 3;
      for (int i = 0; i < 3; ++i) {
        B[a].col(beamSlot(i, 0)) = dN_[i] * d_[a];
        B[a].col(beamSlot(i, a + 1)) = N_[i] * xp_;
        B[3 + a].col(beamSlot(i, b + 1)) = 0.5 * (dN_[i] * d_[c] - N_[i] * dp_[c]);
        B[3 + a].col(beamSlot(i, c + 1)) = 0.5 * (N_[i] * dp_[b] - dN_[i] * d_[b]);
      }
    }
    return B;
  }

  // sum_k s_k H_k (12 x 12, symmetric): the second derivatives of the strains weighted by s
  Eigen::Matrix<double, 12, 12> weightedHessian(const BeamStrains& s) const {
    Eigen::Matrix<double, 12, 12> h = Eigen::Matrix<double, 12, 12>::Zero();
    auto add = [&](int I, int J, double value) {
      h(I, J) += value;
      h(J, I) += value;
    };
    for (int a = 0; a < 3; ++a) {
      const int b = (a + 1) % 3, c = (a + 2) % 3;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          add(beamSlot(i, 0), beamSlot(j, a + 1), s[a] * dN_[i] * N_[j]);
          add(beamSlot(i, b + 1), beamSlot(j, c + 1),
              s[3 + a] * 0.5 * (dN_[i] * N_[j] - N_[i] * dN_[j]));
        }
    }
    return h;
  }

 private:
  double N_[3], dN_[3];  // dN: d/ds
  Vec3 xp_, d_[3], dp_[3];
};

// The section of an element at xi for display: point and axes interpolated as the element
// interpolates them (positions and directors), the axes orthonormalized from axis 1 (the
// interpolated directors are not orthonormal between the nodes).
inline void beamSectionPose(const Vec3 (&x)[3], const Mat3 (&R)[3], double xi, Vec3& point,
                            Mat3& axes) {
  const BeamShape s = beamShape(xi);
  point.setZero();
  Mat3 d = Mat3::Zero();
  for (int i = 0; i < 3; ++i) {
    point += s.N[i] * x[i];
    d += s.N[i] * R[i];
  }
  const Vec3 t = d.col(0).normalized();
  const Vec3 y = (d.col(1) - d.col(1).dot(t) * t).normalized();
  axes << t, y, t.cross(y);
}

// The rates of the strains, B_k : ydot.
inline BeamStrains beamStrainRates(const std::array<BeamSlots, 6>& B, const BeamSlots& ydot) {
  BeamStrains r;
  for (int k = 0; k < 6; ++k) r[k] = B[k].cwiseProduct(ydot).sum();
  return r;
}

}  // namespace mbw
