// Every template, as drawn (its loops of revolute joints included, their repeated equations left
// out by the loader), runs with one integrator of every family: the index-3 HHT, the state-space
// Rosenbrock-Nystrom, Adams and BDF, and IDA on the index-2 form; each run completes, stays on its
// constraints and keeps its energy balance (a short run from the template's defaults, the crank
// turning, where a crank has one).

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

struct Case {
  const char* name;
  TemplateArguments arguments;
};

class TemplateRuns : public ::testing::TestWithParam<const char*> {};

// each template completes 0.2 s on its constraints with its energy balanced, so a generated scene
// suits every integrator family, not only the one it proposes
TEST_P(TemplateRuns, EveryTemplateRunsWithThisIntegrator) {
  // five scenes, each with moving bodies, under the family of the integrator given: HHT at a fixed
  // step of 1 ms, the others variably at rtol = atol = 1e-7, for 0.2 s
  const std::string integrator = GetParam();
  const std::vector<Case> cases = {{"chain", {{"links", "4"}, {"angle", "20"}}},
                                   {"double-pendulum", {{"angles", "30,-10"}}},
                                   {"four-bar", {{"crank_speed", "3"}}},
                                   {"slider-crank", {{"crank_speed", "5"}}},
                                   {"n-four-bar", {{"windows", "3"}}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const Model model = parseScene(generateScene(c.name, c.arguments), c.name);
    RunSettings s;
    s.integrator = integrator;
    s.tEnd = 0.2;
    if (integrator == "hht") {
      s.integratorSettings.step = 1e-3;
    } else {
      s.integratorSettings.variableStep = true;
      s.integratorSettings.rtol = s.integratorSettings.atol = 1e-7;
    }
    const Results r = Simulation(model, s).run();
    ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
    EXPECT_NEAR(r.at(r.rowCount() - 1, 0), 0.2, 1e-12);
    // on the constraints, and the energy kept against what gravity exchanged
    const int balance = r.column("energy.balance"), kinetic = r.column("energy.kinetic");
    double worstBalance = 0.0, largestKinetic = 0.0, worstViolation = 0.0;
    for (size_t i = 0; i < r.rowCount(); ++i) {
      worstBalance = std::max(worstBalance, std::abs(r.at(i, balance)));
      largestKinetic = std::max(largestKinetic, r.at(i, kinetic));
      worstViolation = std::max(worstViolation, r.at(i, r.column("violation.position")));
    }
    EXPECT_GT(largestKinetic, 1e-3);
    EXPECT_LT(worstBalance, 1e-3 * largestKinetic);
    // IDA's index-2 form holds the positions to its tolerance, the others to their Newton's
    EXPECT_LT(worstViolation, integrator == "ida" ? 1e-6 : 1e-9);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryFamily, TemplateRuns,
                         ::testing::Values("hht", "rn4", "adams", "bdf", "ida"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace mbw
