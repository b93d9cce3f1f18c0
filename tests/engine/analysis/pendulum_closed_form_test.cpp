// The pendulum in closed form against what a pendulum must do: conserve its energy, have the rate
// that is the derivative of its angle, agree with a fine Runge-Kutta integration of
// theta'' = -w0^2 sin(theta) (swinging and going over the top, either way), swing with the
// period 4 K(sin(theta0 / 2)) / w0, and tend to the harmonic oscillator at small amplitude.

#include "analysis/pendulum_closed_form.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace mbw {
namespace {

// classical fourth-order Runge-Kutta on (theta, rate), h small enough for 1e-11 here
PendulumClosedForm::Motion integrate(double w0, double angle0, double rate0, double t, int steps) {
  const double h = t / steps;
  double a = angle0, r = rate0;
  auto acc = [w0](double x) { return -w0 * w0 * std::sin(x); };
  for (int i = 0; i < steps; ++i) {
    const double k1a = r, k1r = acc(a);
    const double k2a = r + 0.5 * h * k1r, k2r = acc(a + 0.5 * h * k1a);
    const double k3a = r + 0.5 * h * k2r, k3r = acc(a + 0.5 * h * k2a);
    const double k4a = r + h * k3r, k4r = acc(a + h * k3a);
    a += h / 6.0 * (k1a + 2.0 * k2a + 2.0 * k3a + k4a);
    r += h / 6.0 * (k1r + 2.0 * k2r + 2.0 * k3r + k4r);
  }
  return {a, r};
}

struct Start {
  double angle0, rate0;
};

TEST(PendulumClosedForm, AgreesWithAFineIntegrationSwingingAndTurning) {
  const double w0 = std::sqrt(9.81);
  // swinging, near the top, and going over it, in either direction
  for (const Start& s : {Start{M_PI / 2, 0.0}, Start{-0.3, 2.0}, Start{1.0, -1.5},
                         Start{M_PI, -1.0}, Start{0.2, 8.0}, Start{-2.0, -7.0}}) {
    SCOPED_TRACE(::testing::Message() << "theta0 " << s.angle0 << ", rate0 " << s.rate0);
    const PendulumClosedForm p(w0, s.angle0, s.rate0);
    for (double t : {0.0, 0.37, 1.9, 5.0}) {
      const PendulumClosedForm::Motion exact = p.at(t),
                                       rk = integrate(w0, s.angle0, s.rate0, t, 20000);
      EXPECT_NEAR(exact.angle, rk.angle, 1e-10) << "t " << t;
      EXPECT_NEAR(exact.rate, rk.rate, 1e-10) << "t " << t;
    }
  }
}

TEST(PendulumClosedForm, ConservesEnergyAndItsRateIsTheAnglesDerivative) {
  const double w0 = 3.0;
  for (const Start& s : {Start{2.5, 0.0}, Start{M_PI, -1.0}}) {
    const PendulumClosedForm p(w0, s.angle0, s.rate0);
    const double e0 = 0.5 * s.rate0 * s.rate0 - w0 * w0 * std::cos(s.angle0);
    // sampled over 3000 s, hundreds of periods: no drift with time
    for (double t = 0.0; t < 3000.0; t += 97.3) {
      const PendulumClosedForm::Motion m = p.at(t);
      EXPECT_NEAR(0.5 * m.rate * m.rate - w0 * w0 * std::cos(m.angle), e0, 1e-11 * w0 * w0) << t;
      // the rate against central differences of the angle
      const double h = 1e-5;
      EXPECT_NEAR((p.at(t + h).angle - p.at(t - h).angle) / (2.0 * h), m.rate, 1e-7 * w0) << t;
    }
  }
}

TEST(PendulumClosedForm, SwingsWithItsPeriodAndIsHarmonicWhenSmall) {
  // released from rest at 90 degrees: T = 4 K(sin 45 deg) / w0, K = 1.854074677301372
  const double w0 = std::sqrt(9.81);
  const PendulumClosedForm p(w0, M_PI / 2, 0.0);
  EXPECT_NEAR(p.period(), 4.0 * 1.854074677301372 / w0, 1e-14);
  EXPECT_FALSE(p.rotates());
  // after a thousand swings it is back where it started, at rest
  EXPECT_NEAR(p.at(1000.0 * p.period()).angle, M_PI / 2, 1e-10);
  EXPECT_NEAR(p.at(1000.0 * p.period()).rate, 0.0, 1e-9);
  // half a period later, at the other extreme
  EXPECT_NEAR(p.at(0.5 * p.period()).angle, -M_PI / 2, 1e-12);
  // 1e-3 rad: theta0 cos(w0 t) to the amplitude's cube
  const PendulumClosedForm small(w0, 1e-3, 0.0);
  for (double t : {0.3, 1.1, 2.7}) EXPECT_NEAR(small.at(t).angle, 1e-3 * std::cos(w0 * t), 1e-9);
  // going over the top, it gains a whole turn every period
  const PendulumClosedForm turning(w0, M_PI, -1.0);
  EXPECT_TRUE(turning.rotates());
  // three periods of a backward turn: three turns of -2 pi
  EXPECT_NEAR(turning.at(3.0 * turning.period()).angle, M_PI - 6.0 * M_PI, 1e-10);
}

TEST(PendulumClosedForm, RefusesTheSeparatrixAndANonPositiveFrequency) {
  // (pi, 0) and (0, 2 w0) both lie on the separatrix, of infinite period
  EXPECT_THROW(PendulumClosedForm(1.0, M_PI, 0.0), std::invalid_argument);
  EXPECT_THROW(PendulumClosedForm(1.0, 0.0, 2.0), std::invalid_argument);
  EXPECT_THROW(PendulumClosedForm(0.0, 0.5, 0.0), std::invalid_argument);
  // at rest at the bottom is fine
  EXPECT_NO_THROW(PendulumClosedForm(1.0, 0.0, 0.0).at(2.0));
}

}  // namespace
}  // namespace mbw
