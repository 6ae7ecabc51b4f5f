#pragma once
// Decimal text for reports. Enclosures arrive as decimal text (verify/engine/slack.hpp's decimal_down and
// decimal_up: "nan", "inf", "-inf" or [-]digits[.digits][e[+|-]digits]); shortening them rounds
// the digits themselves, not binary numbers, so a shortened enclosure still encloses. Approximate
// values (medians, settings) print in one fixed style, so every format shows the same text.
#include <cstddef>
#include <string>

#include "verify/engine/outcome.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb::reports {

// `text` rounded to at most `digits` significant digits toward -inf (down) or +inf (up), printed
// like printf's %g (fixed notation for exponents -4..digits-1, else d.ddde[+|-]XX; no trailing
// zeros). "nan", "inf", "-inf" and "0" are returned unchanged. Guarantees: round_down(t) <= t <=
// round_up(t) as numbers. Throws InputError if `text` is not decimal text.
std::string round_decimal_down(const std::string& text, int digits);
std::string round_decimal_up(const std::string& text, int digits);

// "[lo, hi]" with the ends rounded outward to `digits` significant digits: still an enclosure.
std::string short_enclosure(const EnclosureText& e, int digits = 4);
// An enclosure as a reader's number, for sentences: "≈ 0.25" (its midpoint to `digits` significant
// digits) when both ends are finite with one sign, the single value when the ends are equal at
// that precision, else short_enclosure(e, digits) ("[-1e-30, 1e-30]" is not "≈ 0").
std::string approximate_text(const EnclosureText& e, int digits = 6);

// "[lo, hi]" exactly as recorded.
std::string full_enclosure(const EnclosureText& e);

// An approximate value (a median, a figure coordinate) with `decimals` digits after the point;
// "-0.00" is printed "0.00", non-finite values "nan", "inf", "-inf".
std::string fixed_text(double x, int decimals);

// readable_decimal (a binary64 value in decimal for a reader) is verify/numbers/readable_decimal.hpp's.

// A setting such as the near-tight threshold, printed as %g prints it ("0.001").
std::string setting_text(double x);

// "1 case", "3 cases": `n` with the noun in `one` or `many` form.
std::string count_text(std::size_t n, const std::string& one, const std::string& many);

}  // namespace nb::reports
