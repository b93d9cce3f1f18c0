#include "integrators/registry.h"

#include <algorithm>
#include <sstream>

#include "integrators/backward_euler.h"
#include "integrators/cvode_integrator.h"
#include "integrators/rosenbrock_nystrom.h"

namespace mbw {
namespace {

template <class T>
IntegratorInfo entry(const char* name, const char* alias = "") {
  return {name, alias, T::capabilities(), [](Formulation& f, const IntegratorSettings& s) {
            return std::unique_ptr<Integrator>(std::make_unique<T>(f, s));
          }};
}

}  // namespace

const std::vector<IntegratorInfo>& integratorRegistry() {
  static const std::vector<IntegratorInfo> registry = {
      entry<BackwardEuler>("backward-euler"),
      entry<RosenbrockNystrom4>("rosenbrock-nystrom4", "rn4"),
      entry<WMethod2>("w2"),
      entry<AdamsIntegrator>("adams"),
      entry<BdfIntegrator>("bdf"),
  };
  return registry;
}

const IntegratorInfo* findIntegrator(const std::string& name) {
  for (const IntegratorInfo& info : integratorRegistry())
    if (info.name == name || (!info.alias.empty() && info.alias == name)) return &info;
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
  if (std::find(c.jacobians.begin(), c.jacobians.end(), settings.jacobian) == c.jacobians.end()) {
    os << info.name << " does not offer the '" << settings.jacobian << "' Jacobian (it offers:";
    for (const auto& j : c.jacobians) os << ' ' << j;
    os << ")";
    return os.str();
  }
  if (!settings.variableStep && !c.fixedStep)
    return info.name + " chooses its own steps: give tolerances (--rtol, --atol)";
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
  if (settings.variableStep && !(settings.rtol > 0.0 && settings.atol > 0.0))
    return "the tolerances rtol and atol must be positive";
  if (!(settings.safetyFactor > 0.0 && settings.safetyFactor <= 1.0))
    return "the safety factor must be in (0, 1]";
  if (!(settings.minStepFactor > 0.0 && settings.minStepFactor <= 1.0 &&
        settings.maxStepFactor >= 1.0))
    return "the step factors need 0 < fac-min <= 1 <= fac-max";
  if (!(settings.constraintTolerance > 0.0)) return "the constraint tolerance must be positive";
  if (!(settings.repartitionGrowth > 1.0)) return "the repartition growth factor must exceed 1";
  return "";
}

}  // namespace mbw
