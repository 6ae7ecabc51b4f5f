#pragma once
// The fast path of reading number literals (verify/numbers/number_literal.hpp): a decimal or hexadecimal
// literal whose value is decided with machine integers and one correctly rounded conversion,
// without building its exact rational. A case file or file source holds tens of thousands of
// numbers, and a GMP rational per number was most of the time of reading it.
#include <optional>
#include <string_view>

namespace nb {

// A literal's value as binary64 sees it.
struct Binary64Literal {
  double nearest = 0;  // the literal's value rounded to nearest (ties to even)
  bool exact = false;  // the literal's value is `nearest`
};

// Guarantees: when it returns a value, read_number_literal(text) returns a rational q (it does not
// throw), `nearest` is q rounded to nearest and `exact` is whether q equals `nearest` (-0 reads
// as +0, as the rational 0 converts). It returns nothing, and read_number_literal is left to
// decide (or to refuse with its message), for every other text: fractions, text that is not a
// literal, a hexadecimal number that is not a normal binary64 value, a decimal of more than 19
// significant digits, a non-zero decimal whose rounding is subnormal, zero or beyond binary64's
// range, and anything beyond the literal limits.
std::optional<Binary64Literal> read_binary64_literal(std::string_view text);

}  // namespace nb
