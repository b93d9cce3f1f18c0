#pragma once
// The study file format (JSON, "format": "mbw-study"), described once with the scene schema's
// machinery (scene/schema.h): the reader validates against it, docs/study-format.md and
// `mbw-cli schema --study` are generated from it.

#include <string>
#include <vector>

#include "scene/schema.h"

namespace mbw {

constexpr int kStudyFormatVersion = 1;

const std::vector<ObjectSpec>& studySchema();

// The reference documentation of the format, in Markdown.
std::string studyFormatMarkdown();

}  // namespace mbw
