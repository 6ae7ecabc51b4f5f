#pragma once
// Whole-file reads and writes for the report tests.
#include <filesystem>
#include <string>

namespace nb::test {

// The whole content of a file ("" if it cannot be read).
std::string read_text(const std::filesystem::path& path);
// Replaces the file's content with `content`.
void write_text(const std::filesystem::path& path, const std::string& content);

}  // namespace nb::test
