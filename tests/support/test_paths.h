#pragma once
// Where a test finds the source tree and the programs it runs (mbw-cli, the workbench). The build
// writes their paths relative to the test programs' directory (build/tests) into
// test_relative_paths.h; here they are resolved against the running program's own directory. An
// absolute path in a header would differ between two clones of the tree and make every object
// that includes it miss the compiler cache.
#include "test_relative_paths.h"

#include <filesystem>
#include <string>

namespace mbw::test {

// the path `relative` to the directory of the running test program, normalized
inline std::string fromTestPrograms(const char* relative) {
  const std::filesystem::path programs = std::filesystem::canonical("/proc/self/exe").parent_path();
  return (programs / relative).lexically_normal().string();
}

// the source tree's root
inline const char* sourceDirectory() {
  static const std::string path = fromTestPrograms(MBW_SOURCE_FROM_TESTS);
  return path.c_str();
}

// the mbw-cli program of this build
inline const char* cliProgram() {
  static const std::string path = fromTestPrograms(MBW_CLI_FROM_TESTS);
  return path.c_str();
}

}  // namespace mbw::test

#define MBW_SOURCE_DIR ::mbw::test::sourceDirectory()
#define MBW_CLI_PATH ::mbw::test::cliProgram()
