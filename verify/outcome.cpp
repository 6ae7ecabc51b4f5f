#include "verify/outcome.hpp"

#include "verify/slack.hpp"

namespace nb {

EnclosureText enclosure_text(const Mpfr& lo, const Mpfr& hi) {
  EnclosureText t;
  t.lo = decimal_down(lo, kEnclosureDigits);
  t.hi = decimal_up(hi, kEnclosureDigits);
  const Mpfr mid = (lo + hi) / 2;
  t.approx = is_finite_value(mid) ? mid.convert_to<double>() : std::numeric_limits<double>::quiet_NaN();
  return t;
}

EnclosureText enclosure_text(const Interval& x) {
  Mpfr lo, hi;
  mpfi_get_left(lo.backend().data(), x.backend().data());
  mpfi_get_right(hi.backend().data(), x.backend().data());
  return enclosure_text(lo, hi);
}

EnclosureText enclosure_text(double x) {
  const Mpfr m = point_of<Mpfr>(x);
  return enclosure_text(m, m);
}

}  // namespace nb
