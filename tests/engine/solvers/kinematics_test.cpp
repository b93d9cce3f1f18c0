// Kinematic analysis of the driven mechanisms of Kissel et al. 2021 against their closed-form
// motion.

#include "solvers/kinematics.h"

#include <gtest/gtest.h>

#include <cmath>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// a channel's value at a row, failing the case if the results have no such channel
double value(const Results& r, size_t row, const std::string& channel) {
  const int c = r.column(channel);
  EXPECT_GE(c, 0) << channel;
  return r.at(row, c);
}

TEST(Kinematics, SinglePendulumFollowsItsDriver) {
  // the bar turns about x; its axis y makes theta(t) = pi/2 + pi/4 cos 2t with -z, so its centre is
  // r = 2 (0, -cos theta, -sin theta)
  KinematicsSettings s;
  s.step = 1e-3;
  s.tEnd = 2.0;
  // steps of 1 ms over 2 s, every 10th written
  const Results r = runKinematics(loadScene("single-pendulum"), "rp", s, 10);
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  double worstP = 0, worstV = 0, worstA = 0;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double t = r.at(i, 0);
    // theta and its derivatives from the driver; the centre's motion from them by the chain rule
    const double th = M_PI / 2 + M_PI / 4 * std::cos(2 * t);
    const double dth = -M_PI / 2 * std::sin(2 * t), ddth = -M_PI * std::cos(2 * t);
    const double y = -2 * std::cos(th), z = -2 * std::sin(th);
    const double vy = 2 * std::sin(th) * dth, vz = -2 * std::cos(th) * dth;
    const double ay = 2 * (std::cos(th) * dth * dth + std::sin(th) * ddth);
    const double az = 2 * (std::sin(th) * dth * dth - std::cos(th) * ddth);
    worstP = std::max({worstP, std::abs(value(r, i, "first-pendulum.y") - y),
                       std::abs(value(r, i, "first-pendulum.z") - z)});
    worstV = std::max({worstV, std::abs(value(r, i, "first-pendulum.vy") - vy),
                       std::abs(value(r, i, "first-pendulum.vz") - vz)});
    worstA = std::max({worstA, std::abs(value(r, i, "first-pendulum.ay") - ay),
                       std::abs(value(r, i, "first-pendulum.az") - az)});
    // the rate of turn about x is theta'
    EXPECT_NEAR(value(r, i, "first-pendulum.wx"), dth, 1e-9);
  }
  EXPECT_LT(worstP, 1e-10);
  EXPECT_LT(worstV, 1e-9);
  EXPECT_LT(worstA, 1e-8);
}

TEST(Kinematics, SliderCrankSliderFollowsTheClosedForm) {
  // crank pin B(t) = (0, 0.1 + 0.08 cos b, 0.12 + 0.08 sin b), b = pi/2 - 2 pi t; |BC| = 0.3 with C
  // on the x axis (refdata/models/haug_spatial); over one turn of the crank (1 s: every crank
  // angle, the driven motion repeating each turn)
  KinematicsSettings s;
  s.step = 1e-3;
  s.tEnd = 1.0;
  // steps of 1 ms over the crank's turn, every 5th written
  const Results r = runKinematics(loadScene("slider-crank"), "rp", s, 5);
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  double worstX = 0, worstV = 0;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double t = r.at(i, 0), b = M_PI / 2 - 2 * M_PI * t;
    const double By = 0.1 + 0.08 * std::cos(b), Bz = 0.12 + 0.08 * std::sin(b);
    const double dBy = 0.08 * std::sin(b) * 2 * M_PI, dBz = -0.08 * std::cos(b) * 2 * M_PI;
    // |BC| = 0.3 with C on the x axis: x^2 + By^2 + Bz^2 = 0.09; x' by differentiating it
    const double x = std::sqrt(0.09 - By * By - Bz * Bz);
    worstX = std::max(worstX, std::abs(value(r, i, "slider.x") - x));
    worstV = std::max(worstV, std::abs(value(r, i, "slider.vx") + (By * dBy + Bz * dBz) / x));
  }
  EXPECT_LT(worstX, 1e-12);
  EXPECT_LT(worstV, 1e-10);
  // the solver converges in a few iterations per step (Kissel et al. 2021 Table 9 reports 4-5 at
  // 1e-10)
  EXPECT_LE(double(r.stats.newtonIterations) / r.stats.steps, 5.0);
}

}  // namespace
}  // namespace mbw
