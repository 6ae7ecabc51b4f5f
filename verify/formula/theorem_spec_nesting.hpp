#pragma once
// The limits a theorem file's text must keep before toml++ parses it. toml++ recurses once per level
// of the tree it builds (and again when it frees it), and nothing in it bounds the levels that
// dotted keys and table headers make: `[a.a.a. ... .a]` with 50,000 keys overflowed the stack. So
// the text is measured first, by a scan that recurses nowhere (docs/limits.md).
#include <cstddef>
#include <string>

namespace nb::formula {

// The most bytes of a theorem file (normbound's own are under 2 KB).
inline constexpr std::size_t kMaxTheoremFileBytes = std::size_t{1} << 20;
// The deepest a theorem file's tree may be: the keys of a table header, then of a dotted key, then
// each array and inline table inside a value, all counted together (normbound's own files nest 3).
inline constexpr std::size_t kMaxTheoremFileDepth = 64;

// Throws InputError "FILE: ... bytes" when `text` (of the file `file`) is longer than
// kMaxTheoremFileBytes, and "FILE:LINE:COLUMN: ... nested deeper than ..." at the first place
// where the tree TOML makes of it would be deeper than kMaxTheoremFileDepth. A text that is no
// TOML is left to the parser; what is measured then is still an upper bound of what it builds.
void check_theorem_file_nesting(const std::string& text, const std::string& file);

}  // namespace nb::formula
