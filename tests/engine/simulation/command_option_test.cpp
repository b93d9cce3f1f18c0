// One option of a command (simulation/command_option.h): its keyword is its name with underscores,
// its kind bits say how it is given, a bool field makes it a flag, and the scene argument every
// command on a scene takes is positional and required; a list typed as one text is split at its
// commas.

#include "simulation/command_option.h"

#include <gtest/gtest.h>

namespace mbw {
namespace {

// an option's file keyword is its name with underscores, and a bool field makes it a flag
TEST(CommandOption, KeywordKindAndFlag) {
  // a value option and a flag: the keyword a file uses, the kind bits, a flag by its bool field
  double tolerance = 0.0;
  bool quick = false;
  const CommandOption value{"reference-tol", "help", &tolerance, kOptionShowDefault};
  EXPECT_EQ(value.keyword(), "reference_tol");
  EXPECT_TRUE(value.is(kOptionShowDefault));
  EXPECT_FALSE(value.is(kOptionRequired));
  EXPECT_FALSE(value.isFlag());
  const CommandOption flag{"quick", "help", &quick};
  EXPECT_EQ(flag.keyword(), "quick");
  EXPECT_TRUE(flag.isFlag());
  EXPECT_EQ(flag.kind, 0u);
  EXPECT_EQ(flag.shortName, "");
  EXPECT_EQ(flag.excludes, "");
}

// the scene argument shared by every command is positional and required, and writes its string
TEST(CommandOption, TheSceneArgument) {
  std::string scene;
  const CommandOption o = sceneArgument(scene);
  EXPECT_EQ(o.name, "scene");
  EXPECT_EQ(o.help, "built-in scene name or scene file");
  EXPECT_TRUE(o.is(kOptionPositional));
  EXPECT_TRUE(o.is(kOptionRequired));
  // its value goes to the scene given
  *std::get<std::string*>(o.field) = "double-pendulum";
  EXPECT_EQ(scene, "double-pendulum");
}

// comma-separated lists drop empty items, so a trailing comma is harmless
TEST(CommandOption, CommaListItems) {
  // the items of a comma-separated list, the empty ones dropped
  using Items = std::vector<std::string>;
  EXPECT_EQ(commaListItems("body_2.z,lambda.joint.1"), (Items{"body_2.z", "lambda.joint.1"}));
  EXPECT_EQ(commaListItems("a,,b,"), (Items{"a", "b"})) << "empty items dropped";
  EXPECT_EQ(commaListItems("energy.balance"), Items{"energy.balance"});
  EXPECT_TRUE(commaListItems("").empty());
  EXPECT_TRUE(commaListItems(",").empty());
}

}  // namespace
}  // namespace mbw
