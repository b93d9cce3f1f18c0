#include "mesh_json.h"

#include <stdexcept>

#include "mesh_geometry.h"
#include "part_json.h"
#include "scene/mesh_file.h"
#include "scene/mesh_mass_properties.h"

namespace mbw::ui {
namespace {

// the mesh's file, resolved, and its scale; false when the body has none
bool meshOf(const SceneJson& body, const QString& sceneFile, BodyMesh* out) {
  // a "mesh" object with a "file" string; a missing scale is 1
  if (!body.is_object() || !body.contains("mesh") || !body["mesh"].is_object()) return false;
  const SceneJson& m = body["mesh"];
  if (!m.contains("file") || !m["file"].is_string()) return false;
  out->file = resolveMeshFile(m["file"].get<std::string>(), sceneFile.toStdString());
  out->scale = m.contains("scale") && m["scale"].is_number() ? m["scale"].get<double>() : 1.0;
  // a scale must be positive
  return out->scale > 0.0;
}

}  // namespace

// the meshes of a scene's bodies, by body name
BodyMeshes sceneMeshes(const SceneJson& scene, const QString& sceneFile) {
  BodyMeshes meshes;
  if (!scene.is_object() || !scene.contains("bodies") || !scene["bodies"].is_array()) return meshes;
  // every named body that has a mesh
  for (const SceneJson& b : scene["bodies"]) {
    BodyMesh mesh;
    if (b.contains("name") && b["name"].is_string() && meshOf(b, sceneFile, &mesh))
      meshes[b["name"].get<std::string>()] = mesh;
  }
  return meshes;
}

// the solid of a body's mesh at its density; false when it has none or the mesh bounds no solid
bool meshSolidOf(const SceneJson& body, const QString& sceneFile, SolidMass* out) {
  BodyMesh mesh;
  if (!meshOf(body, sceneFile, &mesh)) return false;
  const SceneJson& m = body["mesh"];
  // a mass from the mesh only with a density
  if (!m.contains("density") || !m["density"].is_number()) return false;
  TriangleMesh triangles;
  if (!meshTriangles(mesh.file, mesh.scale, &triangles, nullptr)) return false;
  // a mesh that bounds no solid has no mass properties
  try {
    *out = meshMassProperties(triangles, m["density"].get<double>());
  } catch (const std::invalid_argument&) {
    return false;
  }
  return true;
}

// a body with a mesh: its file relative to the scene's, its scale and density when they are not
// the defaults
SceneJson withMesh(const SceneJson& body, const std::string& path, double scale, double density,
                   const QString& sceneFile) {
  // the mesh entry: the file relative to the scene, then what differs from the defaults
  SceneJson b = body;
  SceneJson mesh = SceneJson::object();
  mesh["file"] = meshFileRelativeTo(path, sceneFile.toStdString());
  if (scale != 1.0) mesh["scale"] = scale;
  if (density > 0.0) mesh["density"] = density;
  b["mesh"] = mesh;
  if (!(density > 0.0)) return b;
  // the mass is the mesh's now
  if (b.contains("shape") && b["shape"].is_object()) b["shape"].erase("density");
  SolidMass m;
  // a mesh that bounds no solid says why
  if (!meshSolidOf(b, sceneFile, &m)) {
    TriangleMesh triangles;
    std::string error;
    if (!meshTriangles(path, scale, &triangles, &error)) throw std::invalid_argument(error);
    const std::string open = meshClosedProblem(triangles);
    throw std::invalid_argument(open.empty() ? "the mesh bounds no volume"
                                             : "the mesh bounds no solid: " + open);
  }
  return withComputedMass(b, sceneFile);
}

}  // namespace mbw::ui
