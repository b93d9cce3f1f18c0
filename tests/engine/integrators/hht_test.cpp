// HHT-I3 (hht.cpp): alpha from the settings, Newmark's beta and gamma from it, the damping it is
// built for (spectral radius at infinity (1 + alpha) / (1 - alpha), none at alpha = 0), and its
// second order at fixed steps on the bead on a turning rod, whose motion is known in closed form
// (r = r0 cosh(omega t), tests/support/exact_models.h).

#include "integrators/hht.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

#include "exact_models.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

TEST(Hht, AlphaComesFromTheSettings) {
  IntegratorSettings s;
  EXPECT_EQ(Hht::alpha(s), -0.3);  // the default
  // rho_inf = (1 + alpha) / (1 - alpha): alpha = (rho_inf - 1) / (rho_inf + 1)
  s.rhoInf = 0.5;
  EXPECT_NEAR(Hht::alpha(s), -1.0 / 3.0, 1e-15);
  s.rhoInf = 1.0;
  EXPECT_EQ(Hht::alpha(s), 0.0);
  // alpha given wins over rho_inf
  s.alpha = -0.1;
  EXPECT_EQ(Hht::alpha(s), -0.1);
  // the capabilities' default rho_inf is that of the default alpha
  EXPECT_NEAR(Hht::capabilities().rhoInfDefault, (1.0 - 0.3) / (1.0 + 0.3), 1e-15);
}

double spectralRadius(const LinearModel& m, double omegaH) {
  return m.amplification(omegaH).eigenvalues().cwiseAbs().maxCoeff();
}

TEST(Hht, DampsTheHighFrequenciesAsAlphaSays) {
  for (const double alpha : {-1.0 / 3.0, -0.3, -0.1, 0.0}) {
    SCOPED_TRACE(alpha);
    IntegratorSettings s;
    s.alpha = alpha;
    const LinearModel m = Hht::linearModel(s);
    // at infinity, (1 + alpha) / (1 - alpha); at alpha = -1/3 the two principal roots meet there
    // (a double root), which an eigensolver finds to the square root of the rounding only
    const bool doubleRoot = std::abs(alpha + 1.0 / 3.0) < 1e-12;
    EXPECT_NEAR(spectralRadius(m, 1e7), (1.0 + alpha) / (1.0 - alpha), doubleRoot ? 1e-4 : 1e-6);
    // never above 1 (A-stable), and about 1 for the resolved frequencies
    for (const double w : {0.01, 0.1, 1.0, 10.0, 100.0})
      EXPECT_LE(spectralRadius(m, w), 1.0 + 1e-12);
    EXPECT_NEAR(spectralRadius(m, 0.01), 1.0, 1e-6);
  }
  // alpha = 0 is the trapezoidal rule: no damping at any frequency
  IntegratorSettings trapezoidal;
  trapezoidal.alpha = 0.0;
  for (const double w : {0.5, 5.0, 50.0})
    EXPECT_NEAR(spectralRadius(Hht::linearModel(trapezoidal), w), 1.0, 1e-12);
}

TEST(Hht, TheLinearModelsPhaseIsSecondOrder) {
  // the principal root of one step of x'' = -w^2 x turns by w h = wh; second order leaves a phase
  // error of O(wh^3): a third of the step, an error 27 times smaller
  const LinearModel m = Hht::linearModel(IntegratorSettings{});
  auto phaseError = [&](double wh) {
    const Eigen::VectorXcd roots = m.amplification(wh).eigenvalues();
    double best = INFINITY;
    for (int k = 0; k < roots.size(); ++k)
      best = std::min(best, std::abs(std::abs(std::arg(roots[k])) - wh));
    return best;
  };
  const double ratio = phaseError(0.03) / phaseError(0.01);
  EXPECT_GT(ratio, 27.0 * 0.9);
  EXPECT_LT(ratio, 27.0 * 1.1);
}

// the bead's distance from the axis at t_end, run with HHT at a fixed step, against r0 cosh(w t)
struct BeadRun {
  double error;
  RunStatistics stats;
};

BeadRun beadRun(double step, double alpha) {
  const test::BeadOnRod bead;
  const Model model = parseScene(bead.sceneJson(), "bead");
  RunSettings s;
  s.integrator = "hht";
  s.integratorSettings.step = step;
  s.integratorSettings.alpha = alpha;
  s.tEnd = 0.5;
  const Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  const size_t last = r.rowCount() - 1;
  const double x = r.at(last, r.column("bead.x")), y = r.at(last, r.column("bead.y"));
  EXPECT_NEAR(r.at(last, 0), 0.5, 1e-12);
  return {std::abs(std::hypot(x, y) - bead.r0 * std::cosh(bead.omega * 0.5)), r.stats};
}

TEST(Hht, IsSecondOrderAtFixedSteps) {
  for (const double alpha : {-0.3, 0.0}) {
    SCOPED_TRACE(alpha);
    // 0.5 s at steps of 20 and 10 ms
    const BeadRun coarse = beadRun(0.02, alpha), fine = beadRun(0.01, alpha);
    // half the step, a quarter of the error
    const double ratio = coarse.error / fine.error;
    EXPECT_GT(ratio, 4.0 * 0.85) << coarse.error << " / " << fine.error;
    EXPECT_LT(ratio, 4.0 * 1.15) << coarse.error << " / " << fine.error;
    // one time point a step, none rejected (fixed step)
    EXPECT_EQ(fine.stats.steps, 50);
    EXPECT_EQ(fine.stats.timePoints, 50);
    EXPECT_EQ(fine.stats.rejectedSteps, 0);
    EXPECT_GE(fine.stats.newtonIterations, fine.stats.steps);
  }
}

}  // namespace
}  // namespace mbw
