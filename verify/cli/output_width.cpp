#include "verify/cli/output_width.hpp"

#include <charconv>
#include <cstdlib>
#include <cstring>

#include <sys/ioctl.h>
#include <unistd.h>

#include "verify/cli/shown_descriptor.hpp"

namespace nb::cli {

std::optional<std::size_t> output_width(bool terminal, std::size_t window_columns, const char* columns) {
  if (columns != nullptr) {
    std::size_t width = 0;
    const char* end = columns + std::strlen(columns);
    const auto [stop, error] = std::from_chars(columns, end, width);
    if (error == std::errc() && stop == end && width > 0) return width;
  }
  if (!terminal) return std::nullopt;
  return window_columns > 0 ? window_columns : 80;
}

std::optional<std::size_t> output_width_of(int fd) {
  const ShownDescriptor shown(fd);
  const bool terminal = ::isatty(shown.get()) != 0;
  winsize window{};
  const std::size_t window_columns = terminal && ::ioctl(shown.get(), TIOCGWINSZ, &window) == 0 ? window.ws_col : 0;
  return output_width(terminal, window_columns, std::getenv("COLUMNS"));
}

std::optional<std::size_t> standard_output_width() { return output_width_of(STDOUT_FILENO); }

}  // namespace nb::cli
