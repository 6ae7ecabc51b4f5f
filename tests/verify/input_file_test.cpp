// Only regular files are inputs: a FIFO, a device or a directory is refused by name, at once
// (a FIFO without a writer once blocked the reader forever, /dev/zero never ended).
#include "verify/io/input_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>

#include "tests/support/scratch_directory.hpp"
#include "verify/io/errors.hpp"

namespace nb::input_file_test {
namespace {

namespace fs = std::filesystem;

// The message of the InputError that reading `path` throws ("" if it reads).
std::string refusal(const fs::path& path) {
  try {
    read_input_file(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ReadInputFile, ReadsARegularFileThroughALink) {
  const test::ScratchDirectory scratch;
  std::ofstream(scratch.path() / "case.json") << "{\"a\": 1}";
  fs::create_symlink("case.json", scratch.path() / "link.json");
  EXPECT_EQ(read_input_file(scratch.path() / "link.json"), "{\"a\": 1}");
}

TEST(ReadInputFile, HashesTheBytesItReadsInTheSamePass) {
  const test::ScratchDirectory scratch;
  std::ofstream(scratch.path() / "abc") << "abc";
  // Larger than one read chunk (64 KiB), so that the digest spans several updates.
  std::ofstream(scratch.path() / "large") << std::string(200000, 'a');
  std::string sha256;
  EXPECT_EQ(read_input_file(scratch.path() / "abc", sha256), "abc");
  EXPECT_EQ(sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") << "FIPS 180-2's example";
  EXPECT_EQ(read_input_file(scratch.path() / "large", "test file", sha256).size(), 200000u);
  EXPECT_EQ(sha256, input_file_sha256(scratch.path() / "large")) << "the same digest as a separate read";
  EXPECT_EQ(input_file_sha256(scratch.path() / "abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_NE(sha256, input_file_sha256(scratch.path() / "abc"));
}

TEST(ReadInputFile, RefusesAFifoWithoutWaitingForAWriter) {
  const test::ScratchDirectory scratch;
  ASSERT_EQ(::mkfifo((scratch.path() / "pipe").c_str(), 0600), 0);
  EXPECT_NE(refusal(scratch.path() / "pipe").find("is a FIFO, expected a file"), std::string::npos);
}

TEST(ReadInputFile, RefusesDevicesAndDirectories) {
  EXPECT_NE(refusal("/dev/zero").find("/dev/zero: is a character device, expected a file"), std::string::npos);
  const test::ScratchDirectory scratch;
  EXPECT_NE(refusal(scratch.path()).find("is a directory, expected a file"), std::string::npos);
  EXPECT_NE(refusal(scratch.path() / "absent.json").find("cannot open (No such file or directory)"), std::string::npos);
}

}  // namespace
}  // namespace nb::input_file_test
