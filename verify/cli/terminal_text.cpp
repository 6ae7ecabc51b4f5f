#include "verify/cli/terminal_text.hpp"

#include <cstdio>

namespace nb::cli {

std::string terminal_safe(std::string_view text) {
  std::string safe;
  safe.reserve(text.size());
  char escaped[8];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7f) {
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      safe += escaped;
    } else if (byte == 0xc2 && next >= 0x80 && next <= 0x9f) {  // UTF-8 of U+0080..U+009F
      std::snprintf(escaped, sizeof escaped, "\\u%04x", next);
      safe += escaped;
      ++i;
    } else {
      safe += text[i];
    }
  }
  return safe;
}

}  // namespace nb::cli
