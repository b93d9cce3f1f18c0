#pragma once
// The mesh file a scene's body names (body field "mesh": an STL or OBJ file drawn for the body,
// which the workbench reads through VTK; the engine never reads it). A relative path is taken
// from the scene file's folder, so that a scene and its meshes move together; a scene saved
// elsewhere writes its meshes' paths again, relative to its new folder.
//
// The scene reader checks the file's name (an .stl or .obj extension) for every scene, and that
// the file exists for a scene read from a file (loadSceneFile): a scene given as text (a built-in,
// a session's copy, a study's variant) has no folder to look in.

#include <string>
#include <vector>

#include "scene/scene_error.h"

namespace mbw {

// "" when the name ends in .stl or .obj (any case), else why not in words
std::string meshFileNameProblem(const std::string& file);

// The file a scene at sceneFile means: an absolute path as it is, a relative one from the scene
// file's folder (from the working directory when sceneFile is "").
std::string resolveMeshFile(const std::string& file, const std::string& sceneFile);

// "" when the file resolves to a regular file, else "no file 'x' (looked for /abs/x)"
std::string meshFileProblem(const std::string& file, const std::string& sceneFile);

// What a scene at sceneFile writes for the mesh at path (absolute, or relative to the working
// directory): the path relative to its folder with '/' separators (absolute when sceneFile is "").
std::string meshFileRelativeTo(const std::string& path, const std::string& sceneFile);

// The bodies' mesh files that do not exist, each at its JSON path ("/bodies/3/mesh/file"), for a
// scene's JSON (nlohmann::json or ordered_json) read from sceneFile.
template <class Json>
std::vector<SceneIssue> meshFileIssues(const Json& scene, const std::string& sceneFile) {
  std::vector<SceneIssue> issues;
  if (!scene.is_object() || !scene.contains("bodies") || !scene["bodies"].is_array()) return issues;
  for (size_t i = 0; i < scene["bodies"].size(); ++i) {
    const Json& body = scene["bodies"][i];
    if (!body.is_object() || !body.contains("mesh") || !body["mesh"].is_object()) continue;
    const Json& mesh = body["mesh"];
    if (!mesh.contains("file") || !mesh["file"].is_string()) continue;
    const std::string problem =
        meshFileProblem(mesh["file"].template get<std::string>(), sceneFile);
    if (!problem.empty())
      issues.push_back({"/bodies/" + std::to_string(i) + "/mesh/file", problem});
  }
  return issues;
}

}  // namespace mbw
