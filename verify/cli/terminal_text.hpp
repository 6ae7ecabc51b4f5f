#pragma once
// Text from input files (case labels, input names, tensor names, tokens) reaches the terminal in
// verdict tables and error messages; escape sequences in it must not move the cursor, recolour,
// retitle or rewrite what the terminal shows.
#include <string>
#include <string_view>

namespace nb::cli {

// `text` with every control character written as a visible escape: C0 controls other than
// newline and tab, and DEL, as \xHH (ESC is \x1b); the C1 controls U+0080..U+009F, which some
// terminals obey in UTF-8 too, as \u0080..\u009f. Everything else, other UTF-8 included, is kept.
std::string terminal_safe(std::string_view text);

}  // namespace nb::cli
