#pragma once
// Indicators of comparisons, for counts such as "how many distances are below r", written once
// for every number type without deciding an uncertain interval comparison.
#include "verify/numbers/arb_numbers.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb {

// 1{a < b}. For points the exact indicator. For intervals: [1, 1] if a < b for every point of
// the enclosures, [0, 0] if a >= b for every point, otherwise [0, 1] (unknown, so a count built
// from it stays an enclosure and a verdict that depends on it stays undecided).
inline double indicator_less(double a, double b) { return a < b ? 1.0 : 0.0; }
inline Mpfr indicator_less(const Mpfr& a, const Mpfr& b) { return a < b ? Mpfr(1) : Mpfr(0); }
// For ExactReal the exact indicator, unknown when Calcium cannot order a and b.
inline ExactReal indicator_less(const ExactReal& a, const ExactReal& b) {
  const ExactReal lower = min_of(a, b);
  if (!lower.is_number()) return ExactReal::unknown("comparison Calcium could not decide");
  return a < b ? ExactReal(1) : ExactReal(0);
}
inline Interval indicator_less(const Interval& a, const Interval& b) {
  if (mpfi_is_strictly_pos(Interval(b - a).backend().data())) return Interval(1);
  if (mpfi_is_nonneg(Interval(a - b).backend().data())) return Interval(0);
  Interval unknown;
  mpfi_interv_si(unknown.backend().data(), 0, 1);
  return unknown;
}
// For Arb balls (region proofs) as for Interval, on the balls' ends.
inline ArbInterval indicator_less(const ArbInterval& a, const ArbInterval& b) {
  if (upper_end_of(a) < lower_end_of(b)) return ArbInterval(1);
  if (lower_end_of(a) >= upper_end_of(b)) return ArbInterval(0);
  return ArbInterval(between(Mpfr(0), Mpfr(1)));
}
inline DoubleInterval indicator_less(const DoubleInterval& a, const DoubleInterval& b) {
  if (a.is_nan() || b.is_nan()) return DoubleInterval::from_ends(0, 1);
  if (a.upper() < b.lower()) return DoubleInterval(1);
  if (a.lower() >= b.upper()) return DoubleInterval(0);
  return DoubleInterval::from_ends(0, 1);
}

}  // namespace nb
