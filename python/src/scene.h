#pragma once
// A scene in Python: its JSON document (what a scene file holds) and the Model the engine builds
// from it (scene/scene_reader.h: parseScene), built again after each edit. An edit that makes the
// scene invalid is undone and raises mbw.InputError with the engine's message: the scene's file
// (or "builtin:NAME") and the JSON path of the field, as mbw-cli says it.
// What the engine's model check (analysis/model_check.h) finds worth a look in the model (equations
// left out as redundant, a body joined to nothing, a singular pose, inertias no body has) is
// warned of as mbw.SceneWarning: on loading, and the new findings of an edit.

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "analysis/model_check.h"
#include "bindings.h"
#include "model/model.h"

namespace mbw::python {

class Scene {
 public:
  using Json = nlohmann::ordered_json;

  // A built-in scene name or a scene file's path; throws SceneError.
  static std::shared_ptr<Scene> load(const std::string& nameOrPath);
  // A scene document; source names it in messages, sourcePath is the file relative paths in it
  // are read from ("" for none). Throws SceneError.
  static std::shared_ptr<Scene> fromJson(Json document, std::string source, std::string sourcePath);

  const Model& model() const { return *model_; }
  // the model check of the model as last built
  const ModelCheck& check() const { return check_; }
  const Json& document() const { return document_; }
  const std::string& source() const { return source_; }
  const std::string& sourcePath() const { return sourcePath_; }

  // Sets the value at a JSON pointer (creating the objects on its way) and builds the model
  // again; on a SceneError the document is restored and the error rethrown.
  void set(const Json::json_pointer& pointer, Json value);

 private:
  Scene(Json document, std::string source, std::string sourcePath);
  void build();

  Json document_;
  std::string source_, sourcePath_;
  std::optional<Model> model_;
  ModelCheck check_;
};

// Warns (mbw.SceneWarning) of the scene's findings that are not among those known.
void warnOfFindings(const Scene& scene, const std::vector<ModelFinding>& known = {});

// Python values to JSON and back (through Python's json module: numbers round-trip exactly;
// NumPy scalars and arrays are taken as numbers and lists).
Scene::Json toJson(py::handle value);
py::object fromJson(const Scene::Json& value);

// a str or os.PathLike as text
std::string pathText(py::handle path);

// The Scene of a run's first argument: a Scene, or a name or path to load (and warned of).
std::shared_ptr<Scene> sceneArgument(py::handle scene);

}  // namespace mbw::python
