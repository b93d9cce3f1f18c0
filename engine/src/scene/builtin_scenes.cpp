#include "scene/builtin_scenes.h"

namespace mbw {

const BuiltinScene* findBuiltinScene(const std::string& name) {
  for (const BuiltinScene& s : builtinScenes())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace mbw
