#pragma once
// The intersection of two enclosures of one number, for interval types R (DoubleInterval,
// Interval): where several forms enclose one number (natural and mean-value forms in region proofs,
// the softmax Jacobian norm's bounds over a box), their meet holds it too.
#include <type_traits>

#include "verify/numbers/numbers.hpp"

namespace nb {

template <class E>
bool end_is_nan(const E& x) {
  return !(x == x);  // NaN is the only value unequal to itself (also for Boost's Mpfr)
}

// a meet b, which holds the number when both do; one that is unknown (NaN) leaves the other;
// disjoint ones are unknown (NaN), as one of them is wrong. R is a's type: b converts to it (for
// R = ArbInterval, between(lo, hi) of Mpfr ends gives an Interval).
template <class R>
R intersection(const R& a, const std::type_identity_t<R>& b) {
  const auto alo = lower_end_of(a), ahi = upper_end_of(a), blo = lower_end_of(b), bhi = upper_end_of(b);
  if (end_is_nan(alo) || end_is_nan(ahi)) return b;
  if (end_is_nan(blo) || end_is_nan(bhi)) return a;
  const auto lo = alo > blo ? alo : blo;
  const auto hi = ahi < bhi ? ahi : bhi;
  if (lo > hi) return not_a_number<R>();
  return between(lo, hi);
}

}  // namespace nb
