#pragma once
// Errors found in a scene, each with the JSON path of the offending field (RFC 6901 pointer,
// e.g. "/bodies/2/mass"). Loading collects as many as it can before throwing.

#include <stdexcept>
#include <string>
#include <vector>

namespace mbw {

struct SceneIssue {
  std::string path;     // JSON pointer
  std::string message;
};

class SceneError : public std::runtime_error {
 public:
  SceneError(std::string source, std::vector<SceneIssue> issues);
  const std::string& source() const { return source_; }
  const std::vector<SceneIssue>& issues() const { return issues_; }

 private:
  std::string source_;
  std::vector<SceneIssue> issues_;
};

}  // namespace mbw
