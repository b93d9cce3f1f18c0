#include "studies/scene_variant_loader.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "scene/builtin_scenes.h"
#include "scene/json_reader.h"
#include "scene/scene_reader.h"

namespace mbw {
namespace {

using json = nlohmann::json;

std::string sceneText(const std::string& nameOrPath) {
  // a built-in scene's text, else the file's
  if (const BuiltinScene* s = findBuiltinScene(nameOrPath)) return s->text;
  // a file that cannot be opened is a scene error
  std::ifstream in(nameOrPath);
  if (!in) throw SceneError(nameOrPath, {{"", "cannot open the file"}});
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// sets the field at pointer; "" when done, else what is wrong
std::string setField(json& scene, const std::string& pointer, const std::string& valueText) {
  // the value is any json text: a number, a string in quotes, an object
  json value;
  try {
    value = json::parse(valueText);
  } catch (const json::exception& e) {
    return "the value '" + excerpt(valueText) + "' is not JSON: " + plainJsonMessage(e);
  }
  try {
    // the pointer must reach an existing element of an array or a field of an object
    const json::json_pointer field(pointer);
    if (field.empty()) return "the pointer must name a field, not the whole scene";
    const json::json_pointer parent = field.parent_pointer();
    if (!scene.contains(parent)) return "the scene has nothing at " + parent.to_string();
    json& container = scene.at(parent);
    // in an array the element must exist ("-", past the end, is none); an object takes a new field
    if (container.is_array()) {
      const std::string& last = field.back();
      if (last == "-" || !scene.contains(field)) return "the scene has no element " + pointer;
    } else if (!container.is_object()) {
      return parent.to_string() + " is not an object or an array";
    }
    // set (or add, in an object) the field
    scene[field] = value;
  } catch (const json::exception& e) {
    return "not a JSON pointer into the scene: " + plainJsonMessage(e);
  }
  return "";
}

}  // namespace

Model loadSceneVariant(const SceneVariant& variant) {
  // a variant without fields is the scene itself
  if (variant.fields.empty()) return loadScene(variant.scene);
  // set every field, collecting what is wrong, then read the scene as a file would be
  json scene = parseJsonText<json>(sceneText(variant.scene), variant.scene);
  std::vector<SceneIssue> issues;
  for (const auto& [pointer, value] : variant.fields) {
    const std::string problem = setField(scene, pointer, value);
    if (!problem.empty()) issues.push_back({pointer, problem});
  }
  // every problem at once, each at its pointer
  if (!issues.empty()) throw SceneError(variant.scene, std::move(issues));
  // the scene read under the variant's label
  Model model = parseScene(scene.dump(), variantLabel(variant));
  // paths in a scene file stay relative to that file
  if (!findBuiltinScene(variant.scene)) model.sourcePath = variant.scene;
  return model;
}

}  // namespace mbw
