// Structural validation against a schema (schema_validation.cpp), on a small schema of its own:
// each field kind accepts its values and names what is wrong with others, unknown and missing
// fields are reported with their paths, variants are chosen by their discriminator, and nested
// objects and array elements are validated at their own paths.

#include "scene/schema_validation.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace mbw {
namespace {

using json = nlohmann::json;

// --- a made-up schema ----------------------------------------------------------------------------

// a field of the kind given, optional unless told, with its type or its choices
FieldSpec field(const std::string& name, FieldKind kind, bool required = false,
                const std::string& type = "", std::vector<std::string> choices = {}) {
  FieldSpec f;
  f.name = name;
  f.kind = kind;
  f.required = required;
  f.type = type;
  f.choices = std::move(choices);
  return f;
}

// a "thing" with one field of each kind; "part"s in an array, a "shape" chosen by its "type"
const std::vector<ObjectSpec>& schema() {
  static const std::vector<ObjectSpec> s = {
      {"thing",
       "",
       {field("name", FieldKind::String, true), field("count", FieldKind::Integer),
        field("mass", FieldKind::Number), field("at", FieldKind::Vector3),
        field("q", FieldKind::Vector4), field("R", FieldKind::Matrix3),
        field("f", FieldKind::Expression), field("load", FieldKind::Expression3),
        field("point", FieldKind::PointRef), field("axis", FieldKind::VectorRef),
        field("points", FieldKind::Vec3Map),
        field("colour", FieldKind::Enum, false, "", {"red", "blue"}),
        field("shape", FieldKind::Object, false, "shape"),
        field("parts", FieldKind::Array, false, "part"), field("on", FieldKind::Boolean),
        field("steps", FieldKind::NumberList), field("names", FieldKind::StringList),
        field("varied", FieldKind::ValueLists, false, "part")},
       "",
       {}},
      {"part", "", {field("id", FieldKind::Integer, true)}, "", {}},
      {"shape", "", {}, "type", {"ball", "cube"}},
      {"shape/ball",
       "",
       {field("type", FieldKind::String), field("radius", FieldKind::Number, true)},
       "",
       {}},
      {"shape/cube",
       "",
       {field("type", FieldKind::String), field("edge", FieldKind::Number, true)},
       "",
       {}}};
  return s;
}

// the issues of a value checked as the type given, at the path /x
std::vector<SceneIssue> validate(const json& value, const std::string& type = "thing") {
  std::vector<SceneIssue> issues;
  validateAgainstSchema(value, schema(), type, "/x", issues);
  return issues;
}

// the issues one per line, for a failure's message
std::string listed(const std::vector<SceneIssue>& issues) {
  std::string text;
  for (const SceneIssue& i : issues) text += "\n  " + i.path + ": " + i.message;
  return text;
}

// --- checks --------------------------------------------------------------------------------------

// a "thing" with every field set to a value of its kind passes
TEST(SchemaValidation, AcceptsAValueOfEveryKind) {
  // (a delimiter of its own: "sin(t)" holds the default one)
  const json good = json::parse(R"json({"name": "a", "count": 3, "mass": 1.5, "at": [1, 2, 3],
      "q": [1, 0, 0, 0], "R": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "f": "sin(t)",
      "load": [1, "t", {"rate": 1}], "point": "P", "axis": [0, 0, 1], "points": {"P": [1, 2, 3]},
      "colour": "red", "shape": {"type": "ball", "radius": 1}, "parts": [{"id": 1}, {"id": 2}],
      "on": true, "steps": [0.1, 0.2], "names": ["a", "b"],
      "varied": {"mass": [1, 2], "p": {"id": 3}}})json");
  EXPECT_TRUE(validate(good).empty()) << listed(validate(good));
  // an expression may also be a number or an object; points and vectors a name or coordinates
  EXPECT_TRUE(
      validate(json::parse(R"({"name": "a", "f": 2, "point": [0, 0, 0], "axis": "n"})")).empty());
  EXPECT_TRUE(validate(json::parse(R"({"name": "a", "f": {"piecewise": []}})")).empty());
}

// each field kind refuses values of other kinds with a message that says what it found
TEST(SchemaValidation, NamesWhatIsWrongWithAValueOfTheWrongKind) {
  // one wrong value per case: the issue at the field's path and its exact message
  const struct {
    const char* field;
    const char* value;
    const char* message;
  } cases[] = {
      {"name", "1", "must be a string, found a number"},
      {"count", "1.5", "must be an integer, found a number"},
      {"count", "\"3\"", "must be an integer, found a string"},
      {"mass", "null", "must be a number, found null"},
      {"mass", "true", "must be a number, found a boolean"},
      {"at", "[1, 2]", "must be an array of 3 numbers"},
      {"at", "[1, 2, \"3\"]", "must be an array of 3 numbers"},
      {"q", "[1, 0, 0]", "must be an array of 4 numbers"},
      {"R", "[[1, 0, 0], [0, 1, 0]]", "must be a 3x3 matrix given as 3 rows of 3 numbers"},
      {"f", "[1]", "must be a number, an expression string or a piecewise/rate object"},
      {"load", "[1, 2, [3]]", "must hold 3 numbers, expression strings or piecewise/rate objects"},
      {"load", "[1, 2]", "must be an array of 3 numbers or expression strings"},
      {"point", "3", "must be a point name or an array of 3 numbers"},
      {"axis", "[0, 1]", "must be a vector name or an array of 3 numbers"},
      {"points", "[1, 2, 3]", "must be an object mapping names to [x, y, z]"},
      {"points", "{\"P\": [1, 2]}", "entry 'P' must be an array of 3 numbers"},
      {"colour", "\"green\"", "'green' is not one of: red, blue"},
      {"colour", "1", "must be one of: red, blue"},
      {"shape", "[]", "must be an object, found an array"},
      {"parts", "{}", "must be an array, found an object"},
      {"on", "1", "must be true or false, found a number"},
      {"steps", "[]", "must be a non-empty array of numbers"},
      {"steps", "[1, \"2\"]", "must be a non-empty array of numbers"},
      {"names", "[\"a\", 1]", "must be a non-empty array of strings, found a number in it"},
      {"names", "[]", "must be a non-empty array of strings"},
      {"varied", "[1]", "must be an object mapping names to arrays of values, found an array"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.field) + " = " + c.value);
    const json value =
        json::parse(std::string(R"({"name": "a", ")") + c.field + "\": " + c.value + "}");
    const std::vector<SceneIssue> issues = validate(value);
    ASSERT_EQ(issues.size(), 1u) << listed(issues);
    EXPECT_EQ(issues[0].path, std::string("/x/") + c.field);
    EXPECT_EQ(issues[0].message, c.message);
  }
}

