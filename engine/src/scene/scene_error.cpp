#include "scene/scene_error.h"

namespace mbw {
namespace {

// the longest path and message a line of the message shows (longer ones quote user input)
constexpr size_t kPathLimit = 200;
constexpr size_t kMessageLimit = 1000;

std::string format(const std::string& source, const std::vector<SceneIssue>& issues) {
  std::string text;
  // the source's name, shortened when long
  const std::string file = excerpt(source, kPathLimit);
  // "file: /json/path: message", one line per issue, the first kListedIssues of them
  for (size_t k = 0; k < issues.size() && k < kListedIssues; ++k) {
    const SceneIssue& i = issues[k];
    if (!text.empty()) text += "\n";
    text += file + ": " + (i.path.empty() ? "/" : excerpt(i.path, kPathLimit)) + ": " +
            excerpt(i.message, kMessageLimit);
  }
  // how many more, when they are not all listed
  if (issues.size() > kListedIssues)
    text += "\n" + file + ": ... and " + std::to_string(issues.size() - kListedIssues) +
            " more problems";
  return text;
}

}  // namespace

std::string excerpt(const std::string& s, size_t limit) {
  if (s.size() <= limit) return s;
  // the start and the end, with the full length
  const size_t half = limit / 2;
  return s.substr(0, half) + "..." + s.substr(s.size() - half) + " (" + std::to_string(s.size()) +
         " characters)";
}

// the message formatted once (the first issues with their JSON paths, then how many more); all
// the issues kept one by one for the callers that list them
SceneError::SceneError(std::string source, std::vector<SceneIssue> issues)
    : std::runtime_error(format(source, issues)),
      source_(std::move(source)),
      issues_(std::move(issues)) {}

}  // namespace mbw
