#pragma once
// Random binary64 intervals with ends of every magnitude, the operands of the enclosure tests of
// the interval types (double_interval_test.cpp, arb_interval_test.cpp).
#include <algorithm>
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "verify/numbers/double_interval.hpp"

namespace nb {

// A random double of random sign and magnitude 2^[lo_exp, hi_exp].
inline double random_magnitude(random::Rng& rng, int lo_exp, int hi_exp) {
  const double m = random::uniform(rng, 1.0, 2.0);
  const int e = static_cast<int>(random::uniform_index(rng, 0, static_cast<std::size_t>(hi_exp - lo_exp))) + lo_exp;
  return (rng() & 1 ? -1.0 : 1.0) * std::ldexp(m, e);
}

// An interval of random ends, a point one time in four.
inline DoubleInterval random_interval(random::Rng& rng, int lo_exp, int hi_exp) {
  const double a = random_magnitude(rng, lo_exp, hi_exp);
  if (rng() % 4 == 0) return DoubleInterval(a);
  const double b = rng() % 2 ? a + random_magnitude(rng, lo_exp - 30, hi_exp) : random_magnitude(rng, lo_exp, hi_exp);
  return DoubleInterval::from_ends(std::min(a, b), std::max(a, b));
}

}  // namespace nb
