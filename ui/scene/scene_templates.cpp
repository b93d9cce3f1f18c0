#include "scene_templates.h"

#include <algorithm>
#include <cmath>

#include "math/rotation.h"
#include "orientation_json.h"
#include "solvers/clean_numbers.h"
#include "scene/schema.h"

namespace mbw::ui {
namespace {

// --- new elements --------------------------------------------------------------------------------

// a placeholder for a required field without a default
SceneJson placeholder(const FieldSpec& f, const SceneJson& scene) {
  // the first body's name, the ground when there are none
  const SceneJson& bodies = scene.contains("bodies") ? scene["bodies"] : SceneJson::array();
  const std::string firstBody = !bodies.empty() && bodies[0].contains("name")
                                    ? bodies[0]["name"].get<std::string>()
                                    : "ground";
  switch (f.kind) {
    case FieldKind::String:
      // a body reference: the ground as body i, the first body as body j or a load's body
      if (f.name == "body_i") return "ground";
      if (f.name == "body_j" || f.name == "body") return firstBody;
      return "";
    // numbers: one (an angle zero); vectors zero (inertia 0.1 each), orientations the identity
    case FieldKind::Integer:
      return 1;
    case FieldKind::Number:
    case FieldKind::Expression:
      return f.name == "angle" ? 0.0 : 1.0;
    case FieldKind::Vector3:
      return f.name == "inertia" ? SceneJson{0.1, 0.1, 0.1} : SceneJson{0.0, 0.0, 0.0};
    case FieldKind::Vector4:
      return SceneJson{1.0, 0.0, 0.0, 0.0};
    case FieldKind::Matrix3:
      return SceneJson{{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
    case FieldKind::Expression3:
      return SceneJson{0.0, 0.0, 0.0};
    case FieldKind::PointRef:
      return SceneJson{0.0, 0.0, 0.0};
    case FieldKind::VectorRef:
      // a right-handed zero-angle pair for drivers and rotational springs
      if (f.name == "u_i" || f.name == "reference_i" || f.name == "reference_j")
        return SceneJson{1.0, 0.0, 0.0};
      if (f.name == "v_i") return SceneJson{0.0, 1.0, 0.0};
      if (f.name == "a_j") return SceneJson{1.0, 0.0, 0.0};
      return SceneJson{0.0, 0.0, 1.0};
    // empty maps, lists and objects; the first choice of an enumeration; false for a flag
    case FieldKind::Vec3Map:
      return SceneJson::object();
    case FieldKind::Enum:
      return f.choices.empty() ? SceneJson("") : SceneJson(f.choices.front());
    case FieldKind::Object:
      return SceneJson::object();
    case FieldKind::Array:
      return SceneJson::array();
    case FieldKind::Boolean:
      return false;
    case FieldKind::NumberList:
    case FieldKind::StringList:
      return SceneJson::array();
    case FieldKind::ValueLists:
      return SceneJson::object();
  }
  return nullptr;
}

// the scene array holding elements of a type family ("joint" -> "joints")
std::string arrayOf(const std::string& family) {
  for (const auto& [array, type] : sceneArrays())
    if (type == family) return array;
  return family + "s";
}

}  // namespace

// the scene's arrays of elements, as the schema's scene object lists them
std::vector<std::pair<std::string, std::string>> sceneArrays() {
  std::vector<std::pair<std::string, std::string>> arrays;
  for (const FieldSpec& f : findObjectSpec("scene")->fields)
    if (f.kind == FieldKind::Array) arrays.emplace_back(f.name, f.type);
  return arrays;
}

// a name that is not yet used in the array: the base, else base_2, base_3...
std::string uniqueName(const SceneJson& array, const std::string& base) {
  auto used = [&](const std::string& name) {
    for (const SceneJson& e : array)
      if (e.contains("name") && e["name"] == name) return true;
    return false;
  };
  // the base itself when free, else the first free numbered name
  if (!used(base)) return base;
  for (int k = 2;; ++k)
    if (!used(base + "_" + std::to_string(k))) return base + "_" + std::to_string(k);
}

// a new element of a type: its required fields, a unique name, the type, placeholders
SceneJson newElement(const std::string& objectType, const SceneJson& scene) {
  const ObjectSpec* spec = findObjectSpec(objectType);
  // an unknown type: an empty object
  if (!spec) return SceneJson::object();
  // "joint/revolute": the family "joint", the type "revolute"
  const std::string family = objectType.substr(0, objectType.find('/'));
  const std::string type =
      objectType.find('/') == std::string::npos ? "" : objectType.substr(objectType.find('/') + 1);
  const std::string array = arrayOf(family);
  SceneJson element = SceneJson::object();
  // only the required fields: a name unique in its array, the type, placeholders
  for (const FieldSpec& f : spec->fields) {
    if (!f.required) continue;
    if (f.name == "name") {
      element["name"] = uniqueName(scene.contains(array) ? scene[array] : SceneJson::array(),
                                   type.empty() ? family : type);
    } else if (f.name == "type") {
      element["type"] = type;
    } else {
      element[f.name] = placeholder(f, scene);
    }
  }
  return element;
}

// an element as another type of its family: the fields both types have kept, the new type's
// required ones added
SceneJson convertElement(const SceneJson& element, const std::string& family,
                         const std::string& type, const SceneJson& scene) {
  const ObjectSpec* spec = findObjectSpec(family + "/" + type);
  // an unknown type: the element as it is
  if (!spec) return element;
  SceneJson out = SceneJson::object();
  // the fields of the new type, in its order
  for (const FieldSpec& f : spec->fields) {
    if (f.name == "type")
      out["type"] = type;
    else if (element.contains(f.name))
      out[f.name] = element[f.name];
    else if (f.required)
      out[f.name] = placeholder(f, scene);
  }
  return out;
}

// --- renaming bodies and writing initial states --------------------------------------------------

// a body's new name, in the body and in every element that names it
SceneJson renameBody(const SceneJson& scene, const std::string& oldName,
                     const std::string& newName) {
  SceneJson out = scene;
  for (const auto& [array, type] : sceneArrays()) {
    if (!out.contains(array)) continue;
    for (SceneJson& e : out[array]) {
      // a body's own name
      if (array == "bodies") {
        if (e.contains("name") && e["name"] == oldName) e["name"] = newName;
        continue;
      }
      // an element's references to bodies
      for (const char* key : {"body_i", "body_j", "body"})
        if (e.contains(key) && e[key] == oldName) e[key] = newName;
    }
  }
  return out;
}

// the consistent initial state written into each body of the scene
SceneJson withInitialState(const SceneJson& scene, const InitialStateChanges& changes) {
  SceneJson out = scene;
  for (size_t i = 0; i < changes.bodies.size() && i < out["bodies"].size(); ++i) {
    SceneJson& b = out["bodies"][i];
    const BodyOutput& s = changes.bodies[i].after;
    // each number within round-off of the scene's (or of 0) written as that (the engine's
    // projection cleaned them against the model's; the scene's text may differ in the last bits)
    auto given = [&](const char* key) { return b.contains(key) ? b[key] : SceneJson(); };
    auto vector = [&](const char* key, const Vec3& v) {
      const SceneJson before = given(key);
      SceneJson written = SceneJson::array();
      for (int k = 0; k < 3; ++k) {
        // the scene's number, or 0 where it gave none
        const bool had = before.is_array() && before.size() == 3 && before[k].is_number();
        const double old = had ? before[k].get<double>() : 0.0;
        // the projected value snapped to it when within round-off
        const double x =
            cleanNumber(v[k], old, kCleanTolerance * std::max(1.0, std::abs(old))) + 0.0;
        // a number that did not change keeps its text ("0" stays "0", not "0.0")
        written.push_back(had && x == old ? before[k] : SceneJson(x));
      }
      // a motion the scene left out (zero) stays out when it is still zero
      if (!b.contains(key) && written == SceneJson{0.0, 0.0, 0.0}) return;
      b[key] = written;
    };
    // the position, then the orientation and the velocities
    vector("position", s.position_W);
    // the orientation in the scene's own form; untouched where the projection did not turn the body
    Mat3 before;
    const Mat3 after = rotationFromEulerParameters(s.eulerParameters);
    if (!rotationOf(given("orientation"), &before) || (after - before).norm() > kCleanTolerance)
      b["orientation"] = orientationJson(after, given("orientation"));
    vector("velocity", s.velocity_W);
    vector("angular_velocity", s.omega_W);
  }
  return out;
}

// --- object types of pointers --------------------------------------------------------------------

// the type of the object at a pointer: the scene, its settings, an element (with its variant),
// an orientation or a shape; empty for anything else
std::string objectTypeAt(const SceneJson& scene, const std::string& pointer) {
  // the root is the scene; a pointer to nothing has no type
  if (pointer.empty()) return "scene";
  const SceneJson::json_pointer ptr(pointer);
  if (!scene.contains(ptr)) return "";
  const SceneJson& value = scene[ptr];
  const std::string parent = ptr.parent_pointer().to_string();
  const std::string key = ptr.back();
  if (parent.empty() && key == "settings") return "settings";
  // an element of one of the scene's arrays; chosen by its discriminator when its type has one
  for (const auto& [array, family] : sceneArrays()) {
    if (parent != "/" + array || !value.is_object()) continue;
    const ObjectSpec* spec = findObjectSpec(family);
    if (!spec || spec->discriminator.empty()) return family;
    // the element's type names its variant, when the schema knows it
    const SceneJson& d =
        value.contains(spec->discriminator) ? value[spec->discriminator] : SceneJson();
    const std::string variant = family + "/" + (d.is_string() ? d.get<std::string>() : "");
    return findObjectSpec(variant) ? variant : family;
  }
  // an orientation or a shape by its key
  if (key == "orientation" || key == "shape") return key;
  return "";
}

}  // namespace mbw::ui
