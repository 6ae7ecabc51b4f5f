#include "verify/engine/outcome.hpp"

#include "verify/engine/slack.hpp"

namespace nb {

EnclosureText enclosure_text(const Mpfr& lo, const Mpfr& hi, int digits) {
  EnclosureText t;
  t.lo = decimal_down(lo, digits);
  t.hi = decimal_up(hi, digits);
  const Mpfr mid = (lo + hi) / 2;
  t.approx = is_finite_value(mid) ? mid.convert_to<double>() : std::numeric_limits<double>::quiet_NaN();
  return t;
}

EnclosureText enclosure_text(const DoubleInterval& x) {
  return enclosure_text(mpfr_rounded_down(x.lower()), mpfr_rounded_up(x.upper()), kBinary64EnclosureDigits);
}

EnclosureText enclosure_text(const Interval& x) { return enclosure_text(lower_end_of(x), upper_end_of(x)); }

EnclosureText enclosure_text(double x) {
  const Mpfr m = point_of<Mpfr>(x);
  return enclosure_text(m, m);
}

bool slack_is_exactly_zero(const CaseOutcome& o) { return o.slack.lo == "0" && o.slack.hi == "0"; }

std::string exact_outcome_reason(const std::string& exact) {
  if (exact.rfind(kExactUndecided, 0) == 0) return exact.substr(kExactUndecided.size());
  return exact.empty() ? "not tried" : exact;
}

}  // namespace nb
