#pragma once
// Structural validation of a scene against the schema: object types, unknown and missing fields,
// value kinds. Semantic checks (names, positivity, consistency) come after, in the reader.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "scene/scene_error.h"
#include "scene/schema.h"

namespace mbw {

// Appends one issue per problem found in `value` as an object of schema type `type` at `path`.
void validateAgainstSchema(const nlohmann::json& value, const std::string& type,
                           const std::string& path, std::vector<SceneIssue>& issues);
// The same against another schema (the study file's).
void validateAgainstSchema(const nlohmann::json& value, const std::vector<ObjectSpec>& schema,
                           const std::string& type, const std::string& path,
                           std::vector<SceneIssue>& issues);

// A JSON pointer token: "~" and "/" escaped as "~0" and "~1" (RFC 6901).
std::string escapePointerToken(const std::string& key);

}  // namespace mbw
