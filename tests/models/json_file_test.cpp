// Reading JSON documents from disk: every failure is an nb::InputError naming the file.
#include "models/files/json_file.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/scratch_directory.hpp"
#include "verify/io/errors.hpp"

namespace nb::files {
namespace {

void expect_rejected(const std::filesystem::path& path, const std::string& part) {
  try {
    read_json_file(path);
    ADD_FAILURE() << "read " << path << "; expected an error mentioning '" << part << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(JsonFile, ReadsADocument) {
  const test::ScratchDirectory dir;
  std::ofstream(dir.path() / "ok.json") << R"({"a": [1, 2.5, "x"]})";
  EXPECT_EQ(read_json_file(dir.path() / "ok.json").at("a").at(1), 2.5);
}

TEST(JsonFile, RejectsMissingFilesSyntaxErrorsInvalidUtf8AndOverflowingNumbers) {
  const test::ScratchDirectory dir;
  expect_rejected(dir.path() / "absent.json", "cannot open");
  std::ofstream(dir.path() / "cut.json") << R"({"a": [1, 2)";
  expect_rejected(dir.path() / "cut.json", "not valid JSON");
  std::ofstream(dir.path() / "utf8.json") << "{\"a\": \"\xff\"}";
  expect_rejected(dir.path() / "utf8.json", "not valid JSON");
  std::ofstream(dir.path() / "huge.json") << R"({"a": 1e999})";
  expect_rejected(dir.path() / "huge.json", "not valid JSON");
}

}  // namespace
}  // namespace nb::files
