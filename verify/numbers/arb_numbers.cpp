#include "verify/numbers/arb_numbers.hpp"

#include <flint/fmpq.h>
#include <flint/fmpz.h>

namespace nb {
namespace {

// The ends of x as arf numbers rounded outward at the working precision.
struct ArfEnds {
  arf_t lo, hi;
  explicit ArfEnds(const ArbInterval& x) {
    arf_init(lo);
    arf_init(hi);
    arb_get_lbound_arf(lo, x.data(), ArbInterval::precision());
    arb_get_ubound_arf(hi, x.data(), ArbInterval::precision());
  }
  ArfEnds(const ArfEnds&) = delete;
  ArfEnds& operator=(const ArfEnds&) = delete;
  ~ArfEnds() {
    arf_clear(lo);
    arf_clear(hi);
  }
};

// The larger (respectively smaller) of two ends.
arf_srcptr arf_larger(arf_srcptr x, arf_srcptr y) { return arf_cmp(x, y) < 0 ? y : x; }
arf_srcptr arf_smaller(arf_srcptr x, arf_srcptr y) { return arf_cmp(y, x) < 0 ? y : x; }

// The ball of [pick(left ends), pick(right ends)], for pick = arf_larger or arf_smaller.
ArbInterval ball_of_picked_ends(const ArbInterval& a, const ArbInterval& b, arf_srcptr (*pick)(arf_srcptr, arf_srcptr)) {
  if (a.is_nan() || b.is_nan()) return ArbInterval::unknown();
  const ArfEnds ea(a), eb(b);
  const arf_srcptr lo = pick(ea.lo, eb.lo), hi = pick(ea.hi, eb.hi);
  // An operand that has both ends is returned as it is: rebuilding a ball from its ends widens
  // it a little, which a running maximum over many entries would accumulate.
  if (arf_equal(lo, ea.lo) && arf_equal(hi, ea.hi)) return a;
  if (arf_equal(lo, eb.lo) && arf_equal(hi, eb.hi)) return b;
  return ArbInterval::from_ends(lo, hi);
}

Mpfr mpfr_of_arf(const arf_t x, mpfr_rnd_t rnd) {
  Mpfr r;
  arf_get_mpfr(r.backend().data(), x, rnd);
  return r;
}

}  // namespace

ArbInterval max_of(const ArbInterval& a, const ArbInterval& b) { return ball_of_picked_ends(a, b, arf_larger); }
ArbInterval min_of(const ArbInterval& a, const ArbInterval& b) { return ball_of_picked_ends(a, b, arf_smaller); }

Mpfr midpoint_of(const ArbInterval& x) { return mpfr_of_arf(arb_midref(x.data()), MPFR_RNDN); }

Mpfr lower_end_of(const ArbInterval& x) {
  if (x.is_nan()) return not_a_number<Mpfr>();
  const ArfEnds e(x);
  return mpfr_of_arf(e.lo, MPFR_RNDD);
}

Mpfr upper_end_of(const ArbInterval& x) {
  if (x.is_nan()) return not_a_number<Mpfr>();
  const ArfEnds e(x);
  return mpfr_of_arf(e.hi, MPFR_RNDU);
}

bool is_finite_value(const ArbInterval& x) { return arb_is_finite(x.data()) != 0; }

bool overlaps(const ArbInterval& a, const Interval& b) {
  if (a.is_nan() || mpfi_nan_p(b.backend().data())) return false;
  return upper_end_of(a) >= lower_end_of(b) && upper_end_of(b) >= lower_end_of(a);
}

template <>
ArbInterval enclosure_of_doubles<ArbInterval>(double lo, double hi) {
  arf_t l, h;
  arf_init(l);
  arf_init(h);
  arf_set_d(l, lo);
  arf_set_d(h, hi);
  ArbInterval r = ArbInterval::from_ends(l, h);
  arf_clear(l);
  arf_clear(h);
  return r;
}

template <>
ArbInterval point_of<ArbInterval>(const Mpfr& x) {
  ArbInterval r;
  arf_set_mpfr(arb_midref(r.data()), x.backend().data());
  return r;
}

template <>
ArbInterval point_of<ArbInterval>(double x) {
  return ArbInterval(x);
}

template <>
ArbInterval not_a_number<ArbInterval>() {
  return ArbInterval::unknown();
}

template <>
ArbInterval integer_to<ArbInterval>(const Integer& n) {
  fmpz_t z;
  fmpz_init(z);
  fmpz_set_mpz(z, n.backend().data());
  ArbInterval r;
  arb_set_round_fmpz(r.data(), z, ArbInterval::precision());
  fmpz_clear(z);
  return r;
}

template <>
ArbInterval rational_to<ArbInterval>(const Rational& q) {
  fmpq_t f;
  fmpq_init(f);
  fmpq_set_mpq(f, q.backend().data());
  ArbInterval r;
  arb_set_fmpq(r.data(), f, ArbInterval::precision());
  fmpq_clear(f);
  return r;
}

}  // namespace nb
