#pragma once
// The position of an enclosure's midpoint on the number line, for ordering cases by slack and
// placing them on log axes. Computed from the decimal text in fixed 128-bit MPFR arithmetic, so
// slacks like 1e-600 (below double's range) keep their order and their log10, and the result does
// not depend on the process's working precision. Never used to decide anything.
#include <optional>

#include "verify/engine/outcome.hpp"

namespace nb {

struct SlackOrder {
  bool finite = false;     // false for NaN or infinite ends: such midpoints sort last
  int sign = 0;            // -1, 0, +1
  double log10_abs = 0.0;  // log10 |midpoint| (meaningless when sign == 0)

  // Numeric order of the midpoints; non-finite ones after all finite ones, equal among themselves.
  bool operator<(const SlackOrder& other) const;
};

SlackOrder slack_order(const EnclosureText& e);

// log10 of the midpoint when it is finite and > 0, else nothing.
std::optional<double> log10_of_positive_midpoint(const EnclosureText& e);

}  // namespace nb
