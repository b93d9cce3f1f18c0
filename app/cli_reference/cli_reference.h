#pragma once
// The reference of a command-line program written from its CLI11 definitions, so that it cannot go
// stale: the program's description, every command (nested ones too) with its description, usage,
// positional arguments and options (value type, default, description), the exit statuses and a
// few examples. As Markdown (mbw-cli's docs/cli-reference.md) or as a man page in roff
// (mbw-cli(1), built with the program and installed by the package). In the Markdown, an option
// that three commands or more take word for word (same names, value, default and description) is
// listed once, under "Options shared by several commands", and named in each command's section;
// the man page lists every command's options in full.
//
// What the definitions do not hold (the page's preamble, the man page's description and see-also,
// the exit statuses and examples) the program gives as ReferenceTexts.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace mbw::cli_reference {

struct ExitStatus {
  int code;
  std::string meaning;
};

struct Example {
  std::string commandLine;
  std::string what;
};

// The words of a program's reference beside its definitions.
struct ReferenceTexts {
  std::string markdownPreamble;  // Markdown between the title and the program's description
  std::string manGeneratedBy;    // the command that writes the man page ("prog reference ...")
  std::string manVersion;        // the version in the man page's footer
  std::string manManual;         // the manual's name in the man page's header
  std::string manDescription;    // the man page's first sentence, after the program's name
  std::string manSeeAlso;        // the SEE ALSO section, in roff
  std::vector<ExitStatus> exitStatuses;
  std::vector<Example> examples;
};

// `program` is the whole command line (its subcommands are walked).
std::string markdownReference(const CLI::App& program, const ReferenceTexts& texts);
std::string manPageReference(const CLI::App& program, const ReferenceTexts& texts);

}  // namespace mbw::cli_reference
