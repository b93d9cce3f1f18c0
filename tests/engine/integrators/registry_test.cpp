// Capabilities are checked when a run is configured: unsupported combinations of integrator,
// formulation and settings are refused with a reason before anything runs.

#include "integrators/registry.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// the refusal a run of the single pendulum with these settings meets ("" when none)
std::string refusal(const std::string& integrator, IntegratorSettings s,
                    const std::string& formulation = "rp") {
  RunSettings rs;
  rs.integrator = integrator;
  rs.formulation = formulation;
  rs.integratorSettings = s;
  try {
    Simulation sim(loadScene("single-pendulum"), rs);
  } catch (const ConfigurationError& e) {
    return e.what();
  }
  return "";
}

// settings with only rho_inf given
IntegratorSettings rho(double r) {
  IntegratorSettings s;
  s.rhoInf = r;
  return s;
}

TEST(Registry, EveryIntegratorOfTheIssueIsOffered) {
  for (const char* name : {"backward-euler", "hht", "lms2", "lms3", "lms4", "ss2", "ss3", "ss4",
                           "bathe", "msstc3", "msstc4", "msstc5", "mssth3", "mssth4", "mssth5",
                           "esdirk3-4l2sa", "esdirk3-5l2sa", "esdirk4-6l2sa2"}) {
    const IntegratorInfo* info = findIntegrator(name);
    ASSERT_NE(info, nullptr) << name;
    // each described, its source named, and configured without refusal at its defaults
    EXPECT_FALSE(info->capabilities.description.empty());
    EXPECT_FALSE(info->capabilities.source.empty()) << name;
    EXPECT_EQ(refusal(name, IntegratorSettings{}), "") << name;
  }
}

TEST(Registry, UnsupportedCombinationsAreRefusedWhenConfigured) {
  // rho_inf outside each method's range, or not tabulated for it
  EXPECT_NE(refusal("lms3", rho(1.0)).find("not zero-stable"), std::string::npos);
  EXPECT_NE(refusal("ss4", rho(1.0)).find("[0, 1)"), std::string::npos);
  EXPECT_EQ(refusal("lms2", rho(1.0)), "");
  EXPECT_NE(refusal("mssth4", rho(0.3)).find("tabulated only for rho_inf in {0, 0.6, 1}"),
            std::string::npos);
  EXPECT_NE(refusal("msstc3", rho(0.35)).find("tabulated"), std::string::npos);
  EXPECT_EQ(refusal("msstc3", rho(0.3)), "");
  EXPECT_NE(refusal("esdirk3-5l2sa", rho(0.5)).find("no tunable rho_inf"), std::string::npos);
  EXPECT_NE(refusal("hht", rho(0.3)).find("[0.5, 1]"), std::string::npos);
  // variable steps: refused by Bathe, taken by the embedded ESDIRK
  IntegratorSettings variable;
  variable.variableStep = true;
  EXPECT_NE(refusal("bathe", variable).find("fixed steps only"), std::string::npos);
  EXPECT_EQ(refusal("esdirk4-6l2sa2", variable), "");
  // HHT's alpha within [-1/3, 0]; alpha for HHT only; never alpha and rho_inf both
  IntegratorSettings alpha;
  alpha.alpha = -0.5;
  EXPECT_NE(refusal("hht", alpha).find("[-1/3, 0]"), std::string::npos);
  alpha.alpha = -0.1;
  EXPECT_EQ(refusal("hht", alpha), "");
  EXPECT_NE(refusal("lms2", alpha).find("no alpha"), std::string::npos);
  alpha.rhoInf = 0.8;
  EXPECT_NE(refusal("hht", alpha).find("not both"), std::string::npos);
  // lms2 runs on rA; the Rosenbrock-Nystrom scheme refuses it
  EXPECT_EQ(refusal("lms2", IntegratorSettings{}, "rA"), "");
  EXPECT_NE(refusal("rosenbrock-nystrom4", IntegratorSettings{}, "rA")
                .find("does not work with the rA formulation"),
            std::string::npos);
}

TEST(Registry, HhtRhoInfAndAlphaAreTheSameParameter) {
  const IntegratorInfo& hht = *findIntegrator("hht");
  IntegratorSettings s;
  s.alpha = -0.2;
  // alpha = -0.2 is rho_inf = (1 + alpha) / (1 - alpha) = 0.8 / 1.2
  EXPECT_NEAR(effectiveRhoInf(hht, s), 0.8 / 1.2, 1e-15);
  EXPECT_NEAR(effectiveRhoInf(hht, rho(0.75)), 0.75, 1e-15);
}

}  // namespace
}  // namespace mbw
