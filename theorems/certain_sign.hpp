#pragma once
// Deciding the sign of an exact quantity from its interval enclosure, for assumption checks that
// compare exact inputs (|l_i| <= a, l_i > -s, 0 < p < 1) without trusting a rounding.
#include <string>

#include "verify/errors.hpp"
#include "verify/numbers.hpp"

namespace nb::theorems {

// The sign (-1, 0 or +1) of the exact number that `x` encloses: 0 only when x is exactly [0, 0]
// (the exact difference of two equal binary64 inputs is), otherwise the sign of both ends.
// Throws InputError naming `what` when x straddles 0 without being [0, 0]: the quantity is then
// too close to 0 to decide at the working precision.
inline int certain_sign(const Interval& x, const std::string& what) {
  const Mpfr hi = upper_end_of(x), lo = -upper_end_of(Interval(-x));
  if (!is_finite_value(x)) throw InputError(what + " is not a finite number");
  if (lo == 0 && hi == 0) return 0;
  if (lo > 0) return 1;
  if (hi < 0) return -1;
  throw InputError(what + " is too close to 0 to decide its sign at " +
                   std::to_string(working_precision()) + " bits");
}

}  // namespace nb::theorems
