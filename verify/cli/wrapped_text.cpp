#include "verify/cli/wrapped_text.hpp"

#include <algorithm>

namespace nb::cli {

std::size_t columns(std::string_view text) {
  return std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

std::vector<std::string> wrapped(std::string_view text, std::size_t width) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  std::size_t last_columns = 0;  // of lines.back(), kept as it grows: counting it again per word was O(n^2)
  while (at < text.size()) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    const std::string_view word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const std::size_t word_columns = columns(word);
    if (!lines.empty() && last_columns + 1 + word_columns <= width) {
      lines.back().append(" ").append(word);
      last_columns += 1 + word_columns;
    } else {
      lines.emplace_back(word);
      last_columns = word_columns;
    }
  }
  return lines;
}

}  // namespace nb::cli
