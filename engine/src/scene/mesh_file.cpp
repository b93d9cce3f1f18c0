#include "scene/mesh_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace mbw {

namespace fs = std::filesystem;

std::string meshFileNameProblem(const std::string& file) {
  // a name is needed, and an STL or OBJ extension
  if (file.empty()) return "the mesh file's name is empty";
  // the extension, in any case
  std::string extension = fs::path(file).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".stl" || extension == ".obj") return "";
  return "'" + excerpt(file) + "' is no STL or OBJ file (its name must end in .stl or .obj)";
}

std::string resolveMeshFile(const std::string& file, const std::string& sceneFile) {
  // relative names are relative to the scene's folder
  const fs::path path(file);
  // an absolute name, or no scene file: the name itself
  if (path.is_absolute() || sceneFile.empty()) return path.lexically_normal().string();
  return (fs::path(sceneFile).parent_path() / path).lexically_normal().string();
}

std::string meshFileProblem(const std::string& file, const std::string& sceneFile) {
  // the name resolved against the scene's folder must be a file
  const std::string resolved = resolveMeshFile(file, sceneFile);
  std::error_code error;
  if (fs::is_regular_file(resolved, error)) return "";
  // the full path the reader looked at, so that a user sees which folder was meant
  return "no file '" + excerpt(file) + "' (looked for " + fs::absolute(resolved, error).string() +
         ")";
}

std::string meshFileRelativeTo(const std::string& path, const std::string& sceneFile) {
  std::error_code error;
  // relative to the scene's folder when the scene has a file, else absolute
  const fs::path absolute = fs::absolute(path, error).lexically_normal();
  if (sceneFile.empty()) return absolute.generic_string();
  const fs::path folder = fs::absolute(sceneFile, error).parent_path().lexically_normal();
  const fs::path relative = absolute.lexically_relative(folder);
  // another drive (Windows) has no relative path
  return relative.empty() ? absolute.generic_string() : relative.generic_string();
}

}  // namespace mbw
