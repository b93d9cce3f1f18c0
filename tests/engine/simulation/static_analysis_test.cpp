// The static equilibrium of a scene as front ends report it (simulation/static_analysis.h): the
// rotating shaft sagging under gravity at t = 0 (its largest move, a body frame origin's distance
// from the scene's pose, read again from the recorded row), its row at rest with the multipliers;
// a mechanism that can move freely reported as not converged; an unknown formulation refused.

#include <gtest/gtest.h>

#include <algorithm>

#include "math/number_text.h"
#include "scene/scene_reader.h"
#include "simulation/static_analysis.h"

namespace mbw {
namespace {

// the static equilibrium of the shaft under gravity: a single row at rest with its multipliers,
// and a report whose largest move matches the row
TEST(StaticAnalysis, TheShaftSagsAndItsRowIsAtRestWithTheMultipliers) {
  // the rotating shaft at t = 0 in rA: the solution written as one row at rest, with the
  // multipliers among its channels
  const Model model = loadScene("rotating-shaft");
  const StaticAnalysis a = analyzeStaticEquilibrium(model, "rA", 0.0, StaticSettings{});
  ASSERT_TRUE(a.solution.converged) << a.solution.failure;
  EXPECT_LT(a.solution.residual, 1e-4);
  const Results& r = a.results;
  ASSERT_EQ(r.rowCount(), 1u);
  EXPECT_EQ(r.metadataValue("analysis"), "static equilibrium");
  EXPECT_EQ(r.stats.newtonIterations, a.solution.iterations);
  EXPECT_TRUE(std::any_of(r.channels().begin(), r.channels().end(),
                          [](const Channel& c) { return c.name.rfind("lambda.", 0) == 0; }));
  // the largest move, again from the row: every body's frame origin against the scene's pose
  double largest = 0.0;
  std::string body;
  for (const Body& b : model.bodies) {
    const Vec3 at(r.at(0, r.column(b.name + ".x")), r.at(0, r.column(b.name + ".y")),
                  r.at(0, r.column(b.name + ".z")));
    EXPECT_EQ(r.at(0, r.column(b.name + ".vx")), 0.0);
    if ((at - b.position_W).norm() > largest) largest = (at - b.position_W).norm(), body = b.name;
  }
  EXPECT_GT(largest, 1e-4);
  EXPECT_NEAR(a.move.largest, largest, 1e-12);
  EXPECT_EQ(a.move.body, body);
  // the report: the counts, the residual and the move with its body
  const std::string text = staticAnalysisText(a, model.name);
  EXPECT_EQ(
      text.rfind("static equilibrium of 'rotating-shaft' at t = 0 s (rA)\nNewton iterations " +
                     std::to_string(a.solution.iterations) + " in ",
                 0),
      0u)
      << text;
  EXPECT_NE(text.find("largest move from the scene's pose: " + formatNumber(largest) + " m (" +
                      body + ")\n"),
            std::string::npos)
      << text;
}

// nothing stiffens the double pendulum's two free angles: a singular matrix, reported, no row
TEST(StaticAnalysis, AMechanismWithAFreeDegreeOfFreedomHasNoEquilibrium) {
  // the double pendulum has two free angles: its matrix is singular, and no row is written
  const StaticAnalysis a =
      analyzeStaticEquilibrium(loadScene("double-pendulum"), "rp", 0.0, StaticSettings{});
  EXPECT_FALSE(a.solution.converged);
  EXPECT_NE(a.solution.failure.find("singular"), std::string::npos) << a.solution.failure;
  EXPECT_EQ(a.results.rowCount(), 0u);
  EXPECT_EQ(staticAnalysisText(a, "double-pendulum"),
            "static equilibrium of 'double-pendulum' at t = 0 s (rp)\nFAILED: " +
                a.solution.failure + "\n");
}

// a formulation name that does not exist throws before any solve
TEST(StaticAnalysis, RefusesAnUnknownFormulation) {
  // an unknown formulation is refused before anything is solved
  EXPECT_THROW(analyzeStaticEquilibrium(loadScene("rotating-shaft"), "rQ", 0.0, StaticSettings{}),
               std::invalid_argument);
}

}  // namespace
}  // namespace mbw
