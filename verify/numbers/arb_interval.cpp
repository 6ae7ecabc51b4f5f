#include "verify/numbers/arb_interval.hpp"

namespace nb {

ArbInterval ArbInterval::applied(void (*f)(arb_ptr, arb_srcptr, slong), const ArbInterval& x) {
  ArbInterval r;
  f(r.x_, x.x_, precision_);
  return r;
}

ArbInterval ArbInterval::square(const ArbInterval& x) {
  if (x.is_nan()) return unknown();
  ArbInterval r;
  arb_sqr(r.x_, x.x_, precision_);
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arb_get_lbound_arf(lo, r.x_, precision_);
  if (arf_sgn(lo) < 0) {
    arb_get_ubound_arf(hi, r.x_, precision_);
    arf_zero(lo);
    r = from_ends(lo, hi);
  }
  arf_clear(lo);
  arf_clear(hi);
  return r;
}

ArbInterval ArbInterval::from_ends(const arf_t lo, const arf_t hi) {
  ArbInterval r;
  if (arf_is_nan(lo) || arf_is_nan(hi)) return unknown();
  if (!arf_is_finite(lo) || !arf_is_finite(hi)) return whole_line();  // no ball holds a half-line
  arb_set_interval_arf(r.x_, lo, hi, precision_);
  if (arf_sgn(lo) < 0) return r;
  arf_t low_end;
  arf_init(low_end);
  arb_get_lbound_arf(low_end, r.x_, precision_);
  if (arf_sgn(low_end) < 0) {
    // [r +/- r] with r >= hi / 2 (an upper bound rounded to the radius' 30 bits): from exactly 0.
    mag_t half;
    mag_init(half);
    arf_get_mag(half, hi);
    mag_mul_2exp_si(half, half, -1);
    arf_set_mag(arb_midref(r.x_), half);
    mag_swap(arb_radref(r.x_), half);
    mag_clear(half);
  }
  arf_clear(low_end);
  return r;
}

ArbInterval::ArbInterval(const Interval& x) {
  arb_init(x_);
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arf_set_mpfr(lo, lower_end_of(x).backend().data());
  arf_set_mpfr(hi, upper_end_of(x).backend().data());
  *this = from_ends(lo, hi);
  arf_clear(lo);
  arf_clear(hi);
}

ArbInterval operator/(const ArbInterval& a, const ArbInterval& b) {
  ArbInterval r;
  if (a.is_nan() || b.is_nan()) return ArbInterval::unknown();
  if (arb_contains_zero(b.x_)) return ArbInterval::whole_line();
  arb_div(r.x_, a.x_, b.x_, ArbInterval::precision_);
  return r;
}

// Arb: indeterminate when x reaches below 0.
ArbInterval sqrt(const ArbInterval& x) { return ArbInterval::applied(arb_sqrt, x); }

ArbInterval exp(const ArbInterval& x) { return ArbInterval::applied(arb_exp, x); }

// Arb: indeterminate when x reaches 0 or below.
ArbInterval log(const ArbInterval& x) { return ArbInterval::applied(arb_log, x); }

ArbInterval log1p(const ArbInterval& x) { return ArbInterval::applied(arb_log1p, x); }

ArbInterval cosh(const ArbInterval& x) { return ArbInterval::applied(arb_cosh, x); }

ArbInterval abs(const ArbInterval& x) {
  ArbInterval r;
  if (x.is_nan()) return ArbInterval::unknown();
  if (!arb_contains_zero(x.x_)) {
    arb_abs(r.x_, x.x_);
    return r;
  }
  // arb_abs would give [|m| +/- r], which reaches below 0.
  arf_t zero, top;
  arf_init(zero);
  arf_init(top);
  arb_get_abs_ubound_arf(top, x.x_, ArbInterval::precision_);
  r = ArbInterval::from_ends(zero, top);
  arf_clear(zero);
  arf_clear(top);
  return r;
}

}  // namespace nb
