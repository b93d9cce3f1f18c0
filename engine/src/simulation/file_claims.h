#pragma once
// The files one command (or one call of a front end) reads and writes, so that no output replaces
// a file it reads (`mbw-cli run mine.json -o mine.json` once wrote its results over the scene) and
// no two outputs are one file. Paths are compared as files, not as text: "./a.csv", "a.csv" and a
// link to it are one file, whether or not it exists yet.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mbw {

// An output refused, with the path and the reason ("cannot write 'a.json': it is the scene this
// command reads").
class FileClaimError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether two paths name one file (the second need not exist).
bool sameFile(const std::string& a, const std::string& b);

// Creates a directory for outputs (and its parents, none when it exists); throws FileClaimError
// ("cannot create 'DIR': REASON") when it cannot.
void createOutputDirectory(const std::string& path);

class FileClaims {
 public:
  // Notes a file that is read (what: "the scene"); a path that is no regular file is not noted.
  void noteInput(const std::string& path, const std::string& what);
  // Throws FileClaimError when path is a file noted as an input.
  void refuseInputs(const std::string& path) const;
  // Claims path for an output (what: "the results", "the plot"); throws FileClaimError when it is
  // an input or another output's.
  void claimOutput(const std::string& path, const std::string& what);
  // Claims path and throws FileClaimError when a file cannot be created at it (for outputs written
  // after a run, so that a bad path is known before it; a device that refuses a byte, as
  // /dev/full does, is refused too). Leaves no file behind.
  void checkWritable(const std::string& path, const std::string& what);

 private:
  // each file with what it is
  std::vector<std::pair<std::string, std::string>> inputs_, outputs_;
};

}  // namespace mbw
