#pragma once
// Text broken at spaces into lines that fit a width, for tables printed to a terminal.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace nb::cli {

// Columns `text` takes on a terminal: its UTF-8 code points.
std::size_t columns(std::string_view text);

// `text` as lines of at most `width` columns (the first of at most `first_width`, by default the
// same), broken at spaces; a word wider than its line has a line of its own, whole (an id or a
// formula is not cut). No line for empty text.
std::vector<std::string> wrapped(std::string_view text, std::size_t width);
std::vector<std::string> wrapped(std::string_view text, std::size_t width, std::size_t first_width);

// One line of text fitted to `width` columns: unchanged when it fits; else its first `head`
// characters (a column of names, or the indentation) start the first line, what follows them is
// broken at spaces, and every further line is indented by `indent` spaces; a first word too wide
// for the first line's rest but not for a further line starts the second line. Each line ends in a
// newline. At least 10 columns are left for the text, however narrow the width.
std::string hanging_lines(std::string_view line, std::size_t width, std::size_t head, std::size_t indent);

// A shell command after the label `head` ("  replay  ") in lines of at most `width` columns,
// broken at spaces, each line but the last ending in " \" so that a shell pasted them reads one
// command, the further lines indented by `indent` spaces. The command must quote no space (a
// break inside quotes would change it); a word wider than its line stays whole.
std::string shell_lines(std::string_view head, std::string_view command, std::size_t width, std::size_t indent);

// Every line of `text` fitted to `width` as hanging_lines does, its continuations indented by the
// line's own indentation and `extra` more; a short label aligned by a run of spaces at the start
// ("  slack   in") is kept as it is.
std::string fitted_lines(std::string_view text, std::size_t width, std::size_t extra = 2);

}  // namespace nb::cli
