#pragma once
// Assumption checks of the form "x is a scalar > 0" on exact inputs, decided in exact rationals
// (verify/numbers/rational.hpp): 1e-400 is positive, and nothing is too close to 0 to decide.
#include <string>

#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb::theorems {

// The exact value of the case's scalar `name`. Throws InputError unless it is a scalar > 0; the
// message calls it `what` (default: its name).
inline Rational positive_scalar(const Case& c, const std::string& name, const std::string& what = "") {
  const std::string shown = what.empty() ? name : what;
  const ExactTensor& x = c.number(name);
  if (x.size() != 1) throw InputError(shown + " must be a scalar");
  Rational value = x.exact(0);
  if (value <= 0) throw InputError(shown + " must be > 0 (got " + decimal_text(x, 0) + ")");
  return value;
}

}  // namespace nb::theorems
