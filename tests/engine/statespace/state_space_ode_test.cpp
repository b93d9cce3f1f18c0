// The state-space ODE of Sandu et al. 2001 section 3 started from a state without accelerations: a
// consistent state is positions and velocities on both constraint levels, and the first
// evaluation (whose prediction of the dependent positions would use the accelerations) must give
// the same accelerations as the full state from the engine's own initial conditions; and the
// prediction of the dependent positions through the last two accepted points, which saves Newton
// iterations without changing the solution.

#include <gtest/gtest.h>

#include <algorithm>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "statespace/state_space_ode.h"

namespace mbw {
namespace {

// the ODE starts from q and v alone and finds the accelerations of the consistent state, so an
// integrator need not carry them in
TEST(StateSpaceOde, StartsFromPositionsAndVelocitiesAlone) {
  // the ODE started from q and v alone finds the accelerations of the full consistent state, and
  // evaluates a point a step away
  for (const char* scene : {"double-pendulum", "hmmwv-bump"}) {
    SCOPED_TRACE(scene);
    const Model model = loadScene(scene);
    const auto f = makeFormulation("rp", model);
    const State full = consistentInitialState(*f, 0.0);
    State bare;
    bare.t = full.t;
    bare.q = full.q;
    bare.v = full.v;
    StateSpaceOde ode(*f, StateSpaceSettings{});
    ASSERT_TRUE(ode.initialize(bare)) << ode.failure();
    const State& s = ode.fullState();
    const double scale = std::max(1.0, full.vdot.cwiseAbs().maxCoeff());
    EXPECT_LT((s.vdot - full.vdot).cwiseAbs().maxCoeff() / scale, 1e-8);
    // and a step away from there: the prediction now has the accelerations it needs
    VectorXd v, vdot, vddot;
    ode.gatherIndependent(s.q, v);
    ode.gatherIndependent(s.v, vdot);
    v += 1e-3 * vdot;
    ASSERT_TRUE(ode.evaluate(full.t + 1e-3, v, vdot, vddot)) << ode.failure();
    EXPECT_TRUE(vddot.allFinite());
  }
}

// the motion of the independent coordinates by classical Runge-Kutta on the ODE itself (steps of
// 1e-3 s: exact to about 1e-12 over the few hundredths of a second used here)
void advance(StateSpaceOde& ode, double& t, VectorXd& v, VectorXd& vdot, double tEnd) {
  const double h = 1e-3;
  VectorXd a1, a2, a3, a4;
  while (t < tEnd - 1e-12) {
    ASSERT_TRUE(ode.evaluate(t, v, vdot, a1));
    ASSERT_TRUE(ode.evaluate(t + h / 2, v + h / 2 * vdot, vdot + h / 2 * a1, a2));
    ASSERT_TRUE(ode.evaluate(t + h / 2, v + h / 2 * vdot + h * h / 4 * a1, vdot + h / 2 * a2, a3));
    ASSERT_TRUE(ode.evaluate(t + h, v + h * vdot + h * h / 2 * a2, vdot + h * a3, a4));
    v += h * vdot + h * h / 6 * (a1 + a2 + a3);
    vdot += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
    t += h;
  }
}

// predicting the dependent positions through the last accepted points saves Newton iterations
// and leaves the accelerations unchanged to the Newton tolerance
TEST(StateSpaceOde, PredictsThroughTheLastTwoAcceptedPoints) {
  // the reference motion by RK4 from the initial state
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);
  const State start = consistentInitialState(*f, 0.0);
  // points of the motion at 0.02 and 0.04 s
  StateSpaceOde reference(*f, StateSpaceSettings{});
  ASSERT_TRUE(reference.initialize(start));
  VectorXd v, vdot;
  reference.gatherIndependent(start.q, v);
  reference.gatherIndependent(start.v, vdot);
  double t = 0.0;
  advance(reference, t, v, vdot, 0.02);
  const VectorXd v1 = v, vdot1 = vdot;
  advance(reference, t, v, vdot, 0.04);
  // the same evaluations at 0.02 and 0.04 s, with the point at 0.02 s accepted or not: the
  // prediction at 0.04 s is the quintic through 0 and 0.02 s, or the Taylor polynomial at 0.02 s
  long iterations[2];
  VectorXd vddot[2];
  for (int accepted : {0, 1}) {
    StateSpaceOde ode(*f, StateSpaceSettings{});
    ASSERT_TRUE(ode.initialize(start));
    VectorXd a;
    ASSERT_TRUE(ode.evaluate(0.02, v1, vdot1, a));
    if (accepted) ode.acceptPoint();
    const long before = ode.newtonIterations();
    ASSERT_TRUE(ode.evaluate(0.04, v, vdot, vddot[accepted]));
    iterations[accepted] = ode.newtonIterations() - before;
  }
  EXPECT_LT(iterations[1], iterations[0]);
  EXPECT_LT((vddot[1] - vddot[0]).cwiseAbs().maxCoeff(),
            1e-7 * (1.0 + vddot[0].cwiseAbs().maxCoeff()));
}

}  // namespace
}  // namespace mbw
