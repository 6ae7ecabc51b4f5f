#pragma once
// Every file normbound reads (case files, results files, file sources, text files, checkpoints,
// tokenizer files) is opened here, and only a regular file (symlinks followed) is accepted: a
// FIFO or a terminal would block, /dev/zero would never end and a directory is no file, so each of
// them is refused by name before a byte is read.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace nb {

// The largest file read whole (a 1024 x 1024 file source in decimal is about 25 MB; checkpoints
// are read by byte range, not whole). docs/limits.md.
inline constexpr std::uint64_t kMaxInputFileBytes = std::uint64_t{1} << 31;

// A regular file open for reading (close-on-exec, blocking reads), closed on destruction.
class InputFile {
 public:
  // Opens `path` read-only. Guarantees: descriptor() refers to a regular file. Throws InputError
  // "<path>: <reason>" if the file does not exist or cannot be opened (the system's reason), is a
  // directory, or is not a regular file (it names the kind: FIFO, device, socket). Never blocks,
  // not even on a FIFO without a writer.
  explicit InputFile(const std::filesystem::path& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  int descriptor() const { return descriptor_; }
  // The file's size when it was opened.
  std::uint64_t size() const { return size_; }

 private:
  int descriptor_;
  std::uint64_t size_ = 0;
};

// The whole content of the regular file `path` (opened as InputFile opens it). Guarantees: the
// bytes read from its start to its end, with at least kInputSpareBytes of spare capacity after
// them. Throws InputError as InputFile does, and "<path>: larger than ... bytes" above
// kMaxInputFileBytes, or on a read error.
std::string read_input_file(const std::filesystem::path& path);

// Spare capacity after a file's bytes: simdjson parses a buffer in place when it may read this
// far past its end (SIMDJSON_PADDING), and copies it otherwise.
inline constexpr std::size_t kInputSpareBytes = 64;

// read_input_file, with its InputError's message after "cannot read <what> " (what = "case
// file": "cannot read case file x.json: is a FIFO, expected a file").
std::string read_input_file(const std::filesystem::path& path, const std::string& what);

// read_input_file(path, what) of a file that may hold at most `max_bytes` (<= kMaxInputFileBytes):
// a larger one is refused from its size before a byte is read ("<path>: larger than normbound's
// limit of N bytes for this file").
std::string read_input_file(const std::filesystem::path& path, const std::string& what, std::uint64_t max_bytes);

// read_input_file(path), respectively read_input_file(path, what), and the lower-case hex SHA-256
// of exactly the bytes returned into `sha256`, computed as they are read (one pass over the file).
std::string read_input_file(const std::filesystem::path& path, std::string& sha256);
std::string read_input_file(const std::filesystem::path& path, const std::string& what, std::string& sha256);

// The lower-case hex SHA-256 of the regular file `path` (opened as InputFile opens it), read in
// chunks: for files of any size, such as checkpoints that are otherwise read by byte range.
// Throws InputError as InputFile does, or on a read error.
std::string input_file_sha256(const std::filesystem::path& path);

}  // namespace nb
