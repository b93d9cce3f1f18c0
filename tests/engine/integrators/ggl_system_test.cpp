// The GGL form of the equations of motion for IDA (integrators/ggl_system.h): its exact Newton
// matrix dF/dy + cj dF/dy' against central differences of the residual on the built-in scenes, in
// rp and rE, at a state off the solution (multipliers mu != 0); rE on the scenes at its gimbal
// lock with turned body frames.

#include "integrators/ggl_system.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "finite_differences.h"

namespace mbw {
namespace {

// The same mechanism with every body's frame turned by C: R_WB -> R_WB C, body-fixed vectors
// v_B -> C^T v_B, inertia J -> C^T J C (frame origins, velocities and everything on the ground
// stay). The motion is the same, its coordinates are not. A planar mechanism turning about the
// world z axis (the squeezer, the stiff pendulum) and an upright vehicle keep their bodies' z axes
// along world z, at rE's gimbal lock (ZXZ theta = 0) for the whole motion, so that no state
// reached by running is valid in rE; with turned frames theta stays away from 0. The outputs are
// left out (an Euler-angle output would change meaning); the scenes have no loads in body axes.
Model withTurnedBodyFrames(Model m, const Mat3& C) {
  const auto turn = [&](int body, Vec3& v_B) {
    if (body != kGround) v_B = C.transpose() * v_B;
  };
  for (Body& b : m.bodies) {
    b.R_WB = b.R_WB * C;
    b.com_B = C.transpose() * b.com_B;
    b.inertia_B = C.transpose() * b.inertia_B * C;
    b.shapeAxis_B = C.transpose() * b.shapeAxis_B;
    b.shapeCenter_B = C.transpose() * b.shapeCenter_B;
  }
  for (Primitive& p : m.primitives) {
    for (Vec3* v : {&p.a_I, &p.b_I, &p.s_I}) turn(p.bodyI, *v);
    for (Vec3* v : {&p.a_J, &p.s_J}) turn(p.bodyJ, *v);
  }
  for (ForceElement& e : m.forces) {
    EXPECT_FALSE(e.loadInBodyFrame) << e.name;
    for (Vec3* v : {&e.s_I, &e.axis_I, &e.u_I}) turn(e.bodyI, *v);
    for (Vec3* v : {&e.s_J, &e.axis_J, &e.u_J}) turn(e.bodyJ, *v);
  }
  EXPECT_TRUE(m.beams.empty());
  m.outputs.clear();
  return m;
}

class GglJacobian : public testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(GglJacobian, MatchesFiniteDifferencesOfTheResidual) {
  const auto& [scene, formulation] = GetParam();
  Model model = loadScene(scene);
  // scenes whose poses rE refuses (gimbal lock) are taken with turned body frames
  if (!initialPoseRefusal(formulation, model).empty()) {
    const Mat3 C = (Eigen::AngleAxisd(0.6, Vec3::UnitX()) * Eigen::AngleAxisd(0.3, Vec3::UnitY()))
                       .toRotationMatrix();
    model = withTurnedBodyFrames(model, C);
    const std::string refusal = initialPoseRefusal(formulation, model);
    ASSERT_EQ(refusal, "") << scene << " with turned body frames";
  }
  const auto f = makeFormulation(formulation, model);
  // the scene's consistent initial state, packed as y and y'
  const State s = consistentInitialState(*f, 0.0);
  GglSystem system(*f);
  const int N = system.size();
  VectorXd y(N), yp(N);
  system.pack(s, y.data(), yp.data());
  // a state off the solution: perturbed unknowns and derivatives, multipliers mu != 0
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < N; ++k) {
    y[k] += 1e-3 * u(rng) * std::max(1.0, std::abs(y[k]));
    yp[k] += 1e-2 * u(rng) * std::max(1.0, std::abs(yp[k]));
  }
  const double t = 0.01, cj = 250.0;
  ASSERT_EQ(system.jacobian(t, cj, y.data(), yp.data()), "");
  const MatrixXd exact = MatrixXd(system.matrix());
  const MatrixXd fd = test::daeJacobianFD(system, t, cj, y, yp);
  // relative to the largest entry; the worst entry named when it fails
  const double scale = std::max(1.0, fd.cwiseAbs().maxCoeff());
  Eigen::Index row, col;
  const double worst = (exact - fd).cwiseAbs().maxCoeff(&row, &col);
  EXPECT_LT(worst / scale, 1e-7) << scene << " " << formulation << ": entry (" << row << ", " << col
                                 << ") is " << exact(row, col) << ", differences give "
                                 << fd(row, col);
}

INSTANTIATE_TEST_SUITE_P(Scenes, GglJacobian,
                         testing::Combine(testing::Values("double-pendulum", "slider-crank",
                                                          "stiff-double-pendulum",
                                                          "andrews-squeezer", "hmmwv-bump"),
                                          testing::Values("rp", "rE")),
                         [](const auto& param) {
                           std::string name =
                               std::get<0>(param.param) + "_" + std::get<1>(param.param);
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace mbw
