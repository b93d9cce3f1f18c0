// The force stage of the absolute-coordinate formulations
// (formulation/absolute_formulation_forces.h): the one loop over the force elements acts for every
// sum built on it. A spring-damper with an active window [active_from, active_until) adds to Q, to
// its derivatives in q, v and t and to the energy inside the window and nowhere outside it, in the
// rp, rA and rE formulations alike.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

// a pendulum, with a driven spring-damper from the ground to its bob (its window when given)
Model pendulum(bool spring, const std::string& window = "") {
  const std::string forces =
      R"([{"name": "spring", "type": "tsda", "body_i": "ground", "body_j": "bob", "point_i": [1, 0, -1], "point_j": [0, 0, 0], "stiffness": 50, "damping": 2, "free_length": 0.5, "actuator": "3 * t")" +
      window + "}]";
  return parseScene(
      test::sceneJson(
          R"([{"name": "bob", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [1, 0, 0], "velocity": [0, 0, -1], "angular_velocity": [0, 1, 0]}])",
          R"([{"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "bob", "point_i": [0, 0, 0], "point_j": [-1, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]}])",
          spring ? forces : "[]"),
      "test");
}

// what the force stage gives at t: Q, dQ/dt, the Newton blocks and the energy terms
struct ForceStage {
  VectorXd Q, Qt;
  MatrixXd jacobian;
  EnergyTerms energy;
};

ForceStage evaluate(const Model& model, const std::string& formulation, double t) {
  const std::unique_ptr<Formulation> f = makeFormulation(formulation, model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(t, q);
  f->computeVelocities(v);
  ForceStage s;
  f->generalizedForces(s.Q);
  f->generalizedForceRate(s.Qt);
  s.jacobian = MatrixXd::Zero(f->velocitySize(), f->velocitySize());
  // vdot of ones, (cq, cv) = (1, 0.5): both Newton blocks summed into one matrix
  const VectorXd vdot = VectorXd::Ones(f->velocitySize());
  const VectorXd lambda = VectorXd::Zero(f->constraintSize());
  f->dynamicsJacobian(vdot, lambda, 1.0, 0.5, MatrixSink(s.jacobian));
  s.energy = f->energy(lambda);
  return s;
}

class ForceLoop : public testing::TestWithParam<std::string> {};

TEST_P(ForceLoop, AnElementActsInsideItsWindowOnly) {
  // the pendulum without the spring, with it always, and with it active in [0.5, 1.5)
  const Model without = pendulum(false), always = pendulum(true);
  const Model windowed = pendulum(true, R"(, "active_from": 0.5, "active_until": 1.5)");
  for (double t : {0.2, 1.0, 1.7}) {
    // inside the window (0.5, 1.5) at t = 1.0; before and after it at 0.2 and 1.7
    const bool inside = t > 0.5 && t < 1.5;
    const ForceStage a = evaluate(windowed, GetParam(), t);
    const ForceStage b = evaluate(inside ? always : without, GetParam(), t);
    // the same sums, term by term, as the model that has the element (inside) or not (outside)
    EXPECT_EQ(a.Q, b.Q) << "t = " << t;
    EXPECT_EQ(a.Qt, b.Qt) << "t = " << t;
    EXPECT_EQ(a.jacobian, b.jacobian) << "t = " << t;
    EXPECT_EQ(a.energy.potential, b.energy.potential) << "t = " << t;
    EXPECT_EQ(a.energy.dissipation, b.energy.dissipation) << "t = " << t;
    EXPECT_EQ(a.energy.powerIn, b.energy.powerIn) << "t = " << t;
    // and the element counts: the spring's potential and force are not zero
    const ForceStage none = evaluate(without, GetParam(), t);
    EXPECT_EQ(inside, a.energy.potential != none.energy.potential) << "t = " << t;
    EXPECT_EQ(inside, a.Q != none.Q) << "t = " << t;
    EXPECT_EQ(inside, a.Qt != none.Qt) << "t = " << t;
    EXPECT_EQ(inside, a.jacobian != none.jacobian) << "t = " << t;
  }
}

INSTANTIATE_TEST_SUITE_P(Formulations, ForceLoop, testing::Values("rp", "rA", "rE"));

}  // namespace
}  // namespace mbw
