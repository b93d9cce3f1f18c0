#pragma once
// The whole command line of mbw-cli: the program's description, version, exit statuses and every
// subcommand. main() parses argv with it; the reference (docs/cli-reference.md, the man page) and
// the test that parses the documentation's command lines build the same object.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands.h"

namespace mbw::cli {

struct ExitStatus {
  int code;
  std::string meaning;
};

// The exit statuses every command shares (also the footer of `mbw-cli --help`).
const std::vector<ExitStatus>& exitStatuses();

struct CliProgram {
  CLI::App app;
  std::vector<Command> commands;

  CliProgram();
  // Runs the subcommand that was parsed; returns the process exit code.
  int runParsed() const;
};

}  // namespace mbw::cli
