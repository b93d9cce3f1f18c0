// Consistent initial states (solvers/initial_conditions.h): a scene a little off its joints is
// projected onto the position and velocity constraints, densely or sparse on large models, with
// accelerations and multipliers that satisfy the equations of motion; a large inconsistency is
// refused with the body and the scene setting named.

#include "solvers/initial_conditions.h"

#include <gtest/gtest.h>

#include <cmath>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "scene/scene_reader.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

TEST(InitialConditions, SmallInconsistenciesAreProjectedAway) {
  Model model = loadScene("double-pendulum");
  model.bodies[1].position_W.y() += 2e-6;            // off its joint
  model.bodies[0].velocity_W = Vec3(0.0, 0.3, 0.0);  // along the bar: violates the pivot
  const auto f = makeFormulation("rp", model);
  ProjectionReport report;
  const State s = consistentInitialState(*f, 0.0, &report);
  // the minimum-norm projection shares the correction between the two bodies
  EXPECT_EQ(report.largestMoveBody, "body_2");
  EXPECT_GT(report.largestMove, 1e-6);
  EXPECT_LT(report.largestMove, 2.1e-6);
  // and the velocity along the bar removed
  EXPECT_GT(report.largestVelocityChange, 0.1);
  // the projected state meets the constraints on positions and velocities to round-off
  f->computePositions(0.0, s.q);
  EXPECT_LT(f->constraints().cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(f->velocityViolation(s.v), 1e-12);
  // accelerations and multipliers satisfy the acceleration-level constraints
  const MatrixXd J = denseConstraintJacobian(*f);
  f->computeVelocities(s.v);
  VectorXd gamma;
  f->accelerationRhs(gamma);
  EXPECT_LT((J * s.vdot - gamma).cwiseAbs().maxCoeff(), 1e-10);
}

// The N four-bar of 40 loops (81 bars: Phi_q 450 x 567, over the dense limit) is solved sparse:
// its pose moved off the loops and a velocity that breaks them are projected back, and the
// accelerations and multipliers satisfy the equations of motion and the acceleration constraints.
TEST(InitialConditions, LargeModelsAreSolvedSparseToTheSameConditions) {
  Model model = loadScene("iftomm-a02-four-bar-40");
  // one body 1 um off its loop, another given a velocity that breaks its loops
  model.bodies[5].position_W.x() += 1e-6;
  model.bodies[7].velocity_W = Vec3(0.0, 0.0, 0.2);
  const auto f = makeFormulation("rp", model);
  // past the dense limit: the sparse path is the one under test
  ASSERT_GT(long(f->constraintSize()) * f->velocitySize(), kDenseRankEntries);
  ProjectionReport report;
  const State s = consistentInitialState(*f, 0.0, &report);
  // both corrections were made
  EXPECT_GT(report.largestMove, 1e-7);
  EXPECT_GT(report.largestVelocityChange, 1e-3);
  f->computePositions(0.0, s.q);
  EXPECT_LT(f->constraints().cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT(f->velocityViolation(s.v), 1e-10);
  // M vdot + Phi_q^T lambda = Q and Phi_q vdot = gamma, formed densely
  f->computeVelocities(s.v);
  const int nv = f->velocitySize();
  MatrixXd M = MatrixXd::Zero(nv, nv);
  f->massMatrix(MatrixSink(M));
  const MatrixXd J = denseConstraintJacobian(*f);
  VectorXd Q, gamma;
  f->generalizedForces(Q);
  f->accelerationRhs(gamma);
  EXPECT_LT((M * s.vdot + J.transpose() * s.lambda - Q).cwiseAbs().maxCoeff(),
            1e-8 * (1.0 + Q.cwiseAbs().maxCoeff()));
  EXPECT_LT((J * s.vdot - gamma).cwiseAbs().maxCoeff(), 1e-8 * (1.0 + gamma.cwiseAbs().maxCoeff()));
}

TEST(InitialConditions, MeasureMoveGivesTheLargestDistanceOrAngleAndItsBody) {
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);  // per body r (3), then p (4)
  VectorXd q0, v0;
  f->initialState(q0, v0);
  // no move: no body named
  EXPECT_EQ(measureMove(*f, 0.0, q0, q0).body, "");
  // the second body's origin 1 cm along x
  VectorXd moved = q0;
  moved(7) += 0.01;
  BodyMove m = measureMove(*f, 0.0, q0, moved);
  EXPECT_EQ(m.body, "body_2");
  EXPECT_NEAR(m.largest, 0.01, 1e-14);
  // the first body turned by 0.2 rad about z (p = (cos 0.1, 0, 0, sin 0.1) times its own)
  VectorXd turned = q0;
  const Vec4 p = q0.segment<4>(3);
  const double c = std::cos(0.1), s = std::sin(0.1);
  turned.segment<4>(3) << c * p(0) - s * p(3), c * p(1) - s * p(2), c * p(2) + s * p(1),
      c * p(3) + s * p(0);
  m = measureMove(*f, 0.0, q0, turned);
  EXPECT_EQ(m.body, "body_1");
  EXPECT_NEAR(m.largest, 0.2, 1e-12);
  // measured by distance alone, a turn about the frame origin is no move
  EXPECT_EQ(measureMove(*f, 0.0, q0, turned, MoveMeasure::Distance).body, "");
}

TEST(InitialConditions, LargeInconsistencyIsRefusedNamingTheBody) {
  Model model = loadScene("double-pendulum");
  model.bodies[1].position_W.y() += 0.05;
  const auto f = makeFormulation("rp", model);
  // 5 cm is past the default max_initial_correction: refused, naming the body and the setting
  try {
    consistentInitialState(*f, 0.0);
    FAIL() << "a 5 cm inconsistency was accepted";
  } catch (const ModelError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'body_2'"), std::string::npos) << m;
    EXPECT_NE(m.find("max_initial_correction"), std::string::npos) << m;
  }
}

TEST(InitialConditions, ToleranceIsASceneSetting) {
  Model model = loadScene("double-pendulum");
  model.bodies[1].position_W.y() += 0.05;
  // the limit raised to 10 cm: the same 5 cm is corrected
  model.maxInitialCorrection = 0.1;
  const auto f = makeFormulation("rp", model);
  EXPECT_NO_THROW(consistentInitialState(*f, 0.0));
}

}  // namespace
}  // namespace mbw
