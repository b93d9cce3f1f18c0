// What an integrator can do in one line (integrators/capabilities_text.h): the order and stages,
// L-stability, the steps it takes, its rho_inf range or values, its Jacobians and what its
// tolerances bound, each said only when the integrator has it.

#include "integrators/capabilities_text.h"

#include <gtest/gtest.h>

#include "integrators/registry.h"

namespace mbw {
namespace {

TEST(CapabilitiesText, SaysOnlyWhatTheIntegratorHas) {
  Capabilities k;
  k.order = 2;
  // a bare integrator: only its order and fixed step
  EXPECT_EQ(capabilitiesText(k), "order 2, fixed step");
  // stages, L-stability, variable steps with their error controls, rho_inf and Jacobians
  k.implicitStages = 3;
  k.lStable = true;
  k.variableStep = true;
  k.errorControls = {"auto", "per-unit-step", "per-step"};
  k.hasRhoInf = true;
  k.rhoInfMin = 0.0;
  k.rhoInfMax = 1.0;
  k.rhoInfMaxExcluded = true;
  k.rhoInfDefault = 0.6;
  k.jacobians = {"exact", "fd"};
  EXPECT_EQ(capabilitiesText(k),
            "order 2, 3 implicit stages, L-stable, variable step, rho_inf [0, 1) (default 0.6), "
            "Jacobian exact|fd, tolerance per-unit-step (or per-step)");
  // an integrator without fixed steps says so
  k.fixedStep = false;
  EXPECT_NE(capabilitiesText(k).find(", variable step only,"), std::string::npos);
}

TEST(CapabilitiesText, RhoInfValuesAreListedAndALongListShortened) {
  Capabilities k;
  k.rhoInfValues = {0.0, 0.5, 1.0};
  EXPECT_EQ(rhoInfRangeText(k), "{0, 0.5, 1} (default 0)");
  // five values: the first two, an ellipsis and the last
  k.rhoInfValues = {0.0, 0.2, 0.4, 0.6, 1.0};
  k.rhoInfDefault = 0.6;
  EXPECT_EQ(rhoInfRangeText(k), "{0, 0.2, ..., 1} (default 0.6)");
}

TEST(CapabilitiesText, EveryRegisteredIntegratorHasItsLine) {
  for (const IntegratorInfo& i : integratorRegistry()) {
    // every registered integrator's line opens with its order, and names rho_inf only if it has one
    const std::string text = capabilitiesText(i.capabilities);
    EXPECT_EQ(text.rfind("order " + std::to_string(i.capabilities.order), 0), 0u) << i.name;
    EXPECT_EQ(text.find("rho_inf") != std::string::npos, i.capabilities.hasRhoInf) << i.name;
  }
}

}  // namespace
}  // namespace mbw
