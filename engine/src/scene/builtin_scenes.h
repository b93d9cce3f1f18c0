#pragma once
// The scenes shipped with the program (scenes/*.json), embedded at build time, and the other names
// some of them are known by (an IFToMM benchmark problem that is an existing scene).

#include <string>
#include <vector>

namespace mbw {

struct BuiltinScene {
  std::string name;  // file name without .json
  std::string text;  // the JSON
};

const std::vector<BuiltinScene>& builtinScenes();

struct BuiltinSceneAlias {
  std::string name;    // e.g. "iftomm-a03-squeezer"
  std::string scene;   // the built-in scene it names, e.g. "andrews-squeezer"
  std::string reason;  // one line, e.g. "IFToMM benchmark A03"
};
const std::vector<BuiltinSceneAlias>& builtinSceneAliases();

// The built-in scene of that name or alias; nullptr when there is none.
const BuiltinScene* findBuiltinScene(const std::string& name);

}  // namespace mbw
