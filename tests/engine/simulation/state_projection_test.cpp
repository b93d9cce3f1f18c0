// Putting a state back onto the constraints (simulation/state_projection.h): positions pushed off
// a closed loop come back to |Phi| below the tolerance by a mass-weighted move (M dq orthogonal to
// the constraints' tangent space), velocities to Phi_q v = nu by the least kinetic-energy change,
// and the accelerations solve the equations of motion there; the violations before are reported,
// measure() leaves the state alone, and a projection that cannot converge says so and keeps the
// state.

#include "simulation/state_projection.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "scene/scene_reader.h"
#include "solvers/augmented_system.h"
#include "largest_entry.h"

namespace mbw {
namespace {

// the mass matrix and the constraint Jacobian at time t and positions q
struct Blocks {
  MatrixXd M, J;
};

Blocks blocksAt(Formulation& f, double t, const VectorXd& q) {
  const int nv = f.velocitySize(), nc = f.constraintSize();
  Blocks b{MatrixXd::Zero(nv, nv), MatrixXd::Zero(nc, nv)};
  f.computePositions(t, q);
  f.massMatrix(MatrixSink(b.M));
  f.constraintJacobian(MatrixSink(b.J));
  return b;
}

// a state pushed off the four-link's constraints comes back by the mass-weighted least change, in
// every formulation, with accelerations and multipliers solved at the projected state
TEST(StateProjection, ProjectsAPerturbedStateOntoTheConstraints) {
  const Model model = loadScene("four-link");
  for (const std::string& name : formulationNames()) {
    if (!initialPoseRefusal(name, model).empty()) continue;  // rE at its gimbal lock
    SCOPED_TRACE(name);
    const auto f = makeFormulation(name, model);
    const int nv = f->velocitySize();
    State s;
    f->initialState(s.q, s.v);
    s.t = 0.1;
    // positions and velocities pushed off the constraints
    std::mt19937 rng(2);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const VectorXd push = 1e-3 * VectorXd::NullaryExpr(nv, [&] { return u(rng); });
    VectorXd pushed;
    f->retract(s.q, push, pushed);
    s.q = pushed;
    s.v += 0.1 * VectorXd::NullaryExpr(nv, [&] { return u(rng); });
    const State before = s;

    // a projection to 1e-12: measure() leaves the state as it is, project() moves it back onto both
    // constraint levels with Newton
    StateProjection projection(*f, 1e-12);
    const ProjectionOutcome measured = projection.measure(s);
    EXPECT_GT(measured.positionViolation, 1e-6);
    EXPECT_GT(measured.velocityViolation, 1e-3);
    EXPECT_EQ(s.q, before.q) << "measure leaves the state";
    const ProjectionOutcome out = projection.project(s);
    ASSERT_EQ(out.failure, "");
    EXPECT_EQ(out.positionViolation, measured.positionViolation);
    EXPECT_GT(out.velocityViolation, 1e-3) << "before, at the projected positions";
    EXPECT_GE(out.iterations, 2) << "Newton on nonlinear constraints";
    const ProjectionOutcome after = projection.measure(s);
    EXPECT_LE(after.positionViolation, 1e-12);
    EXPECT_LE(after.velocityViolation, 1e-10);

    // the moves are mass-orthogonal to the tangent space N of the constraints: N^T M dq = 0 at
    // the pushed positions (to first order in the move: the later Newton corrections are of the
    // order of its square) and N^T M dv = 0 at the projected ones
    const Blocks pushedBlocks = blocksAt(*f, s.t, before.q);
    const MatrixXd N0 = Eigen::FullPivLU<MatrixXd>(pushedBlocks.J).kernel();
    ASSERT_GT(N0.cols(), 0);
    VectorXd dq;
    f->localCoordinates(before.q, s.q, dq);
    const VectorXd Mdq = pushedBlocks.M * dq;
    EXPECT_LT(test::largestEntry(N0.transpose() * Mdq), 1e-2 * test::largestEntry(Mdq));
    const Blocks b = blocksAt(*f, s.t, s.q);
    const MatrixXd N = Eigen::FullPivLU<MatrixXd>(b.J).kernel();
    const VectorXd dv = s.v - before.v;
    EXPECT_LT(test::largestEntry(N.transpose() * b.M * dv), 1e-9 * test::largestEntry(b.M * dv));
    // the accelerations and multipliers of the equations of motion at the projected state
    State again = s;
    AugmentedSystem system(*f);
    ASSERT_TRUE(system.accelerations(again));
    EXPECT_LT(test::largestEntry(again.vdot - s.vdot), 1e-9 * (1 + test::largestEntry(s.vdot)));
    EXPECT_LT(test::largestEntry(again.lambda - s.lambda),
              1e-9 * (1 + test::largestEntry(s.lambda)));
  }
}

// a projection that fails says so and leaves the state untouched, rather than half moved
TEST(StateProjection, AProjectionThatCannotConvergeKeepsTheState) {
  // the four-link in rA pushed 0.01 along every coordinate
  const Model model = loadScene("four-link");
  const auto f = makeFormulation("rA", model);
  State s;
  f->initialState(s.q, s.v);
  VectorXd pushed;
  f->retract(s.q, VectorXd::Constant(f->velocitySize(), 1e-2), pushed);
  s.q = pushed;
  const State before = s;
  StateProjection projection(*f, 1e-12, 1);  // one correction is not enough
  const ProjectionOutcome out = projection.project(s);
  EXPECT_NE(out.failure.find("did not converge"), std::string::npos) << out.failure;
  EXPECT_EQ(out.iterations, 1);
  EXPECT_EQ(s.q, before.q);
  EXPECT_EQ(s.v, before.v);
}

}  // namespace
}  // namespace mbw
