#include "solvers/initial_conditions.h"

#include <gtest/gtest.h>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

TEST(InitialConditions, SmallInconsistenciesAreProjectedAway) {
  Model model = loadScene("double-pendulum");
  model.bodies[1].position_W.y() += 2e-6;       // off its joint
  model.bodies[0].velocity_W = Vec3(0.0, 0.3, 0.0);  // along the bar: violates the pivot
  const auto f = makeFormulation("rp", model);
  ProjectionReport report;
  const State s = consistentInitialState(*f, 0.0, &report);
  // the minimum-norm projection shares the correction between the two bodies
  EXPECT_EQ(report.largestMoveBody, "body_2");
  EXPECT_GT(report.largestMove, 1e-6);
  EXPECT_LT(report.largestMove, 2.1e-6);
  EXPECT_GT(report.largestVelocityChange, 0.1);
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

TEST(InitialConditions, LargeInconsistencyIsRefusedNamingTheBody) {
  Model model = loadScene("double-pendulum");
  model.bodies[1].position_W.y() += 0.05;
  const auto f = makeFormulation("rp", model);
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
  model.maxInitialCorrection = 0.1;
  const auto f = makeFormulation("rp", model);
  EXPECT_NO_THROW(consistentInitialState(*f, 0.0));
}

}  // namespace
}  // namespace mbw
