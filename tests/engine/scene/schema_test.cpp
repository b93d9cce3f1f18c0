// The scene schema (scene/schema.h): every object type a field or a variant refers to exists, and
// docs/scene-format.md is what the schema generates.

#include "scene/schema.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "test_paths.h"

namespace mbw {
namespace {

// the schema is closed: every object, array element and variant it names is defined in it
TEST(Schema, EveryReferencedTypeExists) {
  // the type of every object and array field, and every variant, is an object of the schema
  for (const ObjectSpec& o : sceneSchema()) {
    for (const FieldSpec& f : o.fields) {
      if (f.kind == FieldKind::Object || f.kind == FieldKind::Array) {
        EXPECT_NE(findObjectSpec(f.type), nullptr) << o.name << "." << f.name << " -> " << f.type;
      }
    }
    for (const std::string& v : o.variants)
      EXPECT_NE(findObjectSpec(o.name + "/" + v), nullptr) << v;
  }
}

// the format page in docs/ is byte for byte what the schema generates: docs and reader share one
// source of truth
TEST(Schema, DocumentationIsGeneratedFromTheSchema) {
  // docs/scene-format.md is the output of `mbw-cli schema`; regenerate it when the schema changes:
  //   build/app/cli/mbw-cli schema -o docs/scene-format.md
  std::ifstream in(std::string(MBW_SOURCE_DIR) + "/docs/scene-format.md");
  ASSERT_TRUE(in) << "docs/scene-format.md is missing";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), sceneFormatMarkdown())
      << "docs/scene-format.md is out of date: run `mbw-cli schema -o docs/scene-format.md`";
}

}  // namespace
}  // namespace mbw
