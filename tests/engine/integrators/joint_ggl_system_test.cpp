// The GGL form in joint coordinates for IDA (integrators/joint_ggl_system.h): its Newton matrix
// dF/dy + cj dF/dy' (q columns by forward differences, the rest exact) against central differences
// of the residual, at a state off the solution (mu != 0), on trees and closed loops; the packed
// initial state solves the residual; the unpacked state is rp's, on rp's constraints.

#include "integrators/joint_ggl_system.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "solvers/initial_conditions.h"
#include "finite_differences.h"

namespace mbw {
namespace {

// the scenes: a tree of hinges, free bodies closed by raw primitives, planar loops of typed joints,
// the squeezer's planar joints closed by planar revolutes
class JointGglScene : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    model_ = loadScene(GetParam());
    rp_ = makeFormulation("rp", model_);
    initial_ = consistentInitialState(*rp_, 0.0);
    system_ = std::make_unique<JointGglSystem>(*rp_);
    system_->initialize(initial_);
    y_.resize(system_->size());
    yp_.resize(system_->size());
    system_->pack(initial_, y_.data(), yp_.data());
  }
  Model model_;
  std::unique_ptr<Formulation> rp_;
  State initial_;
  std::unique_ptr<JointGglSystem> system_;
  VectorXd y_, yp_;
};

// the consistent initial state in joint coordinates solves F = 0: the kinematics and the equations
// of motion to rounding, the loops' equations to the projection's tolerance
TEST_P(JointGglScene, PackedInitialStateSolvesTheResidual) {
  VectorXd F(system_->size());
  ASSERT_EQ(system_->residual(0.0, y_.data(), yp_.data(), F.data()), "");
  const double scale = 1.0 + yp_.cwiseAbs().maxCoeff();
  EXPECT_LT(F.cwiseAbs().maxCoeff(), 1e-9 * scale) << F.transpose();
  // mu = 0 (none on a tree)
  EXPECT_EQ(y_.tail(system_->constraintSize()).norm(), 0.0);
}

TEST_P(JointGglScene, NewtonMatrixMatchesFiniteDifferencesOfTheResidual) {
  // a state off the solution: everything moved a little, mu and lambda too
  std::mt19937 random(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  VectorXd y = y_, yp = yp_;
  for (int k = 0; k < y.size(); ++k) {
    y[k] += 1e-2 * u(random) * std::max(1.0, std::abs(y[k]));
    yp[k] += 1e-2 * u(random) * std::max(1.0, std::abs(yp[k]));
  }
  const double t = 0.0, cj = 250.0;
  ASSERT_EQ(system_->jacobian(t, cj, y.data(), yp.data()), "");
  const MatrixXd J = system_->denseMatrix();
  const MatrixXd Jfd = test::daeJacobianFD(*system_, t, cj, y, yp);
  ASSERT_EQ(J.rows(), system_->size());
  // forward differences of size sqrt(eps) against central ones: agreement to about 1e-7 of the
  // largest entry
  const double scale = Jfd.cwiseAbs().maxCoeff();
  EXPECT_LT((J - Jfd).cwiseAbs().maxCoeff(), 1e-6 * scale) << GetParam();
  EXPECT_GT(system_->jacobianResiduals(), 0);
}

// the recorded state: rp's coordinates of the motion, on rp's position constraints, with the
// scene's initial positions and velocities back
TEST_P(JointGglScene, UnpackedStateIsRpsOnItsConstraints) {
  State s;
  system_->unpack(0.0, y_.data(), yp_.data(), s);
  ASSERT_EQ(s.q.size(), initial_.q.size());
  EXPECT_LT((s.q - initial_.q).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((s.v - initial_.v).cwiseAbs().maxCoeff(),
            1e-8 * (1.0 + initial_.v.cwiseAbs().maxCoeff()));
  rp_->computePositions(0.0, s.q);
  EXPECT_LT(rp_->constraints().cwiseAbs().maxCoeff(), 1e-9);
  // the same point again: the same state (kept, not recomputed)
  State again;
  system_->unpack(0.0, y_.data(), yp_.data(), again);
  EXPECT_EQ(again.q, s.q);
}

INSTANTIATE_TEST_SUITE_P(Scenes, JointGglScene,
                         testing::Values("stiff-double-pendulum", "double-pendulum",
                                         "four-link-joints", "slider-crank", "andrews-squeezer"),
                         [](const auto& param) {
                           std::string name = param.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace mbw
