// mbw-cli list: built-in scenes, integrators, formulations.

#include <iomanip>
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"

namespace mbw::cli {

Command addListCommand(CLI::App& app) {
  CLI::App* c = app.add_subcommand("list", "List the built-in scenes, integrators and formulations");
  return {c, [] {
            std::cout << "Built-in scenes:\n";
            for (const BuiltinScene& s : builtinScenes()) {
              const Model m = loadScene(s.name);
              std::cout << "  " << std::left << std::setw(24) << s.name << m.description.substr(0, 90)
                        << (m.description.size() > 90 ? "..." : "") << "\n";
            }
            std::cout << "\nIntegrators:\n";
            for (const IntegratorInfo& i : integratorRegistry()) {
              const Capabilities& k = i.capabilities;
              std::string jacobians;
              for (const std::string& j : k.jacobians) jacobians += (jacobians.empty() ? "" : "|") + j;
              const std::string name = i.alias.empty() ? i.name : i.name + ", " + i.alias;
              std::cout << "  " << std::left << std::setw(26) << name << "order " << k.order
                        << (k.lStable ? ", L-stable" : "")
                        << (k.variableStep ? (k.fixedStep ? ", variable step" : ", variable step only")
                                           : ", fixed step")
                        << (k.hasRhoInf ? ", rho_inf" : "")
                        << (k.jacobians.size() > 1 ? ", Jacobian " + jacobians : "") << "  [" << k.family
                        << "]\n"
                        << "  " << std::setw(26) << "" << k.description << "\n";
            }
            std::cout << "\nFormulations:\n";
            for (const std::string& f : formulationNames())
              std::cout << "  " << std::left << std::setw(18) << f << formulationDescription(f) << "\n";
            return kSuccess;
          }};
}

}  // namespace mbw::cli
