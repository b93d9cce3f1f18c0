#pragma once
// The scene file format, described once: the loader validates against it, the documentation
// (docs/scene-format.md, `mbw-cli schema`) is generated from it, and the workbench's editor reads
// units and descriptions from it.

#include <string>
#include <vector>

namespace mbw {

enum class FieldKind {
  String,       // JSON string
  Integer,      // JSON integer
  Number,       // JSON number
  Vector3,      // [x, y, z]
  Vector4,      // [a, b, c, d]
  Matrix3,      // [[a, b, c], [d, e, f], [g, h, i]], rows
  Expression,   // a number or a string: a function of time t (see expr/expression.h)
  Expression3,  // three expressions [fx, fy, fz]
  PointRef,     // the name of a point of the body (a string) or its coordinates [x, y, z]
  VectorRef,    // the name of a vector of the body (a string) or its components [x, y, z]
  Vec3Map,      // {"name": [x, y, z], ...}
  Enum,         // one string of a fixed set
  Object,       // a nested object of type `type`
  Array,        // an array of objects of type `type`
  Boolean,      // true or false (study files)
  NumberList,   // a non-empty array of numbers (study files)
  StringList,   // a non-empty array of strings (study files)
  ValueLists    // {key: [values...] or an object of type `type`} (study files: varied fields)
};

struct FieldSpec {
  std::string name;
  FieldKind kind = FieldKind::Number;
  bool required = false;
  std::string defaultText;  // shown in the docs; "" = none
  std::string unit;         // SI unit, "" when dimensionless
  std::string description;
  std::string type;                  // Object / Array: the object type's name
  std::vector<std::string> choices;  // Enum
};

struct ObjectSpec {
  std::string name;  // e.g. "body", "joint/revolute"
  std::string description;
  std::vector<FieldSpec> fields;
  // objects chosen by the value of a field (joints and forces by "type"): the variants are the
  // object types "<name>/<value>"
  std::string discriminator;
  std::vector<std::string> variants;
};

constexpr int kSceneFormatVersion = 1;

const std::vector<ObjectSpec>& sceneSchema();
// nullptr if unknown
const ObjectSpec* findObjectSpec(const std::string& name);
const ObjectSpec* findObjectSpec(const std::vector<ObjectSpec>& schema, const std::string& name);
const char* toString(FieldKind kind);

// The reference documentation of the format, in Markdown.
std::string sceneFormatMarkdown();
// One section per object type of a schema, with the table of its fields (Markdown).
std::string schemaSectionsMarkdown(const std::vector<ObjectSpec>& schema);
// The line of links under the title of every page of docs/, the generated ones included
// (tests/docs/doc_links_test.cpp holds every page to it).
std::string docsNavigationLine();

}  // namespace mbw
