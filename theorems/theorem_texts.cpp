#include "theorems/theorem_texts.hpp"

#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "verify/engine/process_bytes.hpp"
#include "verify/io/input_file.hpp"

namespace nb::theorems {

int sealed_theorem_texts(const std::vector<TheoremText>& texts) {
  ByteWriter w;
  w.integer(texts.size());
  for (const auto& [path, text] : texts) {
    w.text(path);
    w.text(text);
  }
  const int fd = ::memfd_create("normbound-theorem-texts", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot hold the theorem files' texts");
  for (std::size_t done = 0; done < w.bytes().size();) {
    const ssize_t n = ::write(fd, w.bytes().data() + done, w.bytes().size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      throw std::system_error(error, std::generic_category(), "cannot hold the theorem files' texts");
    }
    done += static_cast<std::size_t>(n);
  }
  ::fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
  return fd;
}

std::vector<TheoremText> read_theorem_texts(const std::string& path) {
  const std::string bytes = read_input_file(path, "theorem texts");
  ByteReader r(bytes);
  std::vector<TheoremText> texts;
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    std::string file = r.text();
    texts.emplace_back(std::move(file), r.text());
  }
  return texts;
}

}  // namespace nb::theorems
