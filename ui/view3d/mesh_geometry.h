#pragma once
// A body's mesh file (scene field "mesh", scene/mesh_file.h) read through VTK: vtkSTLReader for
// .stl (ASCII or binary), vtkOBJReader for .obj. Coincident points are merged (an STL file repeats
// each vertex for every triangle; the engine's test that a mesh bounds a solid needs them shared),
// polygons are split into triangles, and the coordinates are multiplied by the scale into metres
// (for the mass properties in double precision: a file's coordinates in millimetres are exact).
// Files read are kept by path and modification time: the view rebuilt after every edit does not
// read them again.

#include <string>
#include <vtkSmartPointer.h>

#include "scene/mesh_mass_properties.h"

class vtkPolyData;

namespace mbw::ui {

// The mesh's triangles with normals for shading; nullptr with *error when the file cannot be
// read or holds no triangle.
vtkSmartPointer<vtkPolyData> meshPolyData(const std::string& path, double scale,
                                          std::string* error);

// The same triangles for the engine (its mass properties); false with *error as above.
bool meshTriangles(const std::string& path, double scale, TriangleMesh* mesh, std::string* error);

}  // namespace mbw::ui
