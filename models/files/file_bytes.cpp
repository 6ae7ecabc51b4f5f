#include "models/files/file_bytes.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>

#include "verify/errors.hpp"

namespace nb::files {

std::vector<std::byte> read_file_bytes(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError(path.string() + ": is a directory, expected a file");
  }
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) {
    throw InputError(path.string() + ": cannot open (" + std::strerror(errno) + ")");
  }
  std::vector<std::byte> bytes;
  const auto expected = std::filesystem::file_size(path, ec);
  if (!ec) bytes.reserve(static_cast<std::size_t>(expected));
  // Read to end of file rather than trusting file_size, which a concurrent writer can invalidate.
  std::byte chunk[1 << 16];
  while (true) {
    const std::size_t got = std::fread(chunk, 1, sizeof chunk, file.get());
    bytes.insert(bytes.end(), chunk, chunk + got);
    if (got < sizeof chunk) break;
  }
  if (std::ferror(file.get())) {
    throw InputError(path.string() + ": read error");
  }
  return bytes;
}

}  // namespace nb::files
