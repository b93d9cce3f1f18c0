#pragma once
// Loading scenes in three phases (STYLE.md 2): parse the JSON text, validate it against the schema
// (structure), then build the Model and check it (names, values, redundant or inconsistent
// constraints). Every phase reports all the problems it finds, each with its JSON path, in one
// SceneError.

#include <string>

#include "model/model.h"
#include "scene/scene_error.h"

namespace mbw {

// source names the text in messages (a file path or "builtin:<name>").
Model parseScene(const std::string& text, const std::string& source);
// A scene file; its bodies' mesh files are looked for too (scene/mesh_file.h).
Model loadSceneFile(const std::string& path);
// A built-in scene name (see builtin_scenes.h) or a path to a scene file.
Model loadScene(const std::string& nameOrPath);

}  // namespace mbw
