// The exact integration Jacobians of the state-space ODE (Sandu et al. 2001 section 3) against
// central finite differences of the acceleration map itself: J1 = d vddot/dv, J2 = d vddot/d vdot
// and df/dt, on every built-in scene with degrees of freedom (the others are fully driven: no state
// space) in a state reached by integrating, with random independent velocities, and on a double
// pendulum with an angle driver and loads that vary in time (rheonomic constraints: nu_q,
// gamma_t and dQ/dt enter). They agree to 1e-8..1e-12, the accuracy of the differences.

#include <gtest/gtest.h>

#include <random>

#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "statespace/state_space_ode.h"
#include "test_models.h"

namespace mbw {
namespace {

// the two Jacobians of the acceleration map vddot = f(t, v, vdot) and its time derivative
struct Jacobians {
  MatrixXd J1, J2;
  VectorXd ft;
};

// fourth-order central differences (the acceleration map carries the dependent coordinates'
// Newton tolerance and the rounding of Phi_u solves, so a larger step with a higher-order stencil
// is the accurate choice)
Jacobians finiteDifferences(StateSpaceOde& ode, double t, const VectorXd& v, const VectorXd& vdot,
                            double eps) {
  const int d = ode.size();
  Jacobians fd{MatrixXd(d, d), MatrixXd(d, d), VectorXd(d)};
  VectorXd f;
  // derivative along (dt, dv, dvdot)
  auto derivative = [&](double dt, const VectorXd& dv, const VectorXd& dvd) {
    VectorXd sum = VectorXd::Zero(d);
    for (const auto& [k, w] : {std::pair{-2, 1.0}, {-1, -8.0}, {1, 8.0}, {2, -1.0}}) {
      EXPECT_TRUE(ode.evaluate(t + k * dt, v + k * dv, vdot + k * dvd, f)) << ode.failure();
      sum += w * f;
    }
    return VectorXd(sum / (12.0 * eps));
  };
  const VectorXd zero = VectorXd::Zero(d);
  for (int j = 0; j < d; ++j) {
    const VectorXd e = eps * VectorXd::Unit(d, j);
    fd.J1.col(j) = derivative(0.0, e, zero);
    fd.J2.col(j) = derivative(0.0, zero, e);
  }
  fd.ft = derivative(eps, zero, zero);
  return fd;
}

// the largest difference relative to the largest entry of b (at least 1)
double relative(const MatrixXd& a, const MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

// integrates to tCheck with rn4, then compares the Jacobians at that state with random
// independent velocities
void checkModel(const Model& model, double tCheck) {
  const auto f = makeFormulation("rp", model);
  State s = consistentInitialState(*f, 0.0);
  if (tCheck > 0.0) {
    IntegratorSettings settings;
    settings.variableStep = true;
    settings.rtol = settings.atol = 1e-4;
    settings.maxStep = 0.01;
    const auto integrator = findIntegrator("rn4")->make(*f, settings);
    integrator->initialize(s);
    double h = 1e-4;
    while (integrator->state().t < tCheck) {
      const StepResult r = integrator->step(std::min(h, tCheck - integrator->state().t));
      ASSERT_NE(r.kind, StepResult::Kind::Failed) << r.reason;
      h = r.nextStep;
    }
    s = integrator->state();
  }
  StateSpaceSettings settings;
  settings.constraintTolerance = 1e-14;
  StateSpaceOde ode(*f, settings);
  ASSERT_TRUE(ode.initialize(s)) << ode.failure();
  VectorXd v, vdot, vddot;
  ode.gatherIndependent(s.q, v);
  ode.gatherIndependent(s.v, vdot);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  for (int i = 0; i < vdot.size(); ++i) vdot[i] += u(rng);
  ASSERT_TRUE(ode.evaluate(s.t, v, vdot, vddot)) << ode.failure();
  Jacobians exact;
  ode.jacobians(exact.J1, exact.J2, exact.ft);
  const Jacobians fd = finiteDifferences(ode, s.t, v, vdot, 1e-4);
  EXPECT_LT(relative(exact.J1, fd.J1), 1e-7) << "J1\n" << exact.J1 << "\nFD\n" << fd.J1;
  EXPECT_LT(relative(exact.J2, fd.J2), 1e-7) << "J2\n" << exact.J2 << "\nFD\n" << fd.J2;
  // df/dt at the scale of the time rate of f along the motion, J1 vdot + J2 vddot + df/dt: on a
  // scene without explicit time dependence df/dt is zero, and its differences measure only how
  // far apart two evaluations at the same (v, vdot) land within the dependent coordinates'
  // tolerance (measured: up to 5e-7 on the vehicle, 1e-10 on the stiff pendulum), over 12 eps
  const double rate = std::max(1.0, (exact.J1 * vdot + exact.J2 * vddot).cwiseAbs().maxCoeff());
  EXPECT_LT((exact.ft - fd.ft).cwiseAbs().maxCoeff() / std::max(rate, fd.ft.cwiseAbs().maxCoeff()),
            1e-7)
      << "ft\n"
      << exact.ft.transpose() << "\nFD\n"
      << fd.ft.transpose() << "\nrate " << rate;
}

// the exact Jacobians agree with finite differences on scenes with free motion, stiff springs and
// tire contact, at states reached by integrating
TEST(StateSpaceJacobians, BuiltinScenesMatchFiniteDifferences) {
  // hmmwv-bump at 0.52 s: the front tires on the bump
  const std::pair<const char*, double> scenes[] = {
      {"double-pendulum", 0.2}, {"stiff-double-pendulum", 0.3}, {"hmmwv-bump", 0.52}};
  for (const auto& [scene, t] : scenes) {
    SCOPED_TRACE(scene);
    checkModel(loadScene(scene), t);
  }
}

// with a driver and loads varying in time the terms nu_q, gamma_t and dQ/dt enter the Jacobians
// and df/dt; they too agree with the differences
TEST(StateSpaceJacobians, RheonomicConstraintsAndTimeVaryingLoads) {
  // a driven arm with a second body on a ball joint, a load and a spring-damper that vary in time
  const std::string bodies = R"json([
    {"name": "a", "mass": 2, "inertia": [0.01, 0.7, 0.7], "position": [1, 0, 0]},
    {"name": "b", "mass": 1, "inertia": [0.01, 0.3, 0.3], "position": [2.5, 0, 0]}])json";
  const std::string joints = R"json([
    {"name": "pin", "type": "revolute", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0],
     "point_j": [-1, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
    {"name": "drive", "type": "angle-driver", "body_i": "ground", "body_j": "a", "u_i": [1, 0, 0],
     "v_i": [0, 0, -1], "a_j": [1, 0, 0], "angle": "0.3*sin(2*t) + 0.2*t"},
    {"name": "elbow", "type": "spherical", "body_i": "a", "body_j": "b", "point_i": [1, 0, 0],
     "point_j": [-0.5, 0, 0]}])json";
  const std::string forces = R"json([
    {"name": "push", "type": "force", "body": "b", "point": [0.5, 0, 0],
     "force": ["2*cos(3*t)", "1", "t^2"]},
    {"name": "spring", "type": "tsda", "body_i": "ground", "body_j": "b", "point_i": [0, 1, 0],
     "point_j": [0.5, 0, 0], "stiffness": 50, "damping": 2, "free_length": 1,
     "actuator": "sin(t)"}])json";
  const Model model = parseScene(test::sceneJson(bodies, joints, forces), "inline");
  checkModel(model, 0.3);
}

}  // namespace
}  // namespace mbw
