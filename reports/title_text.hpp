#pragma once
// Theorem titles are one line of ASCII in their files ("norm <= 1", "N -> L", "sqrt 2"); reports
// print the symbols those stand for, which the LaTeX escaping sets as math (latex_escape.hpp).
#include <string>

namespace nb::reports {

// `title` with <= ≤, >= ≥, != ≠, -> →, and "sqrt " before a number or a one-letter symbol √
// (sqrt 2: √2, sqrt L: √L).
std::string title_text(const std::string& title);

}  // namespace nb::reports
