#pragma once
// For the tests of ModelBuilder (model_builder*.cpp): a scene text checked against the schema (a
// schema issue fails the test, so that every case is one the reader can meet), then built, with
// the issues the builder found.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene/model_builder.h"
#include "scene/scene_error.h"
#include "scene/scene_reader.h"
#include "scene/schema_validation.h"

namespace mbw::test {

struct BuiltScene {
  Model model;
  std::vector<SceneIssue> issues;
};

inline BuiltScene buildScene(const std::string& text) {
  const nlohmann::json scene = nlohmann::json::parse(text);
  BuiltScene b;
  validateAgainstSchema(scene, "scene", "", b.issues);
  for (const SceneIssue& i : b.issues) ADD_FAILURE() << "schema: " << i.path << ": " << i.message;
  if (!b.issues.empty()) return b;
  b.model = ModelBuilder(scene, b.issues).build();
  return b;
}

// the issues one a line, for a failure's message
inline std::string listed(const std::vector<SceneIssue>& issues) {
  std::string text;
  for (const SceneIssue& i : issues) text += "\n  " + i.path + ": " + i.message;
  return text;
}

// the one issue expected, at its path, with a message that contains `words`
inline void expectOneIssue(const BuiltScene& b, const std::string& path, const std::string& words) {
  ASSERT_EQ(b.issues.size(), 1u) << listed(b.issues);
  EXPECT_EQ(b.issues[0].path, path) << b.issues[0].message;
  EXPECT_NE(b.issues[0].message.find(words), std::string::npos) << b.issues[0].message;
}

// the whole reader's message for a scene text it refuses (empty when it reads it)
inline std::string readerIssues(const std::string& text) {
  try {
    parseScene(text, "bad.json");
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

}  // namespace mbw::test
