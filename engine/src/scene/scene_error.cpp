#include "scene/scene_error.h"

namespace mbw {
namespace {

std::string format(const std::string& source, const std::vector<SceneIssue>& issues) {
  std::string text;
  for (const SceneIssue& i : issues) {
    if (!text.empty()) text += "\n";
    text += source + ": " + (i.path.empty() ? "/" : i.path) + ": " + i.message;
  }
  return text;
}

}  // namespace

SceneError::SceneError(std::string source, std::vector<SceneIssue> issues)
    : std::runtime_error(format(source, issues)), source_(std::move(source)), issues_(std::move(issues)) {}

}  // namespace mbw
