// The three-node beam element (forces/beam_element.h) through the formulation interface, in rA
// and rp, at random states (nodes moved, turned and moving away from the reference): its
// generalized forces are minus the gradient of its strain energy, its damping power matches the
// dissipation it reports, and its Jacobians dQ/dq and dQ/dv match finite differences of the
// forces (the blocks the Newton matrix receives); rE refuses beams with its reason.

#include <gtest/gtest.h>

#include <random>

#include "finite_differences.h"
#include "formulation/formulation.h"
#include "math/rotation.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

using test::relativeError;

// the time at which every quantity is evaluated
constexpr double kTime = 0.2;

// A two-element beam (five nodes) with unequal stiffnesses, its nodes displaced, turned and
// given random motions; damping > 0 adds the section dampers.
Model randomBeamModel(unsigned seed, double damping) {
  const std::string beam =
      R"([{"name": "b", "from": [0.1, -0.2, 0.3], "to": [1.3, 0.4, 0.1], "elements": 2,
      "section": {"EA": 900, "GA2": 500, "GA3": 400, "GJ": 30, "EI2": 45, "EI3": 60, "damping": )" +
      std::to_string(damping) + R"(},
      "mass_per_length": 2.0, "inertia_per_length": [0.02, 0.01, 0.012], "section_y": [0, 1, 1]}])";
  Model m = parseScene(
      test::sceneJson("[]", "[]", "[]", R"(, "gravity": [0, 0, 0], "beams": )" + beam), "test");
  std::mt19937 rng(seed);
  // each node moved, turned and set moving at random (components up to 5 cm, 0.4 rad, 2 rad/s)
  for (Body& b : m.bodies) {
    b.position_W += test::randomVector(rng, 0.05);
    b.R_WB = expSO3(test::randomVector(rng, 0.4)) * b.R_WB;
    b.velocity_W = test::randomVector(rng, 0.5);
    b.omega_W = test::randomVector(rng, 2.0);
  }
  return m;
}

// the generalized forces and the energy terms at a state
struct Terms {
  VectorXd Q;
  EnergyTerms energy;
};

// Q and the energy terms at (q, v) and time kTime, with no multipliers
Terms evaluate(Formulation& f, const VectorXd& q, const VectorXd& v) {
  f.computePositions(kTime, q);
  f.computeVelocities(v);
  Terms t;
  f.generalizedForces(t.Q);
  t.energy = f.energy(VectorXd::Zero(f.constraintSize()));
  return t;
}

// the generalized forces without the bodies' own terms (gravity is zero; rotational inertia
// terms subtracted with a beam-free copy of the model)
VectorXd beamForces(Formulation& f, Formulation& bodiesOnly, const VectorXd& q, const VectorXd& v) {
  const VectorXd Q = evaluate(f, q, v).Q;
  return Q - evaluate(bodiesOnly, q, v).Q;
}

// --- the element's forces, dampers and Jacobians, in rA and rp -----------------------------------

class BeamElementTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BeamElementTest, ForcesAreMinusTheStrainEnergyGradient) {
  // three random strained beams: Q of the beam alone equals -dV/dq by central differences
  // (eps = 1e-6)
  for (unsigned seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Model m = randomBeamModel(seed, 0.0);
    // the same bodies without the beam: their own terms, subtracted from Q
    Model rigid = m;
    rigid.beams.clear();
    rigid.beamElements.clear();
    const auto f = makeFormulation(GetParam(), m), g = makeFormulation(GetParam(), rigid);
    VectorXd q, v;
    f->initialState(q, v);
    const VectorXd Q = beamForces(*f, *g, q, v);
    // a strained state, so that a zero force would fail the comparison
    ASSERT_GT(evaluate(*f, q, v).energy.potential, 1.0) << "the beam is not strained";
    // -dV/dq by central differences along the formulation's retraction q (+) dq
    const MatrixXd gradient = test::positionJacobianFD(*f, q, [&](const VectorXd& qs) {
      VectorXd u(1);
      u[0] = evaluate(*f, qs, v).energy.potential;
      return u;
    });
    EXPECT_LT(relativeError(Q.transpose(), -gradient), 1e-7) << Q.transpose() << "\n" << -gradient;
  }
}

TEST_P(BeamElementTest, DamperPowerIsTheReportedDissipation) {
  // three random beams with section dampers: the power of the dampers' forces is minus the
  // dissipation the formulation reports
  for (unsigned seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Model damped = randomBeamModel(seed, 0.03), elastic = randomBeamModel(seed, 0.0);
    const auto f = makeFormulation(GetParam(), damped), g = makeFormulation(GetParam(), elastic);
    VectorXd q, v;
    f->initialState(q, v);
    // the dampers' share of Q is the difference from the undamped copy; its power is -dissipation
    const Terms a = evaluate(*f, q, v), b = evaluate(*g, q, v);
    const double power = (a.Q - b.Q).dot(v);
    ASSERT_GT(a.energy.dissipation, 1.0);
    EXPECT_NEAR(-power, a.energy.dissipation, 1e-9 * a.energy.dissipation);
  }
}

