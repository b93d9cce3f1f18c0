// The closed-form references of the IFToMM problems against tight runs of the engine: A01 (the
// pendulum of the built-in scene) and A02 (the N-four-bar of the template, its couplers on
// spherical and universal joints so that it loads without the redundancy handling, up to the first
// position where its cranks lie horizontal) agree with Rosenbrock-Nystrom at rtol 1e-12 to 1e-9;
// models that are not the problem's are refused, saying what is missing.

#include "analysis/iftomm_references.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// the largest difference over the run's rows of each of the channels, against the closed form
double largestDifference(const std::string& name, const Model& model, const Results& run,
                         const std::vector<std::string>& channels) {
  const Results reference = closedFormReference(name, model, run.columnValues(0));
  double worst = 0.0;
  for (const std::string& c : channels) {
    const int a = run.column(c), b = reference.column(c);
    EXPECT_GE(a, 0) << c;
    EXPECT_GE(b, 0) << c;
    if (a < 0 || b < 0) continue;
    for (size_t i = 0; i < run.rowCount(); ++i)
      worst = std::max(worst, std::abs(run.at(i, a) - reference.at(i, b)));
  }
  return worst;
}

// rows at its steps (no output interpolation between the run and the closed form)
Results tightRun(const Model& model, double tEnd) {
  RunSettings s;
  s.integrator = "rn4";
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = 1e-12;
  s.tEnd = tEnd;
  Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r;
}

TEST(IftommReferences, A01ClosedFormAgreesWithATightRun) {
  const Model model = loadScene("iftomm-a01-pendulum");
  const Results run = tightRun(model, 5.0);
  EXPECT_GT(run.rowCount(), 1000u);
  // the tight run (rtol 1e-12) as the independent side: positions to 1e-9, velocities to 1e-8
  EXPECT_LT(largestDifference("iftomm-a01", model, run, {"p1_x", "p1_y"}), 1e-9);
  EXPECT_LT(largestDifference("iftomm-a01", model, run, {"p1_x.rate", "p1_y.rate"}), 1e-8);
  // released at x = +1 from rest, it is at the bottom with speed sqrt(2 g) a quarter swing later
  // a quarter period of the 90-degree swing: K(1 / sqrt 2) sqrt(L / g), K the complete elliptic one
  const Results r =
      closedFormReference("iftomm-a01", model, {0.0, 1.854074677301372 / std::sqrt(9.81)});
  EXPECT_EQ(r.at(0, r.column("p1_x")), 1.0);
  // at the bottom the whole drop of L = 1 m is speed: v = sqrt(2 g L)
  EXPECT_NEAR(r.at(1, r.column("p1_x")), 0.0, 1e-14);
  EXPECT_NEAR(r.at(1, r.column("p1_y")), -1.0, 1e-14);
  EXPECT_NEAR(std::abs(r.at(1, r.column("p1_x.rate"))), std::sqrt(2.0 * 9.81), 1e-12);
}

TEST(IftommReferences, A02ClosedFormAgreesWithATightRunOfTheTemplate) {
  // N = 2 windows, upright, B0 at +1 m/s: the cranks first lie horizontal at t = 0.72 s
  const Model model =
      parseScene(generateScene("n-four-bar",
                               {{"windows", "2"}, {"up", "y"}, {"joints", "spherical-universal"}}),
                 "a02");
  const Results run = tightRun(model, 0.6);
  EXPECT_LT(largestDifference("iftomm-a02", model, run, {"b0_x", "b0_y"}), 1e-9);
  EXPECT_LT(largestDifference("iftomm-a02", model, run, {"b0_x.rate", "b0_y.rate"}), 1e-8);
  // at t = 0 the closed form starts from the template's velocity of B0, 1 m/s
  const Results r = closedFormReference("iftomm-a02", model, {0.0});
  EXPECT_NEAR(r.at(0, r.column("b0_x.rate")), 1.0, 1e-14);
}

TEST(IftommReferences, RefusesModelsThatAreNotTheProblems) {
  // a chain has no distance joint to the ground (A01) nor a crank_0 (A02); A03 has no closed form
  const Model chain = parseScene(generateScene("chain", {{"links", "2"}}), "chain");
  EXPECT_THROW(closedFormReference("iftomm-a03", chain, {0.0}), std::invalid_argument);
  try {
    closedFormReference("iftomm-a01", chain, {0.0});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no body has a distance joint to the ground"),
              std::string::npos)
        << e.what();
  }
  try {
    closedFormReference("iftomm-a02", chain, {0.0});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no body crank_0"), std::string::npos) << e.what();
  }
  // a four-bar template has the crank but no output on it
  const Model noOutput = parseScene(
      generateScene("n-four-bar", {{"windows", "1"}, {"joints", "spherical-universal"}}), "nfb");
  EXPECT_NO_THROW(closedFormReference("iftomm-a02", noOutput, {0.0}));
}

TEST(IftommReferences, OutputGridTimesAreTheRunsRows) {
  // the run's rows: each multiple of the step, and the end time even off the grid
  EXPECT_EQ(outputGridTimes(0.0, 1.0, 0.25), (std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0}));
  EXPECT_EQ(outputGridTimes(0.0, 1.1, 0.5), (std::vector<double>{0.0, 0.5, 1.0, 1.1}));
  EXPECT_EQ(outputGridTimes(0.0, 0.3, 0.1).size(), 4u);
}

}  // namespace
}  // namespace mbw
