#include "simulation/command_option.h"

#include <algorithm>
#include <sstream>

namespace mbw {

// the keyword of an option: its name with underscores ("reference-tol" -> reference_tol)
std::string CommandOption::keyword() const {
  std::string k = name;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

// the items between commas, empty ones dropped
std::vector<std::string> commaListItems(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

// the scene as the first positional argument, required
CommandOption sceneArgument(std::string& scene) {
  return {"scene", "built-in scene name or scene file", &scene,
          kOptionPositional | kOptionRequired};
}

}  // namespace mbw
