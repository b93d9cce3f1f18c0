#include "scene/schema_validation.h"

#include <nlohmann/json.hpp>

#include "scene/schema.h"

namespace mbw {
namespace {

using json = nlohmann::json;

// --- one value against its field's kind ----------------------------------------------------------

// how a JSON value is named in a message ("must be a number, found a string")
std::string typeName(const json& v) {
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  if (v.is_string()) return "a string";
  if (v.is_boolean()) return "a boolean";
  if (v.is_null()) return "null";
  return "a number";
}

// an array of n numbers
bool isNumberArray(const json& v, size_t n) {
  if (!v.is_array() || v.size() != n) return false;
  for (const json& x : v)
    if (!x.is_number()) return false;
  return true;
}

// the items, separated by commas
std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// checks one value against one field's kind; returns "" or what is wrong
std::string checkKind(const FieldSpec& f, const json& v) {
  // one check per kind: the JSON type, array sizes, and for enums the allowed words
  switch (f.kind) {
    // the scalars: the JSON type alone
    case FieldKind::String:
      return v.is_string() ? "" : "must be a string, found " + typeName(v);
    case FieldKind::Integer:
      return v.is_number_integer() ? "" : "must be an integer, found " + typeName(v);
    case FieldKind::Number:
      return v.is_number() ? "" : "must be a number, found " + typeName(v);
    // fixed-size arrays of numbers
    case FieldKind::Vector3:
      return isNumberArray(v, 3) ? "" : "must be an array of 3 numbers";
    case FieldKind::Vector4:
      return isNumberArray(v, 4) ? "" : "must be an array of 4 numbers";
    case FieldKind::Matrix3:
      if (v.is_array() && v.size() == 3 && isNumberArray(v[0], 3) && isNumberArray(v[1], 3) &&
          isNumberArray(v[2], 3))
        return "";
      return "must be a 3x3 matrix given as 3 rows of 3 numbers";
    // an expression may be a number, a formula string or a piecewise/rate object (checked when
    // built)
    case FieldKind::Expression:
      return v.is_number() || v.is_string() || v.is_object()
                 ? ""
                 : "must be a number, an expression string or a piecewise/rate object";
    case FieldKind::Expression3:
      if (v.is_array() && v.size() == 3) {
        for (const json& x : v)
          if (!x.is_number() && !x.is_string() && !x.is_object())
            return "must hold 3 numbers, expression strings or piecewise/rate objects";
        return "";
      }
      return "must be an array of 3 numbers or expression strings";
    // a point or vector is a name on the body or inline coordinates
    case FieldKind::PointRef:
      return v.is_string() || isNumberArray(v, 3) ? ""
                                                  : "must be a point name or an array of 3 numbers";
    case FieldKind::VectorRef:
      return v.is_string() || isNumberArray(v, 3)
                 ? ""
                 : "must be a vector name or an array of 3 numbers";
    // a map of named points or vectors, each [x, y, z]
    case FieldKind::Vec3Map:
      if (!v.is_object()) return "must be an object mapping names to [x, y, z]";
      for (auto it = v.begin(); it != v.end(); ++it)
        if (!isNumberArray(it.value(), 3))
          return "entry '" + it.key() + "' must be an array of 3 numbers";
      return "";
    // an enum: one of its words
    case FieldKind::Enum:
      if (!v.is_string()) return "must be one of: " + join(f.choices);
      for (const auto& c : f.choices)
        if (v.get<std::string>() == c) return "";
      return "'" + v.get<std::string>() + "' is not one of: " + join(f.choices);
    // containers, their contents checked by the caller
    case FieldKind::Object:
      return v.is_object() ? "" : "must be an object, found " + typeName(v);
    case FieldKind::Array:
      return v.is_array() ? "" : "must be an array, found " + typeName(v);
    case FieldKind::Boolean:
      return v.is_boolean() ? "" : "must be true or false, found " + typeName(v);
    // lists: non-empty, of one element type
    case FieldKind::NumberList:
      return v.is_array() && !v.empty() && isNumberArray(v, v.size())
                 ? ""
                 : "must be a non-empty array of numbers";
    case FieldKind::StringList:
      if (!v.is_array() || v.empty()) return "must be a non-empty array of strings";
      for (const json& x : v)
        if (!x.is_string())
          return "must be a non-empty array of strings, found " + typeName(x) + " in it";
      return "";
    // named lists of values (the entries are checked by the caller)
    case FieldKind::ValueLists:
      return v.is_object()
                 ? ""
                 : "must be an object mapping names to arrays of values, found " + typeName(v);
  }
  return "";
}

}  // namespace

// --- an object against its specification ---------------------------------------------------------

// a key as a JSON pointer token: '~' and '/' escaped as RFC 6901 says
std::string escapePointerToken(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

// against the scene's schema
void validateAgainstSchema(const json& value, const std::string& type, const std::string& path,
                           std::vector<SceneIssue>& issues) {
  validateAgainstSchema(value, sceneSchema(), type, path, issues);
}

void validateAgainstSchema(const json& value, const std::vector<ObjectSpec>& schema,
                           const std::string& type, const std::string& path,
                           std::vector<SceneIssue>& issues) {
  // the object's specification; an unknown type is the schema's own fault, not the user's
  const ObjectSpec* spec = findObjectSpec(schema, type);
  if (!spec) {
    issues.push_back({path, "internal: unknown schema type '" + type + "'"});
    return;
  }
  if (!value.is_object()) {
    issues.push_back({path, "must be an object (" + spec->name + "), found " + typeName(value)});
    return;
  }
  // a variant chosen by the discriminator field
  if (!spec->discriminator.empty()) {
    const auto it = value.find(spec->discriminator);
    if (it == value.end() || !it->is_string()) {
      issues.push_back(
          {path + "/" + spec->discriminator,
           "missing '" + spec->discriminator + "' (one of: " + join(spec->variants) + ")"});
      return;
    }
    const std::string variant = it->get<std::string>();
    // a known variant is validated as its own type
    for (const auto& v : spec->variants)
      if (v == variant)
        return validateAgainstSchema(value, schema, spec->name + "/" + v, path, issues);
    issues.push_back({path + "/" + spec->discriminator,
                      "'" + variant + "' is not one of: " + join(spec->variants)});
    return;
  }
  // unknown fields, each reported with the list of the known ones (a misspelling shows)
  std::vector<std::string> known;
  for (const FieldSpec& f : spec->fields) known.push_back(f.name);
  for (auto it = value.begin(); it != value.end(); ++it) {
    bool found = false;
    for (const auto& k : known) found = found || k == it.key();
    if (!found)
      issues.push_back(
          {path + "/" + escapePointerToken(it.key()),
           "unknown field '" + it.key() + "' in " + spec->name + " (known: " + join(known) + ")"});
  }
  // each field: present if required, of its kind, and objects and arrays checked in turn
  for (const FieldSpec& f : spec->fields) {
    const std::string fieldPath = path + "/" + f.name;
    const auto it = value.find(f.name);
    // a missing field is an issue only when required
    if (it == value.end()) {
      if (f.required) issues.push_back({fieldPath, "missing required field '" + f.name + "'"});
      continue;
    }
    // a field of the wrong kind is not looked into
    const std::string problem = checkKind(f, *it);
    if (!problem.empty()) {
      issues.push_back({fieldPath, problem});
      continue;
    }
    // objects and array elements are validated against their own type, recursively
    if (f.kind == FieldKind::Object) validateAgainstSchema(*it, schema, f.type, fieldPath, issues);
    if (f.kind == FieldKind::Array)
      for (size_t i = 0; i < it->size(); ++i)
        validateAgainstSchema((*it)[i], schema, f.type, fieldPath + "/" + std::to_string(i),
                              issues);
    // each entry: a non-empty list of values, or an object of the field's type
    if (f.kind == FieldKind::ValueLists)
      for (auto e = it->begin(); e != it->end(); ++e) {
        const std::string entryPath = fieldPath + "/" + escapePointerToken(e.key());
        if (e->is_object())
          validateAgainstSchema(*e, schema, f.type, entryPath, issues);
        else if (!e->is_array() || e->empty())
          issues.push_back(
              {entryPath, "must be a non-empty array of values or a " + f.type + " object"});
      }
  }
}

}  // namespace mbw
