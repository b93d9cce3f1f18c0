#include "mesh_geometry.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <vtkCellArray.h>
#include <vtkCleanPolyData.h>
#include <vtkIdList.h>
#include <vtkOBJReader.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataNormals.h>
#include <vtkSTLReader.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkTriangleFilter.h>

namespace mbw::ui {
namespace {

namespace fs = std::filesystem;

// the file's triangles with shared vertices, in the file's units (nullptr when there are none)
vtkSmartPointer<vtkPolyData> readTriangles(const std::string& path, std::string* error) {
  // only a file that exists
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    *error = "no file " + path;
    return nullptr;
  }
  // the extension decides the reader, whatever its case
  std::string extension = fs::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // the reader for that extension
  vtkSmartPointer<vtkPolyDataAlgorithm> reader;
  if (extension == ".stl") {
    auto stl = vtkSmartPointer<vtkSTLReader>::New();
    stl->SetFileName(path.c_str());
    reader = stl;
  } else if (extension == ".obj") {
    auto obj = vtkSmartPointer<vtkOBJReader>::New();
    obj->SetFileName(path.c_str());
    reader = obj;
  } else {
    *error = path + " is no STL or OBJ file";
    return nullptr;
  }
  // shared vertices (exactly coincident points merged), triangles only
  vtkNew<vtkCleanPolyData> merge;
  merge->SetInputConnection(reader->GetOutputPort());
  merge->SetTolerance(0.0);
  merge->PointMergingOn();
  vtkNew<vtkTriangleFilter> triangulate;
  triangulate->SetInputConnection(merge->GetOutputPort());
  triangulate->PassVertsOff();
  triangulate->PassLinesOff();
  triangulate->Update();
  // none when the file holds no triangles
  vtkSmartPointer<vtkPolyData> out = triangulate->GetOutput();
  if (!out || out->GetNumberOfPolys() == 0) {
    *error = "no triangles in " + path;
    return nullptr;
  }
  return out;
}

// a file read: its triangles in its own units, and drawn at the scales asked for
struct ReadMesh {
  fs::file_time_type time;
  vtkSmartPointer<vtkPolyData> triangles;
  std::map<double, vtkSmartPointer<vtkPolyData>> shaded;  // by scale, with normals, in metres
};

// the files read, by path, with the modification time they were read at
ReadMesh* cached(const std::string& path, std::string* error) {
  // a file read again only when it changed since
  static std::map<std::string, ReadMesh> files;
  std::error_code ec;
  const fs::file_time_type time = fs::last_write_time(path, ec);
  const auto found = files.find(path);
  if (found != files.end() && !ec && found->second.time == time) return &found->second;
  std::string why;
  vtkSmartPointer<vtkPolyData> triangles = readTriangles(path, &why);
  // a file that cannot be read is forgotten, its reason returned
  if (!triangles) {
    if (error) *error = why;
    files.erase(path);
    return nullptr;
  }
  // the file's triangles kept with their time; no scale drawn yet
  ReadMesh& read = files[path];
  read = {time, triangles, {}};
  return &read;
}

}  // namespace

// the triangles scaled to metres with their normals, made once per file and scale
vtkSmartPointer<vtkPolyData> meshPolyData(const std::string& path, double scale,
                                          std::string* error) {
  ReadMesh* read = cached(path, error);
  if (!read) return nullptr;
  // a scale drawn before comes from the cache
  vtkSmartPointer<vtkPolyData>& shaded = read->shaded[scale];
  if (shaded) return shaded;
  // in metres, with normals for shading (sharp edges, a box's, kept sharp)
  vtkNew<vtkTransform> toMetres;
  toMetres->Scale(scale, scale, scale);
  vtkNew<vtkTransformPolyDataFilter> scaled;
  scaled->SetInputData(read->triangles);
  scaled->SetTransform(toMetres);
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(scaled->GetOutputPort());
  normals->SetFeatureAngle(40.0);
  normals->Update();
  shaded = normals->GetOutput();
  return shaded;
}

// the triangles of a file scaled to metres, for the engine's mass properties
bool meshTriangles(const std::string& path, double scale, TriangleMesh* mesh, std::string* error) {
  const ReadMesh* read = cached(path, error);
  if (!read) return false;
  vtkPolyData* poly = read->triangles;
  // the mesh filled afresh
  mesh->vertices.clear();
  mesh->triangles.clear();
  // scaled in double precision: a file's coordinates are exact in its own units
  for (vtkIdType i = 0; i < poly->GetNumberOfPoints(); ++i) {
    double p[3];
    poly->GetPoint(i, p);
    mesh->vertices.emplace_back(scale * p[0], scale * p[1], scale * p[2]);
  }
  // the triangles by their vertices' indices
  vtkNew<vtkIdList> ids;
  vtkCellArray* cells = poly->GetPolys();
  for (cells->InitTraversal(); cells->GetNextCell(ids);)
    if (ids->GetNumberOfIds() == 3)
      mesh->triangles.push_back({static_cast<int>(ids->GetId(0)), static_cast<int>(ids->GetId(1)),
                                 static_cast<int>(ids->GetId(2))});
  return true;
}

}  // namespace mbw::ui
