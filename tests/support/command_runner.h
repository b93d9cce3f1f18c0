#pragma once
// Running a program as a user does, for tests of the command line: its exit status and what it
// printed (standard output and error together).

#include <string>

namespace mbw::test {

struct CommandOutcome {
  int status = -1;     // exit status; -1 when the program did not exit normally
  std::string output;  // stdout and stderr
};

// Runs `commandLine` through the shell.
CommandOutcome runCommand(const std::string& commandLine);

// The whole text of a file ("" when it cannot be read).
std::string readText(const std::string& path);

}  // namespace mbw::test
