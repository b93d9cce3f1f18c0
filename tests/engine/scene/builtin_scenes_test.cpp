// The built-in scenes by name and by alias (builtin_scenes.cpp): every scene is found by its own
// name, an alias finds the scene it names (which exists), an unknown name finds none.

#include "scene/builtin_scenes.h"

#include <gtest/gtest.h>

namespace mbw {
namespace {

// the lookup returns the catalogue's own entry for every scene name, none for a name not in it
TEST(BuiltinScenes, EachSceneIsFoundByItsName) {
  // each scene found by its name is that very entry; unknown names and the empty one find none
  ASSERT_FALSE(builtinScenes().empty());
  for (const BuiltinScene& s : builtinScenes()) {
    const BuiltinScene* found = findBuiltinScene(s.name);
    ASSERT_NE(found, nullptr) << s.name;
    EXPECT_EQ(found, &s);
  }
  EXPECT_EQ(findBuiltinScene("no-such-scene"), nullptr);
  EXPECT_EQ(findBuiltinScene(""), nullptr);
}

// an alias (an old or benchmark name, with its reason) resolves to an existing scene and never
// shadows a scene's own name
TEST(BuiltinScenes, AnAliasFindsTheSceneItNames) {
  ASSERT_FALSE(builtinSceneAliases().empty());
  for (const BuiltinSceneAlias& a : builtinSceneAliases()) {
    SCOPED_TRACE(a.name);
    const BuiltinScene* found = findBuiltinScene(a.name);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->name, a.scene);
    EXPECT_FALSE(a.reason.empty());
    // an alias is a name of its own, not one of a scene
    for (const BuiltinScene& s : builtinScenes()) EXPECT_NE(s.name, a.name);
  }
  EXPECT_EQ(findBuiltinScene("iftomm-a03-squeezer")->name, "andrews-squeezer");
}

}  // namespace
}  // namespace mbw
