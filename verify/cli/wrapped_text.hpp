#pragma once
// Text broken at spaces into lines that fit a width, for tables printed to a terminal.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace nb::cli {

// Columns `text` takes on a terminal: its UTF-8 code points.
std::size_t columns(std::string_view text);

// `text` as lines of at most `width` columns, broken at spaces; a word wider than `width` has a
// line of its own, whole (an id or a formula is not cut). No line for empty text.
std::vector<std::string> wrapped(std::string_view text, std::size_t width);

}  // namespace nb::cli
