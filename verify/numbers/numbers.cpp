#include "verify/numbers/numbers.hpp"

#include <cmath>

#include <boost/multiprecision/detail/digits.hpp>

namespace nb {

template <>
double not_a_number<double>() {
  return std::numeric_limits<double>::quiet_NaN();
}
template <>
Mpfr not_a_number<Mpfr>() {
  Mpfr r;
  mpfr_set_nan(r.backend().data());
  return r;
}
template <>
Interval not_a_number<Interval>() {
  Interval r;
  mpfi_set_fr(r.backend().data(), not_a_number<Mpfr>().backend().data());
  return r;
}


unsigned set_working_precision(unsigned bits) {
  // Smallest digits10 whose binary precision (as Boost computes it) reaches `bits`.
  unsigned digits10 = static_cast<unsigned>(boost::multiprecision::detail::digits2_2_10(bits));
  while (boost::multiprecision::detail::digits10_2_2(digits10) < bits) ++digits10;
  Mpfr::thread_default_precision(digits10);
  Interval::thread_default_precision(digits10);
  return working_precision();
}

unsigned working_precision() {
  Interval probe;
  return static_cast<unsigned>(mpfi_get_prec(probe.backend().data()));
}

namespace {
// Applies `pick` (mpfr_max or mpfr_min) to the two left ends rounding down and to the two right
// ends rounding up: the enclosure of the pointwise maximum (minimum) of two intervals.
template <class Pick>
Interval pick_ends(const Interval& a, const Interval& b, Pick pick) {
  if (mpfi_nan_p(a.backend().data()) || mpfi_nan_p(b.backend().data())) return not_a_number<Interval>();
  Mpfr al, ar, bl, br, lo, hi;
  mpfi_get_left(al.backend().data(), a.backend().data());
  mpfi_get_right(ar.backend().data(), a.backend().data());
  mpfi_get_left(bl.backend().data(), b.backend().data());
  mpfi_get_right(br.backend().data(), b.backend().data());
  pick(lo.backend().data(), al.backend().data(), bl.backend().data(), MPFR_RNDD);
  pick(hi.backend().data(), ar.backend().data(), br.backend().data(), MPFR_RNDU);
  Interval r;
  mpfi_interv_fr(r.backend().data(), lo.backend().data(), hi.backend().data());
  return r;
}
}  // namespace

double max_of(double a, double b) { return std::isnan(a) || std::isnan(b) ? a + b : std::max(a, b); }
double min_of(double a, double b) { return std::isnan(a) || std::isnan(b) ? a + b : std::min(a, b); }
Mpfr max_of(const Mpfr& a, const Mpfr& b) { return isnan(a) || isnan(b) ? not_a_number<Mpfr>() : a < b ? b : a; }
Mpfr min_of(const Mpfr& a, const Mpfr& b) { return isnan(a) || isnan(b) ? not_a_number<Mpfr>() : b < a ? b : a; }
Interval max_of(const Interval& a, const Interval& b) { return pick_ends(a, b, mpfr_max); }
Interval min_of(const Interval& a, const Interval& b) { return pick_ends(a, b, mpfr_min); }

std::optional<Interval> intersection_of(const Interval& a, const Interval& b) {
  if (mpfi_nan_p(a.backend().data())) return b;
  if (mpfi_nan_p(b.backend().data())) return a;
  Interval r;
  mpfi_intersect(r.backend().data(), a.backend().data(), b.backend().data());
  if (mpfi_is_empty(r.backend().data())) return std::nullopt;
  return r;
}

Mpfr midpoint_of(const Mpfr& x) { return x; }

Mpfr midpoint_of(const Interval& x) {
  Mpfr m;
  mpfi_mid(m.backend().data(), x.backend().data());
  return m;
}

Mpfr lower_end_of(const Interval& x) {
  Mpfr r;
  mpfi_get_left(r.backend().data(), x.backend().data());
  return r;
}

Mpfr upper_end_of(const Interval& x) {
  Mpfr r;
  mpfi_get_right(r.backend().data(), x.backend().data());
  return r;
}

Mpfr mpfr_rounded_down(double x) {
  Mpfr r;
  mpfr_set_d(r.backend().data(), x, MPFR_RNDD);
  return r;
}

Mpfr mpfr_rounded_up(double x) {
  Mpfr r;
  mpfr_set_d(r.backend().data(), x, MPFR_RNDU);
  return r;
}

template <>
Interval enclosure_of_doubles<Interval>(double lo, double hi) {
  Interval r;
  mpfi_interv_d(r.backend().data(), lo, hi);
  return r;
}

template <>
DoubleInterval enclosure_of_doubles<DoubleInterval>(double lo, double hi) {
  return DoubleInterval::from_ends(lo, hi);
}

Interval between(const Mpfr& lo, const Mpfr& hi) {
  Interval r;
  mpfi_interv_fr(r.backend().data(), lo.backend().data(), hi.backend().data());
  return r;
}

template <>
DoubleInterval not_a_number<DoubleInterval>() {
  return DoubleInterval::unknown();
}

DoubleInterval max_of(const DoubleInterval& a, const DoubleInterval& b) {
  if (a.is_nan() || b.is_nan()) return DoubleInterval::unknown();
  return DoubleInterval::from_ends(std::max(a.lower(), b.lower()), std::max(a.upper(), b.upper()));
}
DoubleInterval min_of(const DoubleInterval& a, const DoubleInterval& b) {
  if (a.is_nan() || b.is_nan()) return DoubleInterval::unknown();
  return DoubleInterval::from_ends(std::min(a.lower(), b.lower()), std::min(a.upper(), b.upper()));
}

// Halves first, so that wide finite ends do not overflow.
double midpoint_of(const DoubleInterval& x) { return x.lower() / 2 + x.upper() / 2; }

template <>
double point_of<double>(const Mpfr& x) {
  return x.convert_to<double>();
}
template <>
Mpfr point_of<Mpfr>(const Mpfr& x) {
  return x;
}
template <>
Interval point_of<Interval>(const Mpfr& x) {
  Interval r;
  mpfi_set_fr(r.backend().data(), x.backend().data());
  return r;
}
template <>
DoubleInterval point_of<DoubleInterval>(const Mpfr& x) {
  return DoubleInterval(x.convert_to<double>());
}
template <>
DoubleInterval point_of<DoubleInterval>(double x) {
  return DoubleInterval(x);
}
template <>
double point_of<double>(double x) {
  return x;
}
template <>
Mpfr point_of<Mpfr>(double x) {
  Mpfr r;
  mpfr_set_d(r.backend().data(), x, MPFR_RNDN);
  return r;
}
template <>
Interval point_of<Interval>(double x) {
  Interval r;
  mpfi_set_d(r.backend().data(), x);
  return r;
}

bool is_finite_value(const Mpfr& x) { return mpfr_number_p(x.backend().data()) != 0; }

bool is_finite_value(const Interval& x) {
  return mpfi_bounded_p(x.backend().data()) != 0 && mpfi_nan_p(x.backend().data()) == 0;
}

}  // namespace nb
