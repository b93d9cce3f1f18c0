#pragma once
// A body's mesh in the scene's JSON (field "mesh": file, scale, density; scene/mesh_file.h): the
// meshes the 3D view draws, the solid a closed mesh bounds (its mass properties by the engine,
// scene/mesh_mass_properties.h, from the triangles VTK reads), and a body with a mesh attached.
// A scene never saved has no folder: its meshes' paths are absolute until it is saved, when they
// are written relative to its file (SceneDocument::saveFile).

#include <QString>
#include <string>

#include "scene/solid_mass_properties.h"
#include "scene_document.h"
#include "scene_glyphs.h"

namespace mbw::ui {

// The meshes of the scene's bodies, by body name, their files resolved from the scene file
// ("" for a scene never saved).
BodyMeshes sceneMeshes(const SceneJson& scene, const QString& sceneFile);

// The solid a body's mesh bounds at the mesh's density; false when the body has no mesh with a
// density, or its file cannot be read or bounds no solid.
bool meshSolidOf(const SceneJson& body, const QString& sceneFile, SolidMass* out);

// The body with the mesh at `path` (absolute) attached: its file as the scene at sceneFile writes
// it, its scale; with a density, its mass, inertia and centre of mass those of the solid the mesh
// bounds (the shape's density goes: the mass is the mesh's). Throws std::invalid_argument when a
// density is given and the mesh cannot be read or bounds no solid.
SceneJson withMesh(const SceneJson& body, const std::string& path, double scale, double density,
                   const QString& sceneFile);

}  // namespace mbw::ui
