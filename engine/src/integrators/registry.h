#pragma once
// The integrators this build offers, by name, with their capabilities, a factory, and the linear
// model of each scheme for the analysis of Zhang et al. 2022 section 4. The CLI and the workbench
// list and configure integrators only through here.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "integrators/integrator.h"
#include "integrators/linear_model.h"

namespace mbw {

struct IntegratorInfo {
  std::string name;
  std::string alias;  // a short name also accepted ("" for none)
  Capabilities capabilities;
  std::function<std::unique_ptr<Integrator>(Formulation&, const IntegratorSettings&)> make;
  // built from the same coefficients as the integrator (settings: rho_inf, alpha); empty for the
  // state-space integrators
  std::function<LinearModel(const IntegratorSettings&)> linearModel;
};

const std::vector<IntegratorInfo>& integratorRegistry();

// by name or alias; nullptr for an unknown name
const IntegratorInfo* findIntegrator(const std::string& name);

// Why this integrator cannot run with this formulation and these settings ("" when it can).
std::string unsupportedReason(const IntegratorInfo& info, const std::string& formulation,
                              const IntegratorSettings& settings);

// The settings' rho_inf, or the integrator's default (for integrators that have one).
double effectiveRhoInf(const IntegratorInfo& info, const IntegratorSettings& settings);
// HHT's alpha: --alpha, or from --rho-inf, or the default (for integrators with
// capabilities.hasAlpha).
double effectiveAlpha(const IntegratorSettings& settings);

}  // namespace mbw
