// SS2, SS3 and SS4 (single_step.cpp) step as their coefficients say: on a linear oscillator the
// scheme's steps, with every auxiliary started at the initial rates, are the coefficients' own
// amplification matrix applied to the oscillator's mode (single_step_coefficients.cpp builds it
// from the same parameters, by another route: the elimination of the levels); rho_inf comes from
// the settings or the default 0.6, SS3 and SS4 exclude 1.

#include "integrators/single_step.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "integrators/registry.h"
#include "integrators/single_step_coefficients.h"
#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

TEST(SingleStep, StepsAsItsAmplificationMatrixOnAnOscillator) {
  // the mode mu = w x - i v of x' = v, v' = -w^2 x has mu' = i w mu: one step maps
  // (mu, h w^(1), ..., h w^(r-1)) by the amplification at z = i w h, the auxiliaries w^(l)
  // starting at mu'(0)
  const double w = 2.0 * M_PI, h = 0.02;
  const Model model = test::springOscillator(3.0);
  for (int r : {2, 3, 4}) {
    for (double rho : {0.6, 0.0}) {
      SCOPED_TRACE("ss" + std::to_string(r) + " rho_inf " + std::to_string(rho));
      IntegratorSettings s;
      s.rhoInf = rho;
      const auto f = makeFormulation("rp", model);
      const std::unique_ptr<Integrator> ss = findIntegrator("ss" + std::to_string(r))->make(*f, s);
      ss->initialize(consistentInitialState(*f, 0.0));
      // G: the coefficients' own amplification at z = i w h
      const Eigen::MatrixXcd G =
          singleStepCoefficients(r, rho).amplification(std::complex<double>(0.0, w * h));
      // mu0 = w x0 - i v0 with x0 = 1, v0 = 3; the auxiliaries start at h mu'(0) = h i w mu0
      const std::complex<double> mu0(w * 1.0, -3.0), i(0.0, 1.0);
      Eigen::VectorXcd y = Eigen::VectorXcd::Constant(r, h * i * w * mu0);
      y[0] = mu0;
      double worst = 0.0;
      for (int n = 1; n <= 25; ++n) {
        ASSERT_EQ(ss->step(h).kind, StepResult::Kind::Accepted);
        // each step of the scheme against G applied to the mode
        y = G * y;
        const State& state = ss->state();
        f->computePositions(state.t, state.q);
        f->computeVelocities(state.v);
        const BodyOutput b = f->bodyOutput(0, state.vdot);
        // the mode read back from the body's position and velocity
        const std::complex<double> mu(w * b.position_W.x(), -b.velocity_W.x());
        worst = std::max(worst, std::abs(mu - y[0]));
      }
      // Newton solves the oscillator's linear equations to rounding: 25 steps keep it there
      EXPECT_LT(worst, 1e-11 * std::abs(mu0));
      // and the scheme moved: a 0.5 s run turns the mode by half a period
      EXPECT_GT(std::abs(y[0] - mu0), std::abs(mu0));
    }
  }
}

TEST(SingleStep, RhoInfFromTheSettingsOrTheDefault) {
  IntegratorSettings s;
  EXPECT_EQ(SingleStep::rhoInf(s), 0.6);
  s.rhoInf = 0.25;
  EXPECT_EQ(SingleStep::rhoInf(s), 0.25);
  // as LMS3 and LMS4, SS3 and SS4 are not zero-stable at rho_inf = 1
  EXPECT_FALSE(SingleStep::capabilities(2).rhoInfMaxExcluded);
  EXPECT_TRUE(SingleStep::capabilities(3).rhoInfMaxExcluded);
  EXPECT_TRUE(SingleStep::capabilities(4).rhoInfMaxExcluded);
  // all second order, fixed step only
  for (int r : {2, 3, 4}) {
    EXPECT_EQ(SingleStep::capabilities(r).order, 2);
    EXPECT_FALSE(SingleStep::capabilities(r).variableStep);
  }
}

}  // namespace
}  // namespace mbw
