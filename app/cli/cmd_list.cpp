// mbw-cli list: built-in scenes, integrators, formulations.

#include <iomanip>
#include <iostream>

#include "cli_common.h"
#include "commands.h"
#include "formulation/formulation.h"
#include "integrators/capabilities_text.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw::cli {

Command addListCommand(CLI::App& app) {
  CLI::App* c =
      app.add_subcommand("list", "List the built-in scenes, integrators and formulations");
  return {c, [] {
            // the built-in scenes with their descriptions, and the names kept for older ones
            std::cout << "Built-in scenes:\n";
            for (const BuiltinScene& s : builtinScenes()) {
              const Model m = loadScene(s.name);
              std::cout << "  " << std::left << std::setw(24) << s.name
                        << m.description.substr(0, 90) << (m.description.size() > 90 ? "..." : "")
                        << "\n";
            }
            for (const BuiltinSceneAlias& a : builtinSceneAliases())
              std::cout << "  " << std::left << std::setw(24) << a.name << "= " << a.scene << " ("
                        << a.reason << ")\n";
            std::cout << "\nIntegrators:\n";
            for (const IntegratorInfo& i : integratorRegistry()) {
              // its name, what it can do (the engine's words), its family, description and work
              // rule
              const Capabilities& k = i.capabilities;
              const std::string name = i.alias.empty() ? i.name : i.name + ", " + i.alias;
              std::cout << "  " << std::left << std::setw(26) << name << capabilitiesText(k);
              std::cout << "  [" << k.family << "]\n"
                        << "  " << std::setw(26) << "" << k.description << "\n"
                        << "  " << std::setw(26) << ""
                        << "energy balance: work by " << k.workRule << "\n";
            }
            // the formulations with their descriptions
            std::cout << "\nFormulations:\n";
            for (const std::string& f : runFormulationNames())
              std::cout << "  " << std::left << std::setw(18) << f << runFormulationDescription(f)
                        << "\n";
            return kSuccess;
          }};
}

}  // namespace mbw::cli
