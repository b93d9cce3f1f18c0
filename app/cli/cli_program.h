#pragma once
// The whole command line of mbw-cli: the program's description, version, exit statuses and every
// subcommand. main() parses argv with it; the reference (docs/cli-reference.md, the man page) and
// the test that parses the documentation's command lines build the same object.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli_reference.h"
#include "commands.h"

namespace mbw::cli {

using cli_reference::ExitStatus;

// The exit statuses every command shares (also the footer of `mbw-cli --help`).
const std::vector<ExitStatus>& exitStatuses();

struct CliProgram {
  CLI::App app;
  std::vector<Command> commands;

  CliProgram();
  // Runs the subcommand that was parsed; returns the process exit code.
  int runParsed() const;
};

// The reference of the whole program `program` (CliProgram::app) with mbw-cli's words around it
// (cli_reference.h): as Markdown (docs/cli-reference.md) or as the man page mbw-cli(1).
std::string referenceMarkdown(const CLI::App& program);
std::string referenceManPage(const CLI::App& program);

}  // namespace mbw::cli
