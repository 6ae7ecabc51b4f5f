#include "verify/io/input_file.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verify/io/errors.hpp"
#include "verify/io/sha256.hpp"

namespace nb {
namespace {

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "neither a regular file nor a directory";
}

}  // namespace

InputFile::InputFile(const std::filesystem::path& path) {
  // O_NONBLOCK only for the open itself: opening a FIFO without a writer would block forever.
  descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (descriptor_ < 0) throw InputError(path.string() + ": cannot open (" + std::strerror(errno) + ")");
  struct stat status {};
  const bool known = ::fstat(descriptor_, &status) == 0;
  if (!known || !S_ISREG(status.st_mode)) {
    const std::string why = known ? std::string("is ") + file_kind(status.st_mode) + ", expected a file"
                                  : std::string("cannot read its status (") + std::strerror(errno) + ")";
    ::close(descriptor_);
    throw InputError(path.string() + ": " + why);
  }
  ::fcntl(descriptor_, F_SETFL, ::fcntl(descriptor_, F_GETFL) & ~O_NONBLOCK);
  size_ = static_cast<std::uint64_t>(status.st_size);
}

InputFile::~InputFile() { ::close(descriptor_); }

namespace {

// Reads the file `path` from its start to its end, passing each chunk to chunk_read(data, size).
template <class ChunkRead>
void read_chunks(const InputFile& file, const std::filesystem::path& path, ChunkRead chunk_read) {
  // Read to the end rather than trusting st_size, which a concurrent writer can invalidate.
  char chunk[1 << 16];
  while (true) {
    const ::ssize_t got = ::read(file.descriptor(), chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(path.string() + ": read error (" + std::strerror(errno) + ")");
    if (got == 0) break;
    chunk_read(chunk, static_cast<std::size_t>(got));
  }
}

// The whole file, each chunk also passed to chunk_read(data, size) as it arrives; refused before a
// byte is read where it is larger than `max_bytes` (and where it grows past them while read).
template <class ChunkRead>
std::string read_whole_file(const std::filesystem::path& path, ChunkRead chunk_read,
                            std::uint64_t max_bytes = kMaxInputFileBytes) {
  const InputFile file(path);
  const auto too_large = [&] {
    return InputError(path.string() + ": larger than normbound's limit of " + std::to_string(max_bytes) +
                      " bytes for " + (max_bytes == kMaxInputFileBytes ? "a file read whole" : "this file") +
                      " (docs/limits.md)");
  };
  if (file.size() > max_bytes) throw too_large();
  std::string bytes;
  bytes.reserve(static_cast<std::size_t>(file.size()) + kInputSpareBytes);
  read_chunks(file, path, [&](const char* data, std::size_t size) {
    if (bytes.size() + size > max_bytes) throw too_large();
    bytes.append(data, size);
    chunk_read(data, size);
  });
  if (bytes.capacity() - bytes.size() < kInputSpareBytes) bytes.reserve(bytes.size() + kInputSpareBytes);
  return bytes;
}

}  // namespace

std::string read_input_file(const std::filesystem::path& path) {
  return read_whole_file(path, [](const char*, std::size_t) {});
}

std::string read_input_file(const std::filesystem::path& path, std::string& sha256) {
  Sha256 hash;
  std::string bytes = read_whole_file(path, [&](const char* data, std::size_t size) { hash.update(data, size); });
  sha256 = hash.hex_digest();
  return bytes;
}

std::string input_file_sha256(const std::filesystem::path& path) {
  const InputFile file(path);
  Sha256 hash;
  read_chunks(file, path, [&](const char* data, std::size_t size) { hash.update(data, size); });
  return hash.hex_digest();
}

namespace {

// read(), with its InputError's message after "cannot read <what> ".
template <class Read>
std::string read_named(const std::string& what, Read read) {
  try {
    return read();
  } catch (const InputError& e) {
    throw InputError("cannot read " + what + " " + e.what());
  }
}

}  // namespace

std::string read_input_file(const std::filesystem::path& path, const std::string& what) {
  return read_named(what, [&] { return read_input_file(path); });
}

std::string read_input_file(const std::filesystem::path& path, const std::string& what, std::uint64_t max_bytes) {
  return read_named(what, [&] { return read_whole_file(path, [](const char*, std::size_t) {}, max_bytes); });
}

std::string read_input_file(const std::filesystem::path& path, const std::string& what, std::string& sha256) {
  return read_named(what, [&] { return read_input_file(path, sha256); });
}

}  // namespace nb
