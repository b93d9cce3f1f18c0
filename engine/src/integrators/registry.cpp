#include "integrators/registry.h"

#include <algorithm>
#include <sstream>

#include "integrators/backward_euler.h"

namespace mbw {
namespace {

template <class T>
IntegratorInfo entry(const char* name) {
  return {name, T::capabilities(), [](Formulation& f, const IntegratorSettings& s) {
            return std::unique_ptr<Integrator>(std::make_unique<T>(f, s));
          }};
}

}  // namespace

const std::vector<IntegratorInfo>& integratorRegistry() {
  static const std::vector<IntegratorInfo> registry = {
      entry<BackwardEuler>("backward-euler"),
  };
  return registry;
}

const IntegratorInfo* findIntegrator(const std::string& name) {
  for (const IntegratorInfo& info : integratorRegistry())
    if (info.name == name) return &info;
  return nullptr;
}

std::string unsupportedReason(const IntegratorInfo& info, const std::string& formulation,
                              const IntegratorSettings& settings) {
  const Capabilities& c = info.capabilities;
  std::ostringstream os;
  if (std::find(c.formulations.begin(), c.formulations.end(), formulation) == c.formulations.end()) {
    os << info.name << " does not work with the " << formulation << " formulation (it supports:";
    for (const auto& f : c.formulations) os << ' ' << f;
    os << ")";
    return os.str();
  }
  if (settings.variableStep && !c.variableStep)
    return info.name + " has no error estimate: it runs with fixed steps only";
  if (settings.rhoInf >= 0.0 && !c.hasRhoInf)
    return info.name + " has no tunable rho_inf";
  if (c.hasRhoInf && settings.rhoInf >= 0.0 &&
      (settings.rhoInf < c.rhoInfMin || settings.rhoInf > c.rhoInfMax)) {
    os << info.name << " needs rho_inf in [" << c.rhoInfMin << ", " << c.rhoInfMax << "], got "
       << settings.rhoInf;
    return os.str();
  }
  if (!(settings.step > 0.0)) return "the step must be positive";
  return "";
}

}  // namespace mbw