TEST_P(BeamElementTest, JacobiansMatchFiniteDifferences) {
  // undamped and damped, three random beams each: the Newton blocks dr/dq and dr/dv against
  // central differences of -Q
  for (double damping : {0.0, 0.03}) {
    for (unsigned seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", damping " + std::to_string(damping));
      const Model m = randomBeamModel(seed, damping);
      const auto f = makeFormulation(GetParam(), m);
      VectorXd q, v;
      f->initialState(q, v);
      const int nv = f->velocitySize();
      // the two blocks of the residual's Jacobian: (cq, cv) = (1, 0) gives dr/dq, (0, 1) dr/dv
      const VectorXd vdot = VectorXd::Zero(nv), lambda = VectorXd::Zero(f->constraintSize());
      MatrixXd Kq = MatrixXd::Zero(nv, nv), Kv = MatrixXd::Zero(nv, nv);
      f->computePositions(kTime, q);
      f->computeVelocities(v);
      f->dynamicsJacobian(vdot, lambda, 1.0, 0.0, MatrixSink(Kq));
      f->dynamicsJacobian(vdot, lambda, 0.0, 1.0, MatrixSink(Kv));
      // r = -Q at vdot = 0, lambda = 0
      const MatrixXd KqFD = test::positionJacobianFD(
          *f, q, [&](const VectorXd& qs) { return VectorXd(-evaluate(*f, qs, v).Q); });
      const MatrixXd KvFD = test::velocityJacobianFD(
          v, [&](const VectorXd& vs) { return VectorXd(-evaluate(*f, q, vs).Q); });
      // both judged against the largest stiffness entry, so small entries do not dominate the error
      const double scale = KqFD.cwiseAbs().maxCoeff();
      EXPECT_LT(relativeError(Kq / scale, KqFD / scale), 1e-7) << "dr/dq\n"
                                                               << Kq << "\nFD\n"
                                                               << KqFD;
      EXPECT_LT(relativeError(Kv / scale, KvFD / scale), 1e-7) << "dr/dv\n"
                                                               << Kv << "\nFD\n"
                                                               << KvFD;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Formulations, BeamElementTest, ::testing::Values("rA", "rp"));

// --- the element's energy ------------------------------------------------------------------------

TEST(BeamElement, TheReferenceConfigurationIsUnstrained) {
  // a straight beam of three elements as the scene builds it
  const Model m = parseScene(
      test::sceneJson("[]", "[]", "[]", R"(, "gravity": [0, 0, 0], "beams": [{"name": "b",
      "from": [0, 0, 0], "to": [2, 1, -1], "elements": 3, "section": {"EA": 1, "GA2": 1, "GA3": 1, "GJ": 1, "EI2": 1, "EI3": 1},
      "mass_per_length": 1, "inertia_per_length": [1, 1, 1]}])"),
      "test");
  for (const std::string name : {"rA", "rp"}) {
    const auto f = makeFormulation(name, m);
    VectorXd q, v;
    f->initialState(q, v);
    // at the pose its scene gives, the beam has no strain energy and exerts no force
    const Terms t = evaluate(*f, q, v);
    EXPECT_LT(t.energy.potential, 1e-28) << name;
    EXPECT_LT(t.Q.cwiseAbs().maxCoeff(), 1e-12) << name;
  }
}

TEST(BeamElement, RigidMotionsLeaveTheStrainEnergyUnchanged) {
  // objectivity: a rigid rotation and translation of a strained beam keeps its energy
  const Model m = randomBeamModel(5, 0.0);
  Model moved = m;
  // one rigid rotation and translation applied to every node
  const Mat3 R = expSO3(Vec3(0.7, -1.9, 2.4));
  const Vec3 shift(3.0, -1.0, 0.5);
  for (Body& b : moved.bodies) {
    b.position_W = R * b.position_W + shift;
    b.R_WB = R * b.R_WB;
  }
  for (const std::string name : {"rA", "rp"}) {
    const auto f = makeFormulation(name, m), g = makeFormulation(name, moved);
    VectorXd q, v, qm, vm;
    f->initialState(q, v);
    g->initialState(qm, vm);
    const double a = evaluate(*f, q, v).energy.potential, b = evaluate(*g, qm, vm).energy.potential;
    EXPECT_NEAR(a, b, 1e-10 * a) << name;
  }
}

TEST(BeamElement, RefusedByTheEulerAngleFormulation) {
  const Model m = randomBeamModel(1, 0.0);
  // rE's refusal names the beam and the formulations to use; rA accepts the same model
  EXPECT_THROW(makeFormulation("rE", m), std::invalid_argument);
  const std::string why = initialPoseRefusal("rE", m);
  EXPECT_NE(why.find("beam 'b'"), std::string::npos) << why;
  EXPECT_NE(why.find("use rA or rp"), std::string::npos) << why;
  EXPECT_EQ(initialPoseRefusal("rA", m), "");
}

}  // namespace
}  // namespace mbw
