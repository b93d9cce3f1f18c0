// mbw-cli: the headless engine of Multibody Workbench.

#include <csignal>
#include <iostream>
#include <new>

#include "cli_common.h"
#include "cli_program.h"

int main(int argc, char** argv) {
  using namespace mbw::cli;
  // a file size limit (ulimit -f) makes the write fail instead of killing the program: the run
  // stops with the reason and whole rows, as on a full disk
  std::signal(SIGXFSZ, SIG_IGN);
  CliProgram program;
  // the command line parsed; the help and parse errors exit here
  try {
    program.app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return program.app.exit(e) == 0 ? kSuccess : kBadInput;
  }
  // the command, its errors as bad input
  try {
    return program.runParsed();
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory: the input asks for more than this machine has\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kBadInput;
  }
}
