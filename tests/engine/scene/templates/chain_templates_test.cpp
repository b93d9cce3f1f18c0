// The generated open chains: the N-link chain is a valid scene of the stated size and mobility
// whose physics is that of hinged slender bars (the compound pendulum's initial angular
// acceleration 3 g / (2 L) for one link released horizontally), conservative (the energy balance
// of a long run stays at the integrator's accuracy); the double pendulum starts as a double
// pendulum of its own bars does.

#include <gtest/gtest.h>

#include "scene/templates/scene_templates.h"

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

// a chain of n links of the given length, released at the angle given
Model chain(int links, double length = 1.0, double angleDegrees = 0.0) {
  return parseScene(generateScene("chain", {{"links", std::to_string(links)},
                                            {"length", std::to_string(length)},
                                            {"angle", std::to_string(angleDegrees)}}),
                    "chain");
}

// an n-link chain on hinges has n bodies, 5 n equations and n degrees of freedom (none repeated)
TEST(ChainTemplate, HasTheStatedSizeAndMobility) {
  // n links on hinges: five equations a hinge, one freedom a link
  for (int n : {1, 3, 20}) {
    const Model m = chain(n);
    EXPECT_EQ(m.bodyCount(), n);
    EXPECT_EQ(m.primitiveCount(), 5 * n);
    const auto f = makeFormulation("rp", m);
    const State s = consistentInitialState(*f, 0.0);
    f->computePositions(0.0, s.q);
    EXPECT_EQ(analyzeConstraintRank(*f).degreesOfFreedom, n);
  }
}

// one slender link released horizontally starts at alpha = 3 g / (2 L) about its hinge, in rp and
// in rA: the template's mass, inertia and hinge point are those of a uniform bar
TEST(ChainTemplate, OneLinkIsACompoundPendulum) {
  // released horizontally: alpha = (m g L / 2) / (m L^2 / 3) = 3 g / (2 L) about the hinge
  for (double length : {1.0, 2.5}) {
    const Model m = chain(1, length);
    for (const char* formulation : {"rp", "rA"}) {
      const auto f = makeFormulation(formulation, m);
      const State s = consistentInitialState(*f, 0.0);
      f->computePositions(0.0, s.q);
      f->computeVelocities(s.v);
      EXPECT_NEAR(std::abs(f->bodyOutput(0, s.vdot).omegaDot_W.y()), 1.5 * 9.81 / length, 1e-9)
          << formulation;
    }
  }
}

// a falling 8-link chain keeps its energy balance to 1e-4 of the energy exchanged: the generated
// chain is conservative, as hinged bars under gravity are
TEST(ChainTemplate, ConservesEnergy) {
  // released 30 degrees below the horizontal, 8 links, 1 s of lms3 at h = 1e-3
  RunSettings s;
  s.integrator = "lms3";
  s.integratorSettings.step = 1e-3;
  s.tEnd = 1.0;
  const Results r = Simulation(chain(8, 1.0, 30.0), s).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  const int balance = r.column("energy.balance"), potential = r.column("energy.potential");
  const double scale = std::abs(r.at(r.rowCount() - 1, potential) - r.at(0, potential));
  double worst = 0.0;
  for (size_t i = 0; i < r.rowCount(); ++i) worst = std::max(worst, std::abs(r.at(i, balance)));
  EXPECT_GT(scale, 10.0);          // the chain has fallen: tens of joules exchanged
  EXPECT_LT(worst, 1e-4 * scale);  // kept within 0.01 % of them (1.5e-4 J of 140 J here)
}

// two equal bars released horizontally start at -9 g / (7 L) (upper) and 3 g / (7 L) (lower),
// absolute angles, Lagrange's equations for two slender rods
TEST(DoublePendulumTemplate, StartsAsTwoHingedBars) {
  // both bars horizontal and at rest, equal (L = 1 m, 1 kg): Lagrange's equations of two slender
  // rods start the upper bar falling at 9 g / (7 L) and turn the lower one up at 3 g / (7 L)
  const Model m =
      parseScene(generateScene("double-pendulum", {{"lengths", "1,1"}, {"masses", "1,1"}}), "dp");
  const auto f = makeFormulation("rp", m);
  const State s = consistentInitialState(*f, 0.0);
  f->computePositions(0.0, s.q);
  f->computeVelocities(s.v);
  // the bars turn about the hinge axis -y: a fall is a negative rate about it
  EXPECT_NEAR(f->bodyOutput(0, s.vdot).omegaDot_W.y(), 9.0 * 9.81 / 7.0, 1e-9);
  EXPECT_NEAR(f->bodyOutput(1, s.vdot).omegaDot_W.y(), -3.0 * 9.81 / 7.0, 1e-9);
}

}  // namespace
}  // namespace mbw
