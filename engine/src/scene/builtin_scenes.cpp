#include "scene/builtin_scenes.h"

namespace mbw {

const std::vector<BuiltinSceneAlias>& builtinSceneAliases() {
  // other names a scene is known by: the benchmark's name for the scene that builds it
  static const std::vector<BuiltinSceneAlias> aliases = {
      {"iftomm-a03-squeezer", "andrews-squeezer", "IFToMM benchmark A03, Andrews' squeezer"},
  };
  return aliases;
}

const BuiltinScene* findBuiltinScene(const std::string& name) {
  // an alias names its scene; then the scene by name
  std::string scene = name;
  for (const BuiltinSceneAlias& a : builtinSceneAliases())
    if (a.name == name) scene = a.scene;
  for (const BuiltinScene& s : builtinScenes())
    if (s.name == scene) return &s;
  return nullptr;
}

}  // namespace mbw
