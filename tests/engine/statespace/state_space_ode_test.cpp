// The state-space ODE of seed 000 section 3 started from a state without accelerations: a
// consistent state is positions and velocities on both constraint levels, and the first
// evaluation (whose prediction of the dependent positions would use the accelerations) must give
// the same accelerations as the full state from the engine's own initial conditions.

#include <gtest/gtest.h>

#include <algorithm>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "statespace/state_space_ode.h"

namespace mbw {
namespace {

TEST(StateSpaceOde, StartsFromPositionsAndVelocitiesAlone) {
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

}  // namespace
}  // namespace mbw