// a misspelt field, a field with '/' and '~' in its name, a missing required field; a value that
// is no object; a type the schema does not have
TEST(SchemaValidation, ReportsUnknownAndMissingFieldsAtTheirPaths) {
  // a misspelt key lists the known ones; a key with / and ~ is escaped in the path (RFC 6901)
  const std::vector<SceneIssue> issues = validate(json::parse(R"({"nmae": "a", "a/b~c": 1})"));
  ASSERT_EQ(issues.size(), 3u) << listed(issues);
  EXPECT_EQ(issues[0].path, "/x/a~1b~0c");
  EXPECT_EQ(issues[1].path, "/x/nmae");
  EXPECT_EQ(issues[1].message.rfind("unknown field 'nmae' in thing (known: name, count, mass", 0),
            0u)
      << issues[1].message;
  EXPECT_EQ(issues[2].path, "/x/name");
  EXPECT_EQ(issues[2].message, "missing required field 'name'");
  // not an object at all
  const std::vector<SceneIssue> number = validate(json(3));
  ASSERT_EQ(number.size(), 1u);
  EXPECT_EQ(number[0].message, "must be an object (thing), found a number");
  // a type the schema lacks is the schema's fault
  const std::vector<SceneIssue> unknown = validate(json::object(), "nothing");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].message, "internal: unknown schema type 'nothing'");
}

// validation recurses into arrays and value lists, so an error deep inside is located exactly
TEST(SchemaValidation, ValidatesNestedObjectsAndElementsAtTheirOwnPaths) {
  // elements of an array and entries of value lists are checked as the part they hold, each at its
  // own path
  const std::vector<SceneIssue> issues = validate(json::parse(
      R"({"name": "a", "parts": [{"id": 1}, {"id": "two"}, {}],
          "varied": {"p": {"id": 1.5}, "q": [], "r": 3}})"));
  ASSERT_EQ(issues.size(), 5u) << listed(issues);
  EXPECT_EQ(issues[0].path, "/x/parts/1/id");
  EXPECT_EQ(issues[1].path, "/x/parts/2/id");
  EXPECT_EQ(issues[1].message, "missing required field 'id'");
  EXPECT_EQ(issues[2].path, "/x/varied/p/id");
  EXPECT_EQ(issues[3].path, "/x/varied/q");
  EXPECT_EQ(issues[3].message, "must be a non-empty array of values or a part object");
  EXPECT_EQ(issues[4].path, "/x/varied/r");
}

// the variant named by "type" decides which fields the object may and must have
TEST(SchemaValidation, AVariantIsChosenByItsDiscriminator) {
  auto shape = [](const char* text) {
    return validate(json::parse(std::string(R"({"name": "a", "shape": )") + text + "}"));
  };
  EXPECT_TRUE(shape(R"({"type": "cube", "edge": 1})").empty());
  // a cube's fields are not a ball's
  const std::vector<SceneIssue> ball = shape(R"({"type": "ball", "edge": 1})");
  ASSERT_EQ(ball.size(), 2u) << listed(ball);
  EXPECT_EQ(ball[0].path, "/x/shape/edge");
  EXPECT_EQ(ball[1].path, "/x/shape/radius");
  const std::vector<SceneIssue> none = shape(R"({"radius": 1})");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(none[0].path, "/x/shape/type");
  EXPECT_EQ(none[0].message, "missing 'type' (one of: ball, cube)");
  const std::vector<SceneIssue> other = shape(R"({"type": "cone"})");
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(other[0].message, "'cone' is not one of: ball, cube");
}

// JSON pointer paths escape '~' and '/' in keys so that every path is unambiguous
TEST(SchemaValidation, EscapesPointerTokens) {
  // '~' becomes ~0 and '/' becomes ~1 (RFC 6901)
  EXPECT_EQ(escapePointerToken("plain"), "plain");
  EXPECT_EQ(escapePointerToken("a/b"), "a~1b");
  EXPECT_EQ(escapePointerToken("~/"), "~0~1");
}

// without an explicit schema, a type name refers to the scene format's own objects
TEST(SchemaValidation, TheScenesOwnSchemaIsTheDefault) {
  // without a schema given, the scene's own: a body needs its mass
  std::vector<SceneIssue> issues;
  validateAgainstSchema(json::parse(R"({"name": "a", "mass": 1, "inertia": [1, 1, 1],
                                        "position": [0, 0, 0]})"),
                        "body", "/bodies/0", issues);
  EXPECT_TRUE(issues.empty()) << listed(issues);
  validateAgainstSchema(json::parse(R"({"name": "a"})"), "body", "/bodies/0", issues);
  ASSERT_FALSE(issues.empty());
  EXPECT_EQ(issues[0].path, "/bodies/0/mass");
}

}  // namespace
}  // namespace mbw
