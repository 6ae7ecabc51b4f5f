#include "verify/numbers/rational.hpp"

#include <cmath>

namespace nb {

template <>
double rational_to<double>(const Rational& q) {
  // MPFR at 53 bits with binary64's exponent range, then mpfr_subnormalize: one correct rounding
  // to nearest even below 2^-1022 too (the MPFR manual's emulation of IEEE double). The exponent
  // range is per thread; it is restored before returning.
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t x;
  mpfr_init2(x, 53);
  const int rounding = mpfr_set_q(x, q.backend().data(), MPFR_RNDN);
  mpfr_subnormalize(x, rounding, MPFR_RNDN);
  const double value = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return value;
}

DoubleInterval double_interval_around(double nearest, bool exact) {
  if (exact) return DoubleInterval(nearest);
  return DoubleInterval::from_ends(DoubleInterval::down(nearest), DoubleInterval::up(nearest));
}

template <>
DoubleInterval rational_to<DoubleInterval>(const Rational& q) {
  const double x = rational_to<double>(q);
  return double_interval_around(x, std::isfinite(x) && Rational(x) == q);
}

template <>
Mpfr rational_to<Mpfr>(const Rational& q) {
  Mpfr r;
  mpfr_set_q(r.backend().data(), q.backend().data(), MPFR_RNDN);
  return r;
}

template <>
Interval rational_to<Interval>(const Rational& q) {
  Interval r;
  mpfi_set_q(r.backend().data(), q.backend().data());
  return r;
}

template <>
double integer_to<double>(const Integer& n) {
  return rational_to<double>(Rational(n));
}

template <>
DoubleInterval integer_to<DoubleInterval>(const Integer& n) {
  return rational_to<DoubleInterval>(Rational(n));
}

template <>
Mpfr integer_to<Mpfr>(const Integer& n) {
  Mpfr r;
  mpfr_set_z(r.backend().data(), n.backend().data(), MPFR_RNDN);
  return r;
}

template <>
Interval integer_to<Interval>(const Integer& n) {
  Interval r;
  mpfi_set_z(r.backend().data(), n.backend().data());
  return r;
}

}  // namespace nb
