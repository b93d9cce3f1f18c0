#pragma once
// Errors found in a scene, each with the JSON path of the offending field (RFC 6901 pointer,
// e.g. "/bodies/2/mass"). Loading collects as many as it can before throwing. The message lists
// the first kListedIssues of them, each cut to a readable length, so that a file of megabytes with
// a million mistakes gives a message of a few kilobytes; issues() keeps them all.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace mbw {

struct SceneIssue {
  std::string path;  // JSON pointer
  std::string message;
};

// The most issues the message lists, and the most characters of a user's input a message quotes.
constexpr size_t kListedIssues = 50;
constexpr size_t kEchoLimit = 60;

class SceneError : public std::runtime_error {
 public:
  SceneError(std::string source, std::vector<SceneIssue> issues);
  const std::string& source() const { return source_; }
  const std::vector<SceneIssue>& issues() const { return issues_; }

 private:
  std::string source_;
  std::vector<SceneIssue> issues_;
};

// s, or its first and last characters around "..." and its length when it is longer than limit:
// for quoting a user's input in a message
std::string excerpt(const std::string& s, size_t limit = kEchoLimit);

}  // namespace mbw
