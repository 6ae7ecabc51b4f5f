#pragma once
// SlackEnclosure: how far a claim is from failing, as a certified interval.
//   slack = bound - value   for value <= bound and value < bound,
//   slack = value - bound   for value >= bound and value > bound,
//   slack = bound - value   for value = bound (any non-zero slack refutes it).
// The claim holds iff slack >= 0 (> 0 for strict relations, = 0 for equality).
//   relative = slack / |bound| when the enclosure of |bound| excludes 0; when it does not,
//   relative = slack (absolute) and `relative_is_absolute` says so.
// Ends are MPFR numbers rounded outward, so [lo, hi] contains the exact slack whenever the
// claim's enclosures contain the exact value and bound. An end may be infinite: the overflow of a
// valid enclosure (binary64's beyond DBL_MAX, MPFR's beyond about 10^323228496), which bounds
// nothing on its side while the other end still does; a NaN end means unknown.
#include <string>

#include "verify/numbers/numbers.hpp"
#include "verify/engine/sides.hpp"

namespace nb {

struct SlackEnclosure {
  Mpfr lo, hi;                    // enclosure of the slack
  Mpfr relative_lo, relative_hi;  // enclosure of the relative slack
  bool relative_is_absolute = false;
  Mpfr bound_magnitude;           // upper end of |bound|, the scale that TIGHT is measured against
  bool known = true;              // false if an end of the slack or of |bound| is NaN: nothing is certain
};

// For R = Interval or DoubleInterval (whose ends are exact in Mpfr at any precision >= 53 bits).
// The relative slack has the sign that the slack is certain to have (slack / |bound| with
// |bound| > 0), also where the division cannot tell (a quotient of two unbounded enclosures).
template <class R>
SlackEnclosure slack_of(const Claim<R>& claim);

// The slack of a claim in its own number type: bound - value, or value - bound for >= and >.
template <class R>
R slack_value(const Claim<R>& claim) {
  const bool value_minus_bound = claim.relation == Relation::GreaterEqual || claim.relation == Relation::Greater;
  return value_minus_bound ? R(claim.value - claim.bound) : R(claim.bound - claim.value);
}

// Decimal text of x with `digits` (>= 2) significant digits, rounded toward -inf (down) or +inf
// (up), so that printed enclosures stay enclosures; laid out as printf's %g. NaN prints "nan",
// infinities "inf"/"-inf".
std::string decimal_down(const Mpfr& x, int digits = 17);
std::string decimal_up(const Mpfr& x, int digits = 17);
// Round-to-nearest decimal text of x with `digits` significant digits (for display only).
std::string decimal_near(const Mpfr& x, int digits = 6);

// printf's %g layout, at `precision`, of the non-zero decimal (-1)^negative * 0.d1d2... * 10^exponent
// whose `digits` d1 != 0 ... (no trailing zeros, at most `precision` of them) are given: fixed
// notation when the leading digit's exponent is in -4..precision-1, else d.ddde[+|-]XX.
std::string percent_g_layout(bool negative, const std::string& digits, long exponent, int precision);

}  // namespace nb
