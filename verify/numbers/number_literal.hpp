#pragma once
// The number literals of case files and their exact values. Three forms, an optional sign first:
//   decimal      digits with an optional point and exponent: "0.1", "-3e-5", "2.", ".5E+3"
//   fraction     two decimal integers: "1/3", "-08/12" (denominator not 0)
//   hexadecimal  a C99 hexadecimal float: "0x1.8p-2", "0X3P-3", "0x.8p1", "0x1.8000000000000p-2",
//                "0x1p-1074"; the binary exponent may be left out ("0x10" is 16), as strtod and
//                Python's float.fromhex allow. It must denote a binary64 value: a hexadecimal
//                number is how binary64 data is written, so one that is not (too many
//                significant bits, out of range) is more likely a mistake than a rational meant
//                exactly; fractions and decimals write every other rational.
// Read by a hand-written scanner, one pass over the text without recursion (libstdc++'s
// std::regex recursed once per character and overflowed the stack on literals of a few ten
// thousand characters), which also hands over the parts the exact value is built from.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "verify/numbers/rational.hpp"

namespace nb {

// Limits that keep one literal from costing unbounded time or memory (a 10^(10^7) integer for
// "1e-10000000"). Each bounds what the text asks for, not the value.
inline constexpr std::size_t kMaxLiteralDigits = 10000;      // digits of the significand (of both integers of a fraction)
inline constexpr std::int64_t kMaxLiteralExponent = 10000;   // |exponent| written in a decimal literal

// The exact value of `text`. Throws InputError naming
// `where` when the text is not a literal of the forms above, divides by zero, is a hexadecimal
// number that is not a binary64 value, or exceeds a limit (the message names the limit and its
// value).
Rational read_number_literal(std::string_view text, const std::string& where);

}  // namespace nb
