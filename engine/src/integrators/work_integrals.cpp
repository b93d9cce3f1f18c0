#include "integrators/work_integrals.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>

namespace mbw {

Power powerOf(Formulation& f, const State& s) {
  // the power put in (loads, actuators and the drivers' reactions) and the power dissipated
  f.computePositions(s.t, s.q);
  f.computeVelocities(s.v);
  const EnergyTerms e = f.energy(s.lambda);
  return {e.powerIn + e.driverPower, e.dissipation};
}

WorkIntegrals hermiteWork(double ta, const WorkIntegrals& wa, const Power& pa, double tb,
                          const WorkIntegrals& wb, const Power& pb, double t) {
  // the cubic Hermite of the integrals, their derivatives the powers at the ends
  const double h = tb - ta;
  if (!(h > 0.0)) return wb;
  // the Hermite basis at s = (t - ta) / h
  const double s = (t - ta) / h, s2 = s * s, s3 = s2 * s;
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = 3 * s2 - 2 * s3,
               h11 = s3 - s2;
  return {h00 * wa.work + h10 * h * pa.in + h01 * wb.work + h11 * h * pb.in,
          h00 * wa.dissipated + h10 * h * pa.dissipated + h01 * wb.dissipated +
              h11 * h * pb.dissipated};
}

std::array<double, 4> interpolatoryWeights(const std::array<double, 4>& t, int n) {
  // moments of the normalized time s = (t - t[0]) / h over [0, 1]: sum_k c_k s_k^j = 1 / (j + 1)
  const double h = t[1] - t[0];
  Eigen::Matrix4d V = Eigen::Matrix4d::Identity();
  Eigen::Vector4d moments = Eigen::Vector4d::Zero();
  for (int j = 0; j < n; ++j) {
    for (int k = 0; k < n; ++k) V(j, k) = std::pow((t[k] - t[0]) / h, j);
    moments[j] = 1.0 / (j + 1);
  }
  // the weights of the n nodes, scaled back by h
  const Eigen::Vector4d c = V.partialPivLu().solve(moments);
  std::array<double, 4> w{};
  for (int k = 0; k < n; ++k) w[k] = h * c[k];
  return w;
}

WorkIntegrals InterpolatoryWork::advance(double ta, const WorkIntegrals& wa, const Power& pa,
                                         double tb, const Power& pb) {
  // the history ends at the step's start (else it starts again there, with the integrals there)
  if (points_ == 0 || t_[0] != ta) {
    t_[0] = ta;
    p_[0] = pa;
    points_ = 1;
    startTime_ = ta;
    start_ = wa;
  }
  // from the integrals at the step's start
  WorkIntegrals w = wa;
  if (points_ < 3) {
    // the first steps: the polynomial through the points known (the trapezoidal rule, then the
    // quadratic), provisionally
    // nodes: the step's ends, then the point before (when there is one)
    const std::array<double, 4> nodes{ta, tb, t_[1], 0.0};
    const std::array<Power, 4> powers{pa, pb, p_[1], Power{}};
    const std::array<double, 4> c = interpolatoryWeights(nodes, points_ + 1);
    for (int k = 0; k <= points_; ++k) w = advanced(w, c[k], powers[k]);
  } else if (t_[2] == startTime_) {
    // the third step: the first three steps again, with the cubic through the four points, so that
    // the start is of the fourth order too
    const std::array<double, 4> nodes{t_[2], tb, t_[1], t_[0]};
    const std::array<Power, 4> powers{p_[2], pb, p_[1], p_[0]};
    const std::array<double, 4> c = interpolatoryWeights(nodes, 4);
    // from the integrals at the start of the first step
    w = start_;
    for (int k = 0; k < 4; ++k) w = advanced(w, c[k], powers[k]);
  } else {
    // the cubic through the step's ends and the two points before
    const std::array<double, 4> nodes{ta, tb, t_[1], t_[2]};
    const std::array<Power, 4> powers{pa, pb, p_[1], p_[2]};
    const std::array<double, 4> c = interpolatoryWeights(nodes, 4);
    for (int k = 0; k < 4; ++k) w = advanced(w, c[k], powers[k]);
  }
  // the step's end becomes the newest point
  t_ = {tb, t_[0], t_[1]};
  p_ = {pb, p_[0], p_[1]};
  points_ = std::min(points_ + 1, 3);
  return w;
}

}  // namespace mbw
