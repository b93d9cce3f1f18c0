// The files a command reads and writes (simulation/file_claims.h): an output may not replace an
// input, two outputs may not be one file (paths compared as files), a path that cannot be written
// is refused before anything runs, and trying a new path leaves no file behind.

#include "simulation/file_claims.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace mbw {
namespace {

namespace fs = std::filesystem;

// a fresh folder for one test, with a file "scene.json" in it
fs::path folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("mbw_file_claims_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "scene.json") << "{}";
  return dir;
}

// paths are compared as files, so no spelling of the scene's path lets an output overwrite it
TEST(FileClaims, AnOutputMayNotReplaceAnInputWhateverThePathSays) {
  // the scene noted as an input; another path to the same file (through sub/..) is refused as an
  // output
  const fs::path dir = folder("inputs");
  FileClaims claims;
  claims.noteInput((dir / "scene.json").string(), "the scene");
  claims.noteInput((dir / "missing.txt").string(), "nothing");  // no file: not noted
  const std::string other = (dir / "sub" / ".." / "scene.json").string();
  fs::create_directories(dir / "sub");
  try {
    claims.claimOutput(other, "the results");
    FAIL() << "the scene was claimed as an output";
  } catch (const FileClaimError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot write '" + other + "': it is the scene this command reads");
  }
  EXPECT_NO_THROW(claims.refuseInputs((dir / "missing.txt").string()));
  EXPECT_TRUE(sameFile((dir / "scene.json").string(), other));
  EXPECT_FALSE(sameFile((dir / "scene.json").string(), (dir / "missing.txt").string()));
}

// two outputs of one command writing the same file would destroy each other: refused
TEST(FileClaims, TwoOutputsMayNotBeOneFile) {
  // the same file by another spelling is refused; another file is not
  const fs::path dir = folder("outputs");
  FileClaims claims;
  const std::string csv = (dir / "out.csv").string();
  claims.claimOutput(csv, "the results");
  EXPECT_THROW(claims.claimOutput((dir / "." / "out.csv").string(), "the plot"), FileClaimError);
  EXPECT_NO_THROW(claims.claimOutput((dir / "out.png").string(), "the plot"));
}

// an output path is tried before the work starts (a directory, missing folders, a full device
// refused), and the trial leaves nothing behind
TEST(FileClaims, APathThatCannotBeWrittenIsRefusedAndATriedOneLeavesNoFile) {
  // a directory, and a file in folders that do not exist; a file that can be written is checked
  // without being left behind
  const fs::path dir = folder("writable");
  FileClaims claims;
  EXPECT_THROW(claims.checkWritable(dir.string(), "the plot"), FileClaimError);
  EXPECT_THROW(claims.checkWritable((dir / "no" / "such" / "folder.png").string(), "the plot"),
               FileClaimError);
  const fs::path fresh = dir / "fresh.png";
  EXPECT_NO_THROW(claims.checkWritable(fresh.string(), "the plot"));
  EXPECT_FALSE(fs::exists(fresh));
  // a device that refuses a byte
  if (fs::exists("/dev/full")) {
    EXPECT_THROW(claims.checkWritable("/dev/full", "the CSV"), FileClaimError);
  }
  fs::remove_all(dir);
}

// an output directory is created with its parents, may exist already, and is refused with the
// system's reason when a file is in the way
TEST(FileClaims, AnOutputDirectoryIsMadeWithItsParentsOrRefused) {
  const fs::path dir = folder("directory");
  createOutputDirectory((dir / "a" / "b").string());
  EXPECT_TRUE(fs::is_directory(dir / "a" / "b"));
  createOutputDirectory((dir / "a").string());  // already there
  // a file where the directory should be
  const std::string blocked = (dir / "scene.json" / "runs").string();
  try {
    createOutputDirectory(blocked);
    FAIL() << "a directory under a file";
  } catch (const FileClaimError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot create '" + blocked + "': ", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace mbw
