// mbw-cli list: built-in scenes, integrators, formulations.

#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli_common.h"
#include "commands.h"
#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"

namespace mbw::cli {
namespace {

// e.g. "[0, 1) (default 0.6)" or "{0, 0.6, 1} (default 0)"
std::string rhoInfRange(const Capabilities& k) {
  std::ostringstream os;
  if (!k.rhoInfValues.empty()) {
    if (k.rhoInfValues.size() > 3) {
      os << "{" << k.rhoInfValues.front() << ", " << k.rhoInfValues[1] << ", ..., "
         << k.rhoInfValues.back() << "}";
    } else {
      os << "{";
      for (size_t j = 0; j < k.rhoInfValues.size(); ++j) os << (j ? ", " : "") << k.rhoInfValues[j];
      os << "}";
    }
  } else {
    os << "[" << k.rhoInfMin << ", " << k.rhoInfMax << (k.rhoInfMaxExcluded ? ")" : "]");
  }
  os << " (default " << formatNumber(k.rhoInfDefault) << ")";
  return os.str();
}

}  // namespace

Command addListCommand(CLI::App& app) {
  CLI::App* c =
      app.add_subcommand("list", "List the built-in scenes, integrators and formulations");
  return {
      c, [] {
        std::cout << "Built-in scenes:\n";
        for (const BuiltinScene& s : builtinScenes()) {
          const Model m = loadScene(s.name);
          std::cout << "  " << std::left << std::setw(24) << s.name << m.description.substr(0, 90)
                    << (m.description.size() > 90 ? "..." : "") << "\n";
        }
        for (const BuiltinSceneAlias& a : builtinSceneAliases())
          std::cout << "  " << std::left << std::setw(24) << a.name << "= " << a.scene << " ("
                    << a.reason << ")\n";
        std::cout << "\nIntegrators:\n";
        for (const IntegratorInfo& i : integratorRegistry()) {
          const Capabilities& k = i.capabilities;
          std::string jacobians;
          for (const std::string& j : k.jacobians) jacobians += (jacobians.empty() ? "" : "|") + j;
          const std::string name = i.alias.empty() ? i.name : i.name + ", " + i.alias;
          std::cout << "  " << std::left << std::setw(26) << name << "order " << k.order;
          if (k.implicitStages > 1) std::cout << ", " << k.implicitStages << " implicit stages";
          std::cout << (k.lStable ? ", L-stable" : "")
                    << (k.variableStep ? (k.fixedStep ? ", variable step" : ", variable step only")
                                       : ", fixed step");
          if (k.hasRhoInf) std::cout << ", rho_inf " << rhoInfRange(k);
          if (k.jacobians.size() > 1) std::cout << ", Jacobian " << jacobians;
          // what the tolerances bound: the default first (errorControls[1]), then the others
          if (k.variableStep) {
            std::cout << ", tolerance " << k.errorControls[1];
            for (size_t e = 2; e < k.errorControls.size(); ++e)
              std::cout << (e == 2 ? " (or " : ", ") << k.errorControls[e];
            if (k.errorControls.size() > 2) std::cout << ")";
          }
          std::cout << "  [" << k.family << "]\n"
                    << "  " << std::setw(26) << "" << k.description << "\n"
                    << "  " << std::setw(26) << ""
                    << "energy balance: work by " << k.workRule << "\n";
        }
        std::cout << "\nFormulations:\n";
        for (const std::string& f : formulationNames())
          std::cout << "  " << std::left << std::setw(18) << f << formulationDescription(f) << "\n";
        return kSuccess;
      }};
}

}  // namespace mbw::cli
