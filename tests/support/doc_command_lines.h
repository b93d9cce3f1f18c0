#pragma once
// The command lines the documentation shows: every line of the shell code blocks (```sh, ```bash)
// in README.md and docs/*.md that calls mbw-cli or mbw, with continuation lines joined, variables
// set earlier in the block expanded (B=build/app/cli/mbw-cli; $B run ...), and the comment and
// anything before the program (xvfb-run, build paths) dropped; and the examples of the man page
// mbw(1) (packaging/mbw.h2m; those of mbw-cli(1) are docs/cli-reference.md's).

#include <string>
#include <vector>

namespace mbw::test {

struct DocCommandLine {
  std::string file;     // relative to the source directory, e.g. "docs/command-line.md"
  int line = 0;         // where the command starts
  std::string program;  // "mbw-cli" or "mbw"
  std::vector<std::string> arguments;  // after the program
  std::string text;                    // the command as written
};

std::vector<DocCommandLine> docCommandLines(const std::string& sourceDir);

// Shell words of a line: blanks separate, quotes group, an unquoted # starts a comment.
std::vector<std::string> shellWords(const std::string& line);

}  // namespace mbw::test
