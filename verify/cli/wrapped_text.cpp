#include "verify/cli/wrapped_text.hpp"

#include <algorithm>

namespace nb::cli {

std::size_t columns(std::string_view text) {
  return std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

std::vector<std::string> wrapped(std::string_view text, std::size_t width) { return wrapped(text, width, width); }

std::vector<std::string> wrapped(std::string_view text, std::size_t width, std::size_t first_width) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  std::size_t last_columns = 0;  // of lines.back(), kept as it grows: counting it again per word was O(n^2)
  while (at < text.size()) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    const std::string_view word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const std::size_t word_columns = columns(word);
    if (!lines.empty() && last_columns + 1 + word_columns <= (lines.size() == 1 ? first_width : width)) {
      lines.back().append(" ").append(word);
      last_columns += 1 + word_columns;
    } else {
      lines.emplace_back(word);
      last_columns = word_columns;
    }
  }
  return lines;
}

std::string hanging_lines(std::string_view line, std::size_t width, std::size_t head, std::size_t indent) {
  if (columns(line) <= width) return std::string(line) + "\n";
  head = std::min(head, line.size());
  std::string out(line.substr(0, head));
  const std::size_t first_width = std::max<std::size_t>(width > columns(out) ? width - columns(out) : 0, 10);
  const std::size_t other_width = std::max<std::size_t>(width > indent ? width - indent : 0, 10);
  // A first word too wide for the rest of the first line (a path after "saved") starts the next.
  const std::string_view rest = line.substr(head);
  const std::size_t first_word = columns(rest.substr(0, std::min(rest.find(' ', rest.find_first_not_of(' ')), rest.size())));
  const bool below =
      first_word > first_width && other_width > first_width && out.find_first_not_of(' ') != std::string::npos;
  if (below) out.erase(out.find_last_not_of(' ') + 1).append("\n");
  const std::vector<std::string> pieces = wrapped(rest, other_width, below ? other_width : first_width);
  for (std::size_t i = 0; i < pieces.size(); ++i)
    out += (i || below ? std::string(indent, ' ') : "") + pieces[i] + "\n";
  return pieces.empty() ? out + "\n" : out;
}

std::string shell_lines(std::string_view head, std::string_view command, std::size_t width, std::size_t indent) {
  std::string out(head);
  if (columns(head) + columns(command) <= width) return out.append(command) + "\n";
  // Two columns of each line for its " \".
  const std::size_t first_width = std::max<std::size_t>(width > columns(head) + 2 ? width - columns(head) - 2 : 0, 10);
  const std::size_t other_width = std::max<std::size_t>(width > indent + 2 ? width - indent - 2 : 0, 10);
  const std::vector<std::string> pieces = wrapped(command, other_width, first_width);
  for (std::size_t i = 0; i < pieces.size(); ++i)
    out += (i ? std::string(indent, ' ') : "") + pieces[i] + (i + 1 < pieces.size() ? " \\\n" : "\n");
  return out;
}

std::string fitted_lines(std::string_view text, std::size_t width, std::size_t extra) {
  std::string out;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    const std::size_t own = std::min(line.find_first_not_of(' '), line.size());
    // A label aligned by a run of spaces ("  slack   in [...]") stays as it is.
    const std::size_t gap = line.find("  ", own);
    const std::size_t aligned = gap == std::string_view::npos ? own : line.find_first_not_of(' ', gap);
    const std::size_t head = aligned != std::string_view::npos && aligned <= own + 12 ? aligned : own;
    out += hanging_lines(line, width, head, own + extra);
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return out;
}

}  // namespace nb::cli
