// Runs a command line through the shell and reads files whole, for the tests of the programs.

#include "command_runner.h"

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace mbw::test {

// the command's standard output and error together, and its exit status (-1 when a signal ended
// it)
CommandOutcome runCommand(const std::string& commandLine) {
  CommandOutcome o;
  // the errors joined to the output, in the order a user sees them on a terminal
  FILE* pipe = popen((commandLine + " 2>&1").c_str(), "r");
  if (!pipe) return o;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) o.output.append(buffer, n);
  // the shell's exit status is the command's; a signal gives -1
  const int raw = pclose(pipe);
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return o;
}

// the whole file as text ("" when it cannot be read)
std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace mbw::test
