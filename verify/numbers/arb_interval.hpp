#pragma once
// ArbInterval: a real ball [m +/- r] of FLINT's Arb (arb_t) as a C++ number, a candidate for the
// multiprecision interval tier (Arb where it beats MPFI). Arb rather than ball code of
// our own: its functions are proven to enclose, and it is installed already (Calcium is built on it).
//
// Precision: every operation rounds its midpoint to the calling thread's working precision
// (ArbInterval::precision(), set by ArbInterval::set_precision; a new thread starts at 128 bits);
// the radius is Arb's 30-bit upper bound of the error, and exponents are unbounded (no overflow
// or underflow).
//
// Guarantees, as Arb states them for its own functions: every operation returns a ball containing
// the exact result of the same operation on every point of its operands. In detail:
//   + - * / sqrt exp log log1p cosh   Arb's arb_add ... arb_cosh;
//   x * x     of one object: Arb's arb_sqr, as from_ends(0, its upper end) when that reaches below 0;
//   abs       from_ends(0, max |x|) when the ball contains 0 (MPFI gives [0, max |x|]), else
//             Arb's arb_abs;
//   ldexp     x 2^n, exact;
//   undefined log of a ball reaching 0 or below and sqrt of one reaching below 0 give NaN
//             ("unknown", Arb's indeterminate ball [NaN +/- inf]); division by a ball containing
//             0 gives the whole line [0 +/- inf], as MPFI gives (Arb itself would say NaN).
// A NaN operand gives NaN. There are no comparison operators: code never branches on an interval
// comparison (verify/numbers/arb_numbers.hpp gives max_of, min_of and the ends).
#include <concepts>
#include <type_traits>

#include <arb.h>

#include "verify/numbers/numbers.hpp"

namespace nb {

class ArbInterval {
 public:
  // The working precision of the calling thread, in bits (>= 2).
  static long precision() { return precision_; }
  static void set_precision(long bits) { precision_ = bits < 2 ? 2 : bits; }

  ArbInterval() { arb_init(x_); }  // the point 0
  // The integer n, exactly.
  template <std::integral I>
  ArbInterval(I n) {  // NOLINT(google-explicit-constructor): R(2), R(L) in generic code
    arb_init(x_);
    if constexpr (std::is_signed_v<I>) {
      arb_set_si(x_, static_cast<slong>(n));
    } else {
      static_assert(sizeof(I) <= sizeof(ulong), "integers wider than a FLINT limb");
      arb_set_ui(x_, static_cast<ulong>(n));
    }
  }
  // The point x, exactly (a binary64 value has 53 bits); NaN gives NaN.
  explicit ArbInterval(double x) {
    arb_init(x_);
    if (x != x) {
      arb_indeterminate(x_);
    } else {
      arb_set_d(x_, x);
    }
  }
  // The MPFI interval x as a ball containing it (from_ends of its ends). Implicit, so that generic
  // code building an interval from two points (between(lo, hi), which gives an Interval for the
  // Mpfr points that ArbInterval shares with Interval) gets an ArbInterval where it needs one.
  ArbInterval(const Interval& x);  // NOLINT(google-explicit-constructor)
  ArbInterval(const ArbInterval& o) {
    arb_init(x_);
    arb_set(x_, o.x_);
  }
  ArbInterval(ArbInterval&& o) noexcept {
    arb_init(x_);
    arb_swap(x_, o.x_);
  }
  ArbInterval& operator=(const ArbInterval& o) {
    if (this != &o) arb_set(x_, o.x_);
    return *this;
  }
  ArbInterval& operator=(ArbInterval&& o) noexcept {
    arb_swap(x_, o.x_);
    return *this;
  }
  ~ArbInterval() { arb_clear(x_); }

  static ArbInterval unknown() {
    ArbInterval r;
    arb_indeterminate(r.x_);
    return r;
  }
  // A ball containing [lo, hi] (lo <= hi, or a NaN end: unknown), Arb's arb_set_interval_arf at
  // the working precision, except that when lo >= 0 the ball does not reach below 0 (sqrt of it
  // stays defined): it is then [0, 2r] with r >= hi / 2 when Arb's ball would dip below 0 (a
  // ball cannot hold [lo, hi] with 0 <= lo much smaller than hi tightly).
  static ArbInterval from_ends(const arf_t lo, const arf_t hi);
  static ArbInterval whole_line() {
    ArbInterval r;
    arb_zero_pm_inf(r.x_);
    return r;
  }

  arb_srcptr data() const { return x_; }
  arb_ptr data() { return x_; }
  bool is_nan() const { return arf_is_nan(arb_midref(x_)) != 0; }

  ArbInterval& operator+=(const ArbInterval& b) {
    arb_add(x_, x_, b.x_, precision_);
    return *this;
  }
  ArbInterval& operator-=(const ArbInterval& b) {
    arb_sub(x_, x_, b.x_, precision_);
    return *this;
  }
  ArbInterval& operator*=(const ArbInterval& b) {
    if (&b == this) return *this = square(*this);
    arb_mul(x_, x_, b.x_, precision_);
    return *this;
  }
  ArbInterval& operator/=(const ArbInterval& b) { return *this = *this / b; }

  friend ArbInterval operator-(const ArbInterval& a) {
    ArbInterval r;
    arb_neg(r.x_, a.x_);
    return r;
  }
  friend ArbInterval operator+(const ArbInterval& a, const ArbInterval& b) {
    ArbInterval r;
    arb_add(r.x_, a.x_, b.x_, precision_);
    return r;
  }
  friend ArbInterval operator-(const ArbInterval& a, const ArbInterval& b) {
    ArbInterval r;
    arb_sub(r.x_, a.x_, b.x_, precision_);
    return r;
  }
  friend ArbInterval operator*(const ArbInterval& a, const ArbInterval& b) {
    if (&a == &b) return square(a);
    ArbInterval r;
    arb_mul(r.x_, a.x_, b.x_, precision_);
    return r;
  }
  friend ArbInterval operator/(const ArbInterval& a, const ArbInterval& b);

  // Hidden friends (found by argument-dependent lookup only), as DoubleInterval's.
  friend ArbInterval sqrt(const ArbInterval& x);
  friend ArbInterval exp(const ArbInterval& x);
  friend ArbInterval log(const ArbInterval& x);
  friend ArbInterval log1p(const ArbInterval& x);
  friend ArbInterval cosh(const ArbInterval& x);
  friend ArbInterval abs(const ArbInterval& x);
  friend ArbInterval ldexp(const ArbInterval& x, int n) {
    ArbInterval r;
    arb_mul_2exp_si(r.x_, x.x_, n);
    return r;
  }

 private:
  // x * x of one ball: Arb's square, kept from reaching below 0 (a ball's product with itself
  // treats its factors as independent, and [m +/- r]^2 reaches below 0 once r > (sqrt(2) - 1) m,
  // where a square root of it would be unknown).
  static ArbInterval square(const ArbInterval& x);
  // f(x) by an Arb function f(result, x, precision) at the working precision.
  static ArbInterval applied(void (*f)(arb_ptr, arb_srcptr, slong), const ArbInterval& x);

  static inline thread_local long precision_ = 128;
  arb_t x_;
};

}  // namespace nb
