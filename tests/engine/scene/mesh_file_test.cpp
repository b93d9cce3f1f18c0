// A body's mesh file (scene/mesh_file.h): resolved from the scene file's folder, written back
// relative to a new folder, and the scene reader's problems with it (a name that is no STL or OBJ,
// a file that is not there, a scale that is not positive), each at its JSON path.

#include "scene/mesh_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

namespace fs = std::filesystem;

// a scene of one body with the given mesh object, written to dir/name
std::string writeScene(const fs::path& dir, const std::string& name, const std::string& mesh) {
  const std::string bodies =
      R"([{"name": "part", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0],
                                  "mesh": )" +
      mesh + "}]";
  const fs::path path = dir / name;
  std::ofstream(path) << test::sceneJson(bodies, "[]");
  return path.string();
}

// an empty folder for one test, with a parts/ folder in it
fs::path freshFolder(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "parts");
  return dir;
}

// the extension decides, in any case; no other extension, and no name without one
TEST(MeshFile, NamesEndInStlOrObj) {
  EXPECT_EQ(meshFileNameProblem("parts/link.stl"), "");
  EXPECT_EQ(meshFileNameProblem("LINK.STL"), "");
  EXPECT_EQ(meshFileNameProblem("wheel.Obj"), "");
  EXPECT_NE(meshFileNameProblem("link.step").find("is no STL or OBJ file"), std::string::npos);
  EXPECT_NE(meshFileNameProblem("stl"), "");
  EXPECT_NE(meshFileNameProblem(""), "");
}

// a path relative to the scene file's folder; an absolute one as it is; without a scene file, as
// given
TEST(MeshFile, ARelativePathIsTakenFromTheSceneFilesFolder) {
  EXPECT_EQ(resolveMeshFile("parts/link.stl", "/home/u/scenes/arm.json"),
            "/home/u/scenes/parts/link.stl");
  EXPECT_EQ(resolveMeshFile("../meshes/link.stl", "/home/u/scenes/arm.json"),
            "/home/u/meshes/link.stl");
  EXPECT_EQ(resolveMeshFile("/data/link.stl", "/home/u/scenes/arm.json"), "/data/link.stl");
  EXPECT_EQ(resolveMeshFile("link.stl", ""), "link.stl");
}

// the inverse: a mesh under the scene's folder or beside it written relative to it, and read back
// to the same file
TEST(MeshFile, IsWrittenRelativeToTheFolderTheSceneIsSavedIn) {
  EXPECT_EQ(meshFileRelativeTo("/home/u/scenes/parts/link.stl", "/home/u/scenes/arm.json"),
            "parts/link.stl");
  EXPECT_EQ(meshFileRelativeTo("/home/u/meshes/link.stl", "/home/u/scenes/arm.json"),
            "../meshes/link.stl");
  EXPECT_EQ(meshFileRelativeTo("/home/u/meshes/link.stl", ""), "/home/u/meshes/link.stl");
  // there and back
  const std::string written = meshFileRelativeTo("/a/b/c/m.obj", "/a/x/s.json");
  EXPECT_EQ(resolveMeshFile(written, "/a/x/s.json"), "/a/b/c/m.obj");
}

// a scene whose mesh lies where its relative path says loads without issues
TEST(MeshFile, ASceneFileWithItsMeshLoads) {
  // an empty STL solid in parts/: the scene loads and the mesh check finds nothing
  const fs::path dir = freshFolder("mesh-file-loads");
  std::ofstream(dir / "parts" / "link.stl") << "solid link\nendsolid link\n";
  const std::string scene =
      writeScene(dir, "arm.json", R"({"file": "parts/link.stl", "scale": 0.001, "density": 2700})");
  EXPECT_NO_THROW(loadSceneFile(scene));
  EXPECT_TRUE(meshFileIssues(nlohmann::json::parse(std::ifstream(scene)), scene).empty());
}

// a missing mesh file is reported with the scene file, the JSON path and the resolved path looked
// at, so the user sees which folder the relative path was taken from
TEST(MeshFile, AMissingFileNamesTheSceneFileTheJsonPathAndWhereItWasLookedFor) {
  const fs::path dir = freshFolder("mesh-file-missing");
  const std::string scene = writeScene(dir, "arm.json", R"({"file": "parts/missing.stl"})");
  try {
    loadSceneFile(scene);
    FAIL() << "a missing mesh file loads";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.issues().size(), 1u) << e.what();
    EXPECT_EQ(e.issues()[0].path, "/bodies/0/mesh/file");
    const std::string expected = scene +
                                 ": /bodies/0/mesh/file: no file 'parts/missing.stl' (looked for " +
                                 (dir / "parts" / "missing.stl").string() + ")";
    EXPECT_EQ(std::string(e.what()), expected);
  }
  // the same scene as text has no folder to look in: its mesh is not looked for
  std::ifstream in(scene);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NO_THROW(parseScene(text, "session copy"));
}

// every bad mesh field is reported at once, each at its own path, instead of one at a time
TEST(MeshFile, ANameThatIsNoMeshAndAScaleThatIsNotPositiveAreProblemsOfTheirFields) {
  // a STEP file, a zero scale and a negative density: three issues at their fields
  const fs::path dir = freshFolder("mesh-file-bad-fields");
  std::ofstream(dir / "parts" / "link.step") << "ISO-10303-21;\n";
  const std::string scene =
      writeScene(dir, "arm.json", R"({"file": "parts/link.step", "scale": 0, "density": -1})");
  try {
    loadSceneFile(scene);
    FAIL() << "a mesh that is no STL or OBJ loads";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.issues().size(), 3u) << e.what();
    EXPECT_EQ(e.issues()[0].path, "/bodies/0/mesh/file");
    EXPECT_NE(e.issues()[0].message.find("'parts/link.step' is no STL or OBJ file"),
              std::string::npos);
    EXPECT_EQ(e.issues()[1].path, "/bodies/0/mesh/scale");
    EXPECT_EQ(e.issues()[2].path, "/bodies/0/mesh/density");
  }
  // a mesh needs its file; fields it does not know are refused (the schema)
  for (const char* mesh : {R"({"scale": 1})", R"({"file": "a.stl", "colour": "red"})"}) {
    const std::string bad = writeScene(dir, "bad.json", mesh);
    try {
      loadSceneFile(bad);
      FAIL() << mesh;
    } catch (const SceneError& e) {
      ASSERT_FALSE(e.issues().empty());
      EXPECT_EQ(e.issues()[0].path.rfind("/bodies/0/mesh", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace mbw
