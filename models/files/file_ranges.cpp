#include "models/files/file_ranges.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verify/errors.hpp"

namespace nb::files {

FileRanges::FileRanges(const std::filesystem::path& path) : path_(path.string()) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path_ + ": is a directory, expected a file");
  descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor_ < 0) throw InputError(path_ + ": cannot open (" + std::strerror(errno) + ")");
  struct stat status {};
  if (::fstat(descriptor_, &status) != 0) {
    const std::string why = std::strerror(errno);
    ::close(descriptor_);
    throw InputError(path_ + ": cannot read its size (" + why + ")");
  }
  size_ = static_cast<std::uint64_t>(status.st_size);
}

FileRanges::~FileRanges() { ::close(descriptor_); }

void FileRanges::read(std::uint64_t offset, std::span<std::byte> out) const {
  std::size_t done = 0;
  while (done < out.size()) {
    const ::ssize_t got = ::pread(descriptor_, out.data() + done, out.size() - done, static_cast<::off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(path_ + ": read error at byte " + std::to_string(offset + done) + " (" + std::strerror(errno) + ")");
    if (got == 0) {
      throw InputError(path_ + ": ends at byte " + std::to_string(offset + done) + ", before the " +
                       std::to_string(out.size()) + " bytes at " + std::to_string(offset) +
                       " (truncated while it was read?)");
    }
    done += static_cast<std::size_t>(got);
  }
}

}  // namespace nb::files
