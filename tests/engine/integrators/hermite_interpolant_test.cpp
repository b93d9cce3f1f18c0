// The cubic Hermite continuous extension (hermite_interpolant.h) on an analytic motion of a free
// body, in every formulation: it passes through the end states and its error at mid-step falls at
// fourth order in positions (rotations included, through the increments on SO(3) for rA) and in
// velocities.

#include <gtest/gtest.h>

#include <cmath>

#include "formulation/formulation.h"
#include "integrators/hermite_interpolant.h"
#include "math/rotation.h"
#include "test_models.h"

namespace mbw {
namespace {

// r(t) = (sin t, cos 2t, t^3/6), R(t) = exp(theta(t) n^) R0 with theta = sin 1.3t + 0.4t
const Vec3 kAxis = Vec3(1.0, 2.0, 2.0) / 3.0;
Mat3 rotationAbout(double angle) { return Eigen::AngleAxisd(angle, kAxis).toRotationMatrix(); }
const Mat3 kR0 = Eigen::AngleAxisd(0.7, Vec3(0.0, 0.6, 0.8)).toRotationMatrix();

// the body's pose and motion at t along that path
void setPose(Body& b, double t) {
  const double theta = std::sin(1.3 * t) + 0.4 * t, thetaDot = 1.3 * std::cos(1.3 * t) + 0.4;
  b.position_W = Vec3(std::sin(t), std::cos(2 * t), t * t * t / 6);
  b.velocity_W = Vec3(std::cos(t), -2 * std::sin(2 * t), t * t / 2);
  b.R_WB = rotationAbout(theta) * kR0;
  b.omega_W = thetaDot * kAxis;
}

// a single free body of 1 kg in the formulation given, moved along the path by hand
struct FreeBody {
  Model model;
  std::unique_ptr<Formulation> f;
  explicit FreeBody(const std::string& formulation) {
    Body b;
    b.name = "body";
    b.mass = 1.0;
    model.bodies.push_back(b);
    f = makeFormulation(formulation, model);
  }
  // the exact state at t (accelerations by a fourth-order difference of the velocities)
  State at(double t) {
    State s;
    s.t = t;
    VectorXd q, v[4];
    const double d = 1e-3;
    const double offsets[4] = {-2 * d, -d, d, 2 * d};
    for (int k = 0; k < 4; ++k) {
      setPose(model.bodies[0], t + offsets[k]);
      f->initialState(q, v[k]);
    }
    setPose(model.bodies[0], t);
    f->initialState(s.q, s.v);
    s.vdot = (v[0] - 8 * v[1] + 8 * v[2] - v[3]) / (12 * d);
    s.lambda.resize(0);
    return s;
  }
  // position and rotation-angle distance, velocity distance (world frame) between two states
  std::pair<double, double> distance(const State& a, const State& b) {
    const VectorXd zero = VectorXd::Zero(f->velocitySize());
    f->computePositions(a.t, a.q);
    f->computeVelocities(a.v);
    const BodyOutput oa = f->bodyOutput(0, zero);
    f->computePositions(b.t, b.q);
    f->computeVelocities(b.v);
    const BodyOutput ob = f->bodyOutput(0, zero);
    // the angle between two unit quaternions, |p - p'| = 2 sin(angle / 4) (accurate at small
    // angles)
    const double chord = std::min((oa.eulerParameters - ob.eulerParameters).norm(),
                                  (oa.eulerParameters + ob.eulerParameters).norm());
    const double angle = 4.0 * std::asin(std::min(1.0, 0.5 * chord));
    return {std::max((oa.position_W - ob.position_W).norm(), angle),
            std::max((oa.velocity_W - ob.velocity_W).norm(), (oa.omega_W - ob.omega_W).norm())};
  }
};

// in each formulation, whose coordinates of rotation differ (rA, rp, rE)
class Hermite : public testing::TestWithParam<std::string> {};

TEST_P(Hermite, PassesThroughTheEndStates) {
  FreeBody body(GetParam());
  const State a = body.at(0.3), b = body.at(0.5);
  HermiteInterpolant hermite;
  State out;
  for (const State* end : {&a, &b}) {
    // at either end of the step it gives that end's state
    hermite.evaluate(*body.f, a, b, end->t, out);
    const auto [position, velocity] = body.distance(out, *end);
    EXPECT_LT(position, 1e-14);
    EXPECT_LT(velocity, 1e-14);
  }
}

TEST_P(Hermite, FourthOrderAtMidStep) {
  FreeBody body(GetParam());
  HermiteInterpolant hermite;
  State out;
  double previous[2] = {0.0, 0.0};
  for (double h : {0.1, 0.05, 0.025}) {
    // steps centred on one time, so that the leading error term keeps its coefficient
    const double tm = 0.45;
    const State a = body.at(tm - 0.5 * h), b = body.at(tm + 0.5 * h), exact = body.at(tm);
    hermite.evaluate(*body.f, a, b, tm, out);
    const auto [position, velocity] = body.distance(out, exact);
    // halving the step divides both errors by 2^4 = 16
    if (previous[0] > 0.0) {
      const double pq = std::log2(previous[0] / position), pv = std::log2(previous[1] / velocity);
      RecordProperty("order_positions_h" + std::to_string(h), std::to_string(pq));
      RecordProperty("order_velocities_h" + std::to_string(h), std::to_string(pv));
      EXPECT_NEAR(pq, 4.0, 0.3) << "h " << h << ": " << previous[0] << " -> " << position;
      EXPECT_NEAR(pv, 4.0, 0.3) << "h " << h << ": " << previous[1] << " -> " << velocity;
    }
    previous[0] = position;
    previous[1] = velocity;
  }
}

INSTANTIATE_TEST_SUITE_P(Formulations, Hermite, testing::Values("rA", "rp", "rE"));

}  // namespace
}  // namespace mbw
