#pragma once
// The scenes shipped with the program (scenes/*.json), embedded at build time.

#include <string>
#include <vector>

namespace mbw {

struct BuiltinScene {
  std::string name;  // file name without .json
  std::string text;  // the JSON
};

const std::vector<BuiltinScene>& builtinScenes();
// nullptr when there is no built-in scene of that name
const BuiltinScene* findBuiltinScene(const std::string& name);

}  // namespace mbw
