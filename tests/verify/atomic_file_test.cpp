// Files appear whole or not at all: a failure while writing any of them leaves none of the new
// files and no temporary. (A full disk: tests/cli/bad_inputs.cmake, on a small tmpfs.)
#include "verify/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/support/scratch_directory.hpp"
#include "verify/errors.hpp"

namespace nb {
namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST(WriteFilesAtomically, WritesEveryFileAndNoTemporary) {
  const test::ScratchDirectory scratch;
  const fs::path& dir = scratch.path();
  write_files_atomically({{(dir / "a.txt").string(), "a"}, {(dir / "b.txt").string(), "b"}});
  EXPECT_EQ(file_text(dir / "a.txt"), "a");
  EXPECT_EQ(file_text(dir / "b.txt"), "b");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2);
}

TEST(WriteFilesAtomically, AFailedFileLeavesNoneOfTheNewFiles) {
  const test::ScratchDirectory scratch;
  const fs::path& dir = scratch.path();
  std::ofstream(dir / "a.txt") << "old";
  try {
    write_files_atomically({{(dir / "a.txt").string(), "new"}, {(dir / "missing/b.txt").string(), "b"}});
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing/b.txt"), std::string::npos) << e.what();
  }
  EXPECT_EQ(file_text(dir / "a.txt"), "old");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

}  // namespace
}  // namespace nb
