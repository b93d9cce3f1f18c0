#pragma once
// The first phase of reading a user's file (a scene, a study file, the workbench's scene
// document): JSON text into a document, with the limits a file of ours keeps and the errors in the
// project's words (no JSON library tags, no echo of megabytes of input).
//
// Refused, each as a SceneError naming the file:
//   - text that is not JSON: the line and column, what the parser expected, the last characters it
//     read (at most kEchoLimit of them);
//   - a number too large for a double (1e999);
//   - arrays and objects nested deeper than kMaxJsonDepth, at the path where the limit is passed:
//     checked while parsing, so that the copies, comparisons and dumps that recurse over a
//     document (the workbench's undo stack keeps copies) never meet a deeper one. A scene nested
//     100 000 arrays deep overflowed the workbench's stack in the copy after parsing;
//   - a key given twice in one object, at the path of the second: JSON parsers keep one of the two
//     silently (nlohmann::json the last), so one of them was never read.

#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>

#include "scene/scene_error.h"

namespace mbw {

// The deepest nesting of arrays and objects a file may have. The scene format needs 5 levels
// (a body's orientation matrix: scene, bodies, body, orientation, matrix, row), the study format 7.
constexpr int kMaxJsonDepth = 64;

// Parses text as JSON; throws SceneError(source, ...) as described above. Json is nlohmann::json
// or nlohmann::ordered_json.
template <class Json>
Json parseJsonText(const std::string& text, const std::string& source);

// The message of an exception of the JSON library without its tag ("[json.exception.type_error.302]
// "), quoted input cut to kEchoLimit characters.
std::string plainJsonMessage(const std::exception& e);

}  // namespace mbw
