#pragma once
// An open file read by byte ranges, for readers of large files that need only parts of them (a
// GPT-2 checkpoint of which one layer is used): only the bytes asked for are read.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "verify/io/input_file.hpp"

namespace nb::files {

class FileRanges {
 public:
  // Opens the regular file at `path` for reading (nb::InputFile). Throws nb::InputError naming
  // `path` if it does not exist, is not a regular file or cannot be opened.
  explicit FileRanges(const std::filesystem::path& path);

  const std::string& path() const { return path_; }

  // The file's size in bytes when it was opened.
  std::uint64_t size() const { return file_.size(); }

  // Fills `out` with the bytes at [offset, offset + out.size()). Safe to call from several
  // threads at once (positioned reads share no file offset). Throws nb::InputError naming the
  // path if the file now ends before that range (truncated since it was opened) or cannot be read.
  void read(std::uint64_t offset, std::span<std::byte> out) const;

 private:
  std::string path_;
  InputFile file_;
};

}  // namespace nb::files
