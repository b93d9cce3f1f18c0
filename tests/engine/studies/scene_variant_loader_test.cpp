// Scene variants of a study (studies/scene_variant_loader.h): a variant sets the field its JSON
// pointer names, and a pointer that leads nowhere or a value the scene refuses gives a SceneError
// at that path.

#include "studies/scene_variant_loader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "scene/builtin_scenes.h"

namespace mbw {
namespace {

// the second body's mass set to 4 in one variant, left as the scene has it in the other
TEST(SceneVariants, SetTheFieldThePointerNames) {
  const Model heavy = loadSceneVariant({"double-pendulum", {{"/bodies/1/mass", "4"}}});
  const Model plain = loadSceneVariant({"double-pendulum", {}});
  EXPECT_EQ(heavy.bodies.size(), plain.bodies.size());
  EXPECT_DOUBLE_EQ(heavy.bodies[1].mass, 4.0);
  EXPECT_NE(plain.bodies[1].mass, 4.0);
  // a pointer to a body the scene does not have, and a value the builder refuses, at its pointer
  try {
    loadSceneVariant({"double-pendulum", {{"/bodies/7/mass", "4"}}});
    FAIL() << "a pointer past the bodies was accepted";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.issues().size(), 1u);
    EXPECT_EQ(e.issues()[0].path, "/bodies/7/mass");
  }
  try {
    loadSceneVariant({"double-pendulum", {{"/bodies/1/mass", "-1"}}});
    FAIL() << "a negative mass was accepted";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("/bodies/1/mass"), std::string::npos) << e.what();
  }
}

// every bad field of a variant is reported at its pointer, each with what is wrong
TEST(SceneVariants, EveryBadFieldIsReportedAtItsPointer) {
  try {
    loadSceneVariant({"double-pendulum",
                      {{"/bodies/1/mass", "four"},
                       {"", "{}"},
                       {"/nosuch/field", "1"},
                       {"/bodies/-", "{}"},
                       {"/bodies/0/mass/x", "1"}}});
    FAIL() << "accepted";
  } catch (const SceneError& e) {
    // value not JSON, the empty pointer (the whole document), a field the scene does not have, the
    // array's end marker and a field under a number: one issue each, in the order given
    ASSERT_EQ(e.issues().size(), 5u) << e.what();
    EXPECT_EQ(e.issues()[0].path, "/bodies/1/mass");
    EXPECT_NE(e.issues()[0].message.find("is not JSON"), std::string::npos);
    EXPECT_NE(e.issues()[1].message.find("must name a field"), std::string::npos);
    EXPECT_NE(e.issues()[2].message.find("nothing at /nosuch"), std::string::npos);
    EXPECT_NE(e.issues()[3].message.find("no element /bodies/-"), std::string::npos);
    EXPECT_NE(e.issues()[4].message.find("not an object or an array"), std::string::npos);
  }
}

// a scene file (not a built-in scene) keeps its path; a file that is not there is refused
TEST(SceneVariants, AVariantOfASceneFile) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "mbw_scene_variant_loader_test.json";
  {
    std::ofstream out(path);
    out << findBuiltinScene("double-pendulum")->text;
  }
  const Model m = loadSceneVariant({path.string(), {{"/bodies/1/mass", "2.5"}}});
  EXPECT_DOUBLE_EQ(m.bodies[1].mass, 2.5);
  EXPECT_EQ(m.sourcePath, path.string());
  std::filesystem::remove(path);
  try {
    loadSceneVariant({path.string(), {{"/bodies/1/mass", "2.5"}}});
    FAIL() << "a missing file was read";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open the file"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mbw
