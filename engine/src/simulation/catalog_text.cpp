#include "simulation/catalog_text.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "integrators/capabilities_text.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {

std::string catalogText() {
  std::ostringstream out;
  // the scenes' and aliases' names in a column at least 24 wide, two spaces past the longest
  size_t sceneColumn = 24;
  for (const BuiltinScene& s : builtinScenes())
    sceneColumn = std::max(sceneColumn, s.name.size() + 2);
  for (const BuiltinSceneAlias& a : builtinSceneAliases())
    sceneColumn = std::max(sceneColumn, a.name.size() + 2);
  const int sceneWidth = static_cast<int>(sceneColumn);
  // the built-in scenes with their descriptions, and the names kept for older ones
  out << "Built-in scenes:\n";
  for (const BuiltinScene& s : builtinScenes()) {
    // each scene loaded for its description, cut at 90 characters
    const Model m = loadScene(s.name);
    out << "  " << std::left << std::setw(sceneWidth) << s.name << m.description.substr(0, 90)
        << (m.description.size() > 90 ? "..." : "") << "\n";
  }
  // the old names, each with the scene it stands for and why it was kept
  for (const BuiltinSceneAlias& a : builtinSceneAliases())
    out << "  " << std::left << std::setw(sceneWidth) << a.name << "= " << a.scene << " ("
        << a.reason << ")\n";
  // each integrator: its name, what it can do, its family, description and work rule
  out << "\nIntegrators:\n";
  for (const IntegratorInfo& i : integratorRegistry()) {
    const Capabilities& k = i.capabilities;
    // an alias follows the name
    const std::string name = i.alias.empty() ? i.name : i.name + ", " + i.alias;
    out << "  " << std::left << std::setw(26) << name << capabilitiesText(k);
    out << "  [" << k.family << "]\n"
        << "  " << std::setw(26) << "" << k.description << "\n"
        << "  " << std::setw(26) << ""
        << "energy balance: work by " << k.workRule << "\n";
  }
  // the formulations with their descriptions
  out << "\nFormulations:\n";
  // the absolute coordinates' formulations and the joint coordinates
  for (const std::string& f : runFormulationNames())
    out << "  " << std::left << std::setw(18) << f << runFormulationDescription(f) << "\n";
  return out.str();
}

}  // namespace mbw
