#pragma once
// The reference of mbw-cli written from its CLI11 definitions, so that it cannot go stale: the
// program's description, every command (nested ones too) with its description, usage, positional
// arguments and options (value type, default, description), the exit statuses and a few
// examples. As Markdown (docs/cli-reference.md) or as a man page in roff (mbw-cli(1), built with
// the program and installed by the package).

#include <CLI/CLI.hpp>
#include <string>

namespace mbw::cli {

// `program` is the whole command line (CliProgram::app).
std::string referenceMarkdown(const CLI::App& program);
std::string referenceManPage(const CLI::App& program);

}  // namespace mbw::cli
