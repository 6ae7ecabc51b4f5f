#pragma once
// Escaping for LaTeX text, so that case labels, ids, paths and commands typeset as written and
// cannot inject commands. Output is 7-bit ASCII (the document uses the default OT1 encoding, which
// has no glyphs for other characters).
#include <string>

#include "reports/rich_text.hpp"

namespace nb::reports {

// `text` as LaTeX text: \ { } $ & # % _ ^ ~ < > | and " become their text commands, line breaks
// and tabs spaces, ≈ ‖ − √ ε ≤ ≥ ≠ → their math symbols, and each other non-ASCII UTF-8 character
// "<U+XXXX>" (invalid bytes and other control characters, ESC, "<0xXX>").
std::string latex_escape(const std::string& text);

// `text` in \texttt, escaped the same way but with the typewriter font's own glyphs for
// \ { } < > | _ ^ ~ " (so copying from the PDF gives the text back), and with break points after
// / , = and hyphens inside words, after every 16 letters or digits in a row, and after each "<U+XXXX>", so that long paths and commands wrap
// inside cells and lines.
std::string latex_code(const std::string& text);

// Plain runs escaped, code runs as latex_code, strong runs in \textbf.
std::string latex_rich(const RichText& text);

}  // namespace nb::reports
