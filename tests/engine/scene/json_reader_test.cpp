// The first phase of reading a user's file (scene/json_reader.h): nesting past the limit refused
// at its path while parsing, keys given twice refused at the second, numbers too large for a
// double, syntax errors with their line and column; no message carries the JSON library's tag or
// more than a few dozen characters of the input.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "scene/json_reader.h"

namespace mbw {
namespace {

// the single issue of the refusal of text
SceneIssue refusal(const std::string& text) {
  try {
    parseJsonText<nlohmann::json>(text, "file.json");
  } catch (const SceneError& e) {
    EXPECT_EQ(e.issues().size(), 1u);
    EXPECT_EQ(std::string(e.what()).find("json.exception"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("file.json: ", 0), 0u) << e.what();
    return e.issues().front();
  }
  ADD_FAILURE() << "accepted: " << text.substr(0, 80);
  return {};
}

// A scene nested 100 000 arrays deep would overflow the stack of whatever copies the parsed value
// (the workbench does): refused while parsing, at the limit, with the path where it passed it.
TEST(JsonReader, NestingPastTheLimitIsRefusedAtItsPath) {
  const SceneIssue deep = refusal(std::string(100000, '[') + std::string(100000, ']'));
  EXPECT_NE(deep.message.find("nested more than 64 deep"), std::string::npos) << deep.message;
  std::string sixtyFourDeep;
  for (int k = 0; k < 64; ++k) sixtyFourDeep += "/0";
  EXPECT_EQ(deep.path, sixtyFourDeep);
  const SceneIssue inObject =
      refusal(R"({"bodies": [{"a/b": )" + std::string(70, '[') + std::string(70, ']') + "}]}");
  EXPECT_EQ(inObject.path.rfind("/bodies/0/a~1b/0/0", 0), 0u) << inObject.path;
  // 64 levels are read
  const nlohmann::json ok =
      parseJsonText<nlohmann::json>(std::string(64, '[') + std::string(64, ']'), "ok.json");
  EXPECT_TRUE(ok.is_array());
}

// JSON parsers keep one of two equal keys silently (nlohmann::json the last): one was never read.
TEST(JsonReader, AKeyGivenTwiceIsRefusedAtTheSecond) {
  const SceneIssue twice =
      refusal(R"({"bodies": [{"name": "a", "mass": 1}, {"name": "b", "mass": 1, "mass": 2}]})");
  EXPECT_EQ(twice.path, "/bodies/1/mass");
  EXPECT_NE(twice.message.find("'mass' is given twice"), std::string::npos) << twice.message;
  // equal keys in different objects are fine, in the ordered documents of the workbench too
  const auto ordered =
      parseJsonText<nlohmann::ordered_json>(R"({"a": {"x": 1}, "b": {"x": 2}})", "ok.json");
  EXPECT_EQ(ordered["b"]["x"], 2);
  EXPECT_THROW(parseJsonText<nlohmann::ordered_json>(R"({"x": 1, "x": 1})", "twice.json"),
               SceneError);
}

// syntax errors give their line and column, a number past the double's range quotes itself; the
// library's own message never reaches the user
TEST(JsonReader, SyntaxErrorsAndHugeNumbersInOurWords) {
  const SceneIssue syntax = refusal("{\n  \"mass\": 1,\n  oops\n}");
  EXPECT_EQ(syntax.message.rfind("invalid JSON at line 3, column ", 0), 0u) << syntax.message;
  const SceneIssue huge = refusal(R"({"mass": 1e999})");
  EXPECT_NE(huge.message.find("'1e999'"), std::string::npos) << huge.message;
  EXPECT_NE(huge.message.find("too large for a double"), std::string::npos) << huge.message;
}

// The parser quotes all it read of a bad token: a message about a 100 MB file must not be 100 MB
// long. The quote is cut.
TEST(JsonReader, TheInputQuotedIsCut) {
  const SceneIssue longToken = refusal("{\"name\": \"" + std::string(1000000, 'x') + "\n\"}");
  EXPECT_LT(longToken.message.size(), 300u) << longToken.message.substr(0, 400);
  const SceneIssue longNumber = refusal("{\"mass\": 1" + std::string(100000, '0') + "e999}");
  EXPECT_LT(longNumber.message.size(), 300u) << longNumber.message.substr(0, 400);
}

}  // namespace
}  // namespace mbw
