// The format's reference page (schema_doc.cpp): one section per object type, a table of fields or
// the links to the variants. (That docs/scene-format.md is the page: schema_test.cpp.)

#include <gtest/gtest.h>

#include "scene/schema.h"

namespace mbw {
namespace {

// a schema of two objects: 'shape' chosen among variants by its 'type', and the variant
// 'shape/cube' with three fields, one of each kind the table shows differently
TEST(SchemaDoc, ASectionPerObjectWithItsTableOrItsVariants) {
  // a required number with a unit and a meaning
  FieldSpec size;
  size.name = "size";
  size.kind = FieldKind::Number;
  size.required = true;
  size.unit = "m";
  size.description = "edge length";
  // an enumeration with a default, its choices listed in the kind column
  FieldSpec colour;
  colour.name = "colour";
  colour.kind = FieldKind::Enum;
  colour.defaultText = "red";
  colour.choices = {"red", "blue"};
  // an array whose kind names the type of its elements
  FieldSpec parts;
  parts.name = "parts";
  parts.kind = FieldKind::Array;
  parts.type = "part";
  const std::vector<ObjectSpec> schema = {{"shape", "A solid.", {}, "type", {"cube", "ball"}},
                                          {"shape/cube", "A cube.", {size, colour, parts}, "", {}}};
  const std::string kind = toString(FieldKind::Number), enumKind = toString(FieldKind::Enum),
                    arrayKind = toString(FieldKind::Array);
  // the variant object links its variants by anchor; the cube's section is a table, a row per field
  EXPECT_EQ(schemaSectionsMarkdown(schema),
            "\n## shape\n\nA solid.\n"
            "\nChosen by `type`: [`cube`](#shapecube) [`ball`](#shapeball)\n"
            "\n## shape/cube\n\nA cube.\n"
            "\n| field | kind | unit | required | default | meaning |\n"
            "|---|---|---|---|---|---|\n"
            "| `size` | " +
                kind +
                " | m | yes |  | edge length |\n"
                "| `colour` | " +
                enumKind +
                " `red`, `blue` |  |  | red |  |\n"
                "| `parts` | " +
                arrayKind + " of part |  |  |  |  |\n");
}

// a variant's own row of the discriminator shows its value, not every choice
TEST(SchemaDoc, AVariantsDiscriminatorRowShowsItsValue) {
  // the discriminator field of the variants, given both to a variant and to an ordinary object
  FieldSpec type;
  type.name = "type";
  type.kind = FieldKind::Enum;
  type.required = true;
  type.choices = {"cube", "ball"};
  type.description = "kind of shape";
  const std::vector<ObjectSpec> schema = {{"shape", "A solid.", {}, "type", {"cube", "ball"}},
                                          {"shape/cube", "A cube.", {type}, "", {}},
                                          {"other", "Not a variant.", {type}, "", {}}};
  // in 'shape/cube' the row shows only `cube`; in 'other' it lists every choice
  const std::string md = schemaSectionsMarkdown(schema);
  EXPECT_NE(md.find("## shape/cube\n\nA cube.\n\n| field | kind | unit | required | default | "
                    "meaning |\n|---|---|---|---|---|---|\n| `type` | `cube` |  | yes |  | kind of "
                    "shape |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find(std::string("| `type` | ") + toString(FieldKind::Enum) + " `cube`, `ball` |"),
            std::string::npos)
      << md;
}

// the generated reference page covers the whole scene schema, so no object goes undocumented
TEST(SchemaDoc, TheScenePageHasEveryObjectOfTheSchema) {
  // the page opens with its title and the format's version, carries the navigation line and has a
  // section per object of the scene schema
  const std::string page = sceneFormatMarkdown();
  EXPECT_EQ(page.rfind("# Scene format (version " + std::to_string(kSceneFormatVersion) + ")", 0),
            0u);
  EXPECT_NE(page.find(docsNavigationLine()), std::string::npos);
  for (const ObjectSpec& o : sceneSchema())
    EXPECT_NE(page.find("\n## " + o.name + "\n"), std::string::npos) << o.name;
}

}  // namespace
}  // namespace mbw
