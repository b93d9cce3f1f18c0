#include "analysis/pendulum_closed_form.h"

#include <algorithm>
#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>
#include <cmath>
#include <stdexcept>

namespace mbw {
namespace {

// F(phi, m) for any real phi: F(phi + n pi) = F(phi) + 2 n K
double incompleteF(double phi, double modulus, double quarter) {
  const double n = std::round(phi / M_PI);
  return 2.0 * n * quarter + boost::math::ellint_1(modulus, phi - n * M_PI);
}

struct Jacobi {
  double sn, cn;
};

// sn and cn at u reduced into [-2K, 2K] (period 4K)
Jacobi jacobi(double u, double modulus, double quarter) {
  const double reduced = u - 4.0 * quarter * std::round(u / (4.0 * quarter));
  Jacobi j{};
  j.sn = boost::math::jacobi_elliptic(modulus, reduced, &j.cn, static_cast<double*>(nullptr));
  return j;
}

}  // namespace

PendulumClosedForm::PendulumClosedForm(double w0, double angle0, double rate0) : w0_(w0) {
  if (!(w0 > 0.0)) throw std::invalid_argument("the pendulum's frequency w0 must be positive");
  // k^2 = sin^2(theta0 / 2) + (theta0' / 2 w0)^2: k < 1 swings, k > 1 turns over
  const double half = std::sin(0.5 * angle0);
  k_ = std::sqrt(half * half + rate0 * rate0 / (4.0 * w0 * w0));
  // k = 1 is the separatrix: no periodic motion to write in closed form
  if (std::abs(k_ - 1.0) < 1e-12)
    throw std::invalid_argument(
        "the pendulum starts on its separatrix (it would take forever to reach the top)");
  if (k_ < 1.0) {
    // libration: the phase u0 from sn(u0) = sin(theta0/2) / k, on the side cn has the sign of
    // theta0'
    modulus_ = k_;
    // K(k): a quarter of sn's period
    quarter_ = boost::math::ellint_1(modulus_);
    sign_ = 1.0;
    // at rest at the bottom: no phase
    if (k_ == 0.0) {
      phase0_ = 0.0;
      return;
    }
    const double s = std::clamp(half / k_, -1.0, 1.0);
    phase0_ = boost::math::ellint_1(modulus_, std::asin(s));
    if (rate0 < 0.0) phase0_ = 2.0 * quarter_ - phase0_;
  } else {
    // rotation: the amplitude am(v0) = theta0 / 2
    modulus_ = 1.0 / k_;
    quarter_ = boost::math::ellint_1(modulus_);
    sign_ = rate0 < 0.0 ? -1.0 : 1.0;
    phase0_ = incompleteF(0.5 * angle0, modulus_, quarter_);
  }
}

PendulumClosedForm::Motion PendulumClosedForm::at(double t) const {
  Motion m;
  // at rest: stays at the bottom
  if (k_ == 0.0) return m;
  if (!rotates()) {
    // theta = 2 asin(k sn(u0 + w0 t)), theta' = 2 k w0 cn
    const Jacobi j = jacobi(phase0_ + w0_ * t, modulus_, quarter_);
    m.angle = 2.0 * std::asin(std::clamp(k_ * j.sn, -1.0, 1.0));
    m.rate = 2.0 * k_ * w0_ * j.cn;
    return m;
  }
  // am(v) = n pi + atan2(sn, cn) of v reduced into [-K, K] (where cn >= 0)
  const double v = phase0_ + sign_ * k_ * w0_ * t;
  // v reduced into [-K, K] by whole multiples of 2K, each a full turn of theta
  const double turns = std::round(v / (2.0 * quarter_));
  const double reduced = v - 2.0 * quarter_ * turns;
  double cn = 0.0;
  const double sn =
      boost::math::jacobi_elliptic(modulus_, reduced, &cn, static_cast<double*>(nullptr));
  // dn^2 = cn^2 + (1 - m^2) sn^2, a sum of positive terms (Boost 1.74's own dn is off by up to
  // 1e-3 within 1e-10 of u = +-K)
  const double dn = std::sqrt(cn * cn + (1.0 - modulus_ * modulus_) * sn * sn);
  // theta = 2 am(v), theta' = 2 k w0 dn(v), with the direction's sign
  m.angle = 2.0 * (turns * M_PI + std::atan2(sn, cn));
  m.rate = 2.0 * sign_ * k_ * w0_ * dn;
  return m;
}

double PendulumClosedForm::period() const {
  // libration: sn has period 4K in u = w0 t; rotation: theta gains 2 pi when v gains 2K
  return rotates() ? 2.0 * quarter_ / (k_ * w0_) : 4.0 * quarter_ / w0_;
}

}  // namespace mbw
