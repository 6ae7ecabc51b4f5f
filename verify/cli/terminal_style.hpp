#pragma once
// How text for a person is fitted to where it goes: the width of a terminal (or COLUMNS) and
// whether verdict words are coloured. Files and pipes without COLUMNS get the text as it is.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace nb::cli {

struct TerminalStyle {
  std::optional<std::size_t> width;  // none: lines as long as they come (--wide, or no terminal)
  bool colour = false;
};

// The style of the file descriptor `fd`: its output_width_of (none when `wide`), and
// colour_wanted_for it.
TerminalStyle terminal_style_of(int fd, bool wide);

// `text` made safe for a terminal (terminal_safe), each line fitted to the width (fitted_lines:
// continuations indented under the line's text), then its verdict words coloured when asked.
std::string styled(std::string_view text, const TerminalStyle& style);

}  // namespace nb::cli
