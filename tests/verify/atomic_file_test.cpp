// Files appear whole or not at all: a failure while writing any of them leaves none of the new
// files and no temporary. Only the named file is written: a symbolic link stays a link, a FIFO or
// device stays what it is, a directory is refused. (A full disk: tests/cli/bad_inputs.cmake, on a
// small tmpfs.)
#include "verify/io/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sys/sysmacros.h>

#include "tests/support/scratch_directory.hpp"
#include "verify/io/errors.hpp"

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
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing/b.txt"), std::string::npos) << e.what();
  }
  EXPECT_EQ(file_text(dir / "a.txt"), "old");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST(WriteFilesAtomically, WritesTheTargetOfASymbolicLinkAndKeepsTheLink) {
  const test::ScratchDirectory scratch;
  const fs::path& dir = scratch.path();
  fs::create_directory(dir / "real");
  std::ofstream(dir / "real/results.json") << "old";
  fs::create_symlink("real/results.json", dir / "link.json");
  fs::create_symlink("real/absent.json", dir / "dangling.json");
  write_files_atomically({{(dir / "link.json").string(), "new"}, {(dir / "dangling.json").string(), "made"}});
  EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
  EXPECT_EQ(file_text(dir / "real/results.json"), "new");
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.json"));
  EXPECT_EQ(file_text(dir / "real/absent.json"), "made");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "real"), fs::directory_iterator()), 2);  // no temporary
}

TEST(WriteFilesAtomically, KeepsThePermissionBitsOfAReplacedFile) {
  const test::ScratchDirectory scratch;
  const fs::path file = scratch.path() / "private.json";
  std::ofstream(file) << "old";
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  write_file_atomically(file.string(), "new");
  EXPECT_EQ(fs::status(file).permissions(), fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(file_text(file), "new");
}

TEST(WriteFilesAtomically, WritesIntoAFifoAndLeavesItAFifo) {
  const test::ScratchDirectory scratch;
  const fs::path fifo = scratch.path() / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The read end open first (a FIFO that no process reads is refused); the text fits the pipe's
  // buffer, so it is read once normbound has written it and closed its end.
  const int read_end = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(read_end, 0);
  write_file_atomically(fifo.string(), "through the pipe");
  std::string received(64, '\0');
  const ::ssize_t got = ::read(read_end, received.data(), received.size());
  ::close(read_end);
  ASSERT_GE(got, 0);
  received.resize(static_cast<std::size_t>(got));
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(std::distance(fs::directory_iterator(scratch.path()), fs::directory_iterator()), 1);
}

TEST(WriteFilesAtomically, RefusesAFifoThatNoProcessReadsAtOnce) {
  const test::ScratchDirectory scratch;
  const fs::path fifo = scratch.path() / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Opening it to write once waited for a reader forever.
  try {
    write_file_atomically(fifo.string(), "nobody reads this");
    ADD_FAILURE() << "wrote into a FIFO without a reader";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a FIFO that no process reads"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(WriteFilesAtomically, WritesIntoADeviceAndLeavesItADevice) {
  const test::ScratchDirectory scratch;
  const fs::path null = scratch.path() / "null";  // a copy of /dev/null's node, so a failure harms nothing
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) GTEST_SKIP() << "mknod not permitted here";
  write_file_atomically(null.string(), "discarded");
  EXPECT_TRUE(fs::is_character_file(null));
  EXPECT_EQ(std::distance(fs::directory_iterator(scratch.path()), fs::directory_iterator()), 1);
}

TEST(WriteFilesAtomically, RefusesADirectory) {
  const test::ScratchDirectory scratch;
  fs::create_directory(scratch.path() / "results.json");
  EXPECT_THROW(write_file_atomically((scratch.path() / "results.json").string(), "x"), OutputError);
  EXPECT_TRUE(fs::is_directory(scratch.path() / "results.json"));
  EXPECT_TRUE(fs::is_empty(scratch.path() / "results.json"));
}

}  // namespace
}  // namespace nb
