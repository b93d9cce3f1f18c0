// mbw-cli: the headless engine of Multibody Workbench.

#include <iostream>

#include "cli_common.h"
#include "cli_program.h"

int main(int argc, char** argv) {
  using namespace mbw::cli;
  CliProgram program;
  try {
    program.app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return program.app.exit(e) == 0 ? kSuccess : kBadInput;
  }
  try {
    return program.runParsed();
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kBadInput;
  }
}
