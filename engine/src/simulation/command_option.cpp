#include "simulation/command_option.h"

#include <algorithm>

namespace mbw {

// the keyword of an option: its name with underscores ("reference-tol" -> reference_tol)
std::string CommandOption::keyword() const {
  std::string k = name;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

CommandOption sceneArgument(std::string& scene) {
  return {"scene", "built-in scene name or scene file", &scene,
          kOptionPositional | kOptionRequired};
}

}  // namespace mbw
