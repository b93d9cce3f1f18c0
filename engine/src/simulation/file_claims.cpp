#include "simulation/file_claims.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace mbw {

bool sameFile(const std::string& a, const std::string& b) {
  // two files that exist are one when the file system says so; else their canonical paths agree
  std::error_code error;
  if (std::filesystem::exists(a, error) && std::filesystem::exists(b, error))
    return std::filesystem::equivalent(a, b, error);
  return std::filesystem::weakly_canonical(a, error) == std::filesystem::weakly_canonical(b, error);
}

// only existing regular files are inputs (a device or a missing file is not)
void FileClaims::noteInput(const std::string& path, const std::string& what) {
  std::error_code error;
  if (std::filesystem::is_regular_file(path, error)) inputs_.push_back({path, what});
}

void createOutputDirectory(const std::string& path) {
  // the directory and its parents; an error names the path
  std::error_code error;
  std::filesystem::create_directories(path, error);
  if (error) throw FileClaimError("cannot create '" + path + "': " + error.message());
}

void FileClaims::refuseInputs(const std::string& output) const {
  // an output may not overwrite a file the command reads
  for (const auto& [input, what] : inputs_)
    if (sameFile(output, input))
      throw FileClaimError("cannot write '" + output + "': it is " + what + " this command reads");
}

void FileClaims::claimOutput(const std::string& path, const std::string& what) {
  // not an input, not another output
  refuseInputs(path);
  // nor a file another output of the command goes to
  for (const auto& [other, otherWhat] : outputs_)
    if (sameFile(path, other))
      throw FileClaimError("cannot write " + what + " to '" + path + "': " + otherWhat +
                           " go there");
  outputs_.push_back({path, what});
}

void FileClaims::checkWritable(const std::string& path, const std::string& what) {
  // claimed, no directory, and a file can be opened there for appending
  claimOutput(path, what);
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw FileClaimError("cannot write '" + path + "': it is a directory");
  const bool existed = std::filesystem::exists(path, error);
  std::ofstream out(path, std::ios::app);
  if (!out) throw FileClaimError("cannot write '" + path + "': " + std::strerror(errno));
  // a device takes a byte without harm, or refuses it (/dev/full: no space left)
  if (existed && !std::filesystem::is_regular_file(path, error) && !(out << '\n' << std::flush))
    throw FileClaimError("cannot write '" + path + "': " + std::strerror(errno));
  // a file made only to try is removed
  if (!existed) std::filesystem::remove(path, error);
}

}  // namespace mbw
