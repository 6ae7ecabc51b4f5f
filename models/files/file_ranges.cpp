#include "models/files/file_ranges.hpp"

#include <cerrno>
#include <cstring>

#include <unistd.h>

#include "verify/io/errors.hpp"

namespace nb::files {

FileRanges::FileRanges(const std::filesystem::path& path) : path_(path.string()), file_(path) {}

void FileRanges::read(std::uint64_t offset, std::span<std::byte> out) const {
  std::size_t done = 0;
  while (done < out.size()) {
    const ::ssize_t got = ::pread(file_.descriptor(), out.data() + done, out.size() - done, static_cast<::off_t>(offset + done));
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
