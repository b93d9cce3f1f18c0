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
  if (const BuiltinScene* s = findBuiltinScene(nameOrPath)) return s->text;
  std::ifstream in(nameOrPath);
  if (!in) throw SceneError(nameOrPath, {{"", "cannot open the file"}});
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// sets the field at pointer; "" when done, else what is wrong
std::string setField(json& scene, const std::string& pointer, const std::string& valueText) {
  json value;
  try {
    value = json::parse(valueText);
  } catch (const json::exception& e) {
    return "the value '" + excerpt(valueText) + "' is not JSON: " + plainJsonMessage(e);
  }
  try {
    const json::json_pointer field(pointer);
    if (field.empty()) return "the pointer must name a field, not the whole scene";
    const json::json_pointer parent = field.parent_pointer();
    if (!scene.contains(parent)) return "the scene has nothing at " + parent.to_string();
    json& container = scene.at(parent);
    if (container.is_array()) {
      const std::string& last = field.back();
      if (last == "-" || !scene.contains(field)) return "the scene has no element " + pointer;
    } else if (!container.is_object()) {
      return parent.to_string() + " is not an object or an array";
    }
    scene[field] = value;
  } catch (const json::exception& e) {
    return "not a JSON pointer into the scene: " + plainJsonMessage(e);
  }
  return "";
}

}  // namespace

Model loadSceneVariant(const SceneVariant& variant) {
  if (variant.fields.empty()) return loadScene(variant.scene);
  json scene = parseJsonText<json>(sceneText(variant.scene), variant.scene);
  std::vector<SceneIssue> issues;
  for (const auto& [pointer, value] : variant.fields) {
    const std::string problem = setField(scene, pointer, value);
    if (!problem.empty()) issues.push_back({pointer, problem});
  }
  if (!issues.empty()) throw SceneError(variant.scene, std::move(issues));
  Model model = parseScene(scene.dump(), variantLabel(variant));
  if (!findBuiltinScene(variant.scene)) model.sourcePath = variant.scene;
  return model;
}

}  // namespace mbw
