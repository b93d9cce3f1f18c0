#pragma once
// The integrators this build offers, by name, with their capabilities and a factory. The CLI and
// the workbench list and configure integrators only through here.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "integrators/integrator.h"

namespace mbw {

struct IntegratorInfo {
  std::string name;
  std::string alias;  // a short name also accepted ("" for none)
  Capabilities capabilities;
  std::function<std::unique_ptr<Integrator>(Formulation&, const IntegratorSettings&)> make;
};

const std::vector<IntegratorInfo>& integratorRegistry();

// by name or alias; nullptr for an unknown name
const IntegratorInfo* findIntegrator(const std::string& name);

// Why this integrator cannot run with this formulation and these settings ("" when it can).
std::string unsupportedReason(const IntegratorInfo& info, const std::string& formulation,
                              const IntegratorSettings& settings);

}  // namespace mbw
