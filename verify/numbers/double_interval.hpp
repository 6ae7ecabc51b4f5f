#pragma once
// DoubleInterval: an interval [lo, hi] of binary64 numbers, the engine's fast first tier (the
// role of CGAL's interval filter before exact arithmetic). It allocates nothing and never
// switches the rounding mode. Every operation returns an enclosure of the exact result of the
// same operation on every point of its operands:
//   + - * / sqrt  computed in round-to-nearest; the exact rounding error of each end is recovered
//                 by an error-free transformation (TwoSum, or an FMA residual) and the end moved
//                 one ulp outward only when it was inexact, or when the transformation's own
//                 intermediates overflowed (TwoSum's s - x near +-DBL_MAX: its error term is then
//                 inf or NaN, unknown), so exact results stay points
//                 (sums of dyadics, 1 * x, exp(0) = 1); a product with a box that is not a
//                 point is moved outward unchecked (its result is not a point either);
//   exp log log1p cosh  glibc's libm, whose known maximum errors for these on x86_64 are at most
//                 2 ulps (glibc manual, "Known Maximum Errors in Math Functions"); each end is
//                 moved kLibmUlps = 4 ulps outward, and exact special values are kept
//                 (exp(0) = 1, log(1) = 0);
//   overflow      gives an infinite end, never a wrong finite one;
//   undefined     an operation whose argument may be outside its domain is NaN ("unknown"):
//                 sqrt of an interval reaching below 0, log of one reaching 0 (log x needs
//                 x > 0), log1p of one reaching -1, division by one holding 0. Never an
//                 infinite end or a half-line: those are only the overflow of a valid enclosure.
// Ends satisfy lo <= hi, lo < +inf and hi > -inf; NaN in both ends means unknown. There are no
// comparison operators: code never branches on an interval comparison (max_of, min_of,
// lower_end_of, upper_end_of, indicator_less instead).
// The error-free transformations need the default rounding mode (to nearest), which normbound
// never changes.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <concepts>
#include <limits>
#include <type_traits>

namespace nb {

class DoubleInterval {
 public:
  constexpr DoubleInterval() = default;
  // An integer, exactly when |n| <= 2^53, else enclosed by the neighbours of its rounding.
  template <std::integral I>
  DoubleInterval(I n) {  // NOLINT(google-explicit-constructor): R(2), R(L) in generic code
    const double x = static_cast<double>(n);
    constexpr long long kExactLimit = 1LL << 53;  // every integer up to 2^53 is a double
    const bool exact = std::is_signed_v<I> ? (static_cast<long long>(n) <= kExactLimit &&
                                              static_cast<long long>(n) >= -kExactLimit)
                                           : static_cast<unsigned long long>(n) <= kExactLimit;
    lo_ = exact ? x : std::nextafter(x, -kInf);
    hi_ = exact ? x : std::nextafter(x, kInf);
  }
  // The point x (binary64 values are exact).
  explicit DoubleInterval(double x) : lo_(x), hi_(x) {}

  // [lo, hi] as given; the caller guarantees lo <= hi (or both NaN).
  static DoubleInterval from_ends(double lo, double hi) {
    DoubleInterval r;
    r.lo_ = lo;
    r.hi_ = hi;
    return r;
  }
  static DoubleInterval unknown() { return from_ends(kNaN, kNaN); }
  static DoubleInterval whole_line() { return from_ends(-kInf, kInf); }

  double lower() const { return lo_; }
  double upper() const { return hi_; }
  bool is_nan() const { return std::isnan(lo_) || std::isnan(hi_); }

  DoubleInterval& operator+=(const DoubleInterval& b) { return *this = *this + b; }
  DoubleInterval& operator-=(const DoubleInterval& b) { return *this = *this - b; }
  DoubleInterval& operator*=(const DoubleInterval& b) { return *this = *this * b; }
  DoubleInterval& operator/=(const DoubleInterval& b) { return *this = *this / b; }

  friend DoubleInterval operator-(const DoubleInterval& a) { return from_ends(-a.hi_, -a.lo_); }
  friend DoubleInterval operator+(const DoubleInterval& a, const DoubleInterval& b) {
    return from_ends(add_down(a.lo_, b.lo_), add_up(a.hi_, b.hi_));
  }
  friend DoubleInterval operator-(const DoubleInterval& a, const DoubleInterval& b) {
    return from_ends(add_down(a.lo_, -b.hi_), add_up(a.hi_, -b.lo_));
  }
  // Inline, as + and -: products are most of the binary64 tier's arithmetic, and a call per
  // product cost more than the product (bench_certified's topn-distance-fixed row).
  friend DoubleInterval operator*(const DoubleInterval& a, const DoubleInterval& b) {
    if (a.is_nan() || b.is_nan()) return unknown();
    if (a.lo_ == a.hi_ && b.lo_ == b.hi_) {  // points: inputs, mostly
      double lo, hi;
      mul_ends(a.lo_, b.lo_, lo, hi);
      return from_ends(lo, hi);
    }
    // An interval times a point (weights times inputs): one product per end.
    if (a.lo_ == a.hi_) return times_point(b, a.lo_);
    if (b.lo_ == b.hi_) return times_point(a, b.lo_);
    // Two boxes: not a point either, so corners are moved outward unchecked, as in times_point.
    if (a.lo_ >= 0 && b.lo_ >= 0) return from_ends(outward_down(a.lo_, b.lo_), outward_up(a.hi_, b.hi_));
    // Mixed signs: the extremes of a bilinear function on a box are at its corners.
    return from_ends(std::min(std::min(outward_down(a.lo_, b.lo_), outward_down(a.lo_, b.hi_)),
                              std::min(outward_down(a.hi_, b.lo_), outward_down(a.hi_, b.hi_))),
                     std::max(std::max(outward_up(a.lo_, b.lo_), outward_up(a.lo_, b.hi_)),
                              std::max(outward_up(a.hi_, b.lo_), outward_up(a.hi_, b.hi_))));
  }
  // x^2, never below 0: the products of an end with itself, [0, ...] when x holds 0 (x * x cannot
  // know that both factors are the same number, and gives a negative lower end there).
  friend DoubleInterval square(const DoubleInterval& x) {
    if (x.is_nan()) return unknown();
    double lo_lo, hi_lo, lo_hi, hi_hi;
    mul_ends(x.lo_, x.lo_, lo_lo, hi_lo);
    mul_ends(x.hi_, x.hi_, lo_hi, hi_hi);
    if (x.lo_ >= 0) return from_ends(lo_lo, hi_hi);
    if (x.hi_ <= 0) return from_ends(lo_hi, hi_lo);
    return from_ends(0, std::max(hi_lo, hi_hi));
  }
  friend DoubleInterval operator/(const DoubleInterval& a, const DoubleInterval& b);

  // Functions found by argument-dependent lookup only (hidden friends), so that they do not hide
  // the <cmath> functions that generic code calls on double.
  friend DoubleInterval sqrt(const DoubleInterval& x);
  friend DoubleInterval exp(const DoubleInterval& x);
  friend DoubleInterval log(const DoubleInterval& x);
  friend DoubleInterval log1p(const DoubleInterval& x);
  friend DoubleInterval cosh(const DoubleInterval& x);
  friend DoubleInterval abs(const DoubleInterval& x);
  // x 2^n, exact unless it underflows or overflows.
  friend DoubleInterval ldexp(const DoubleInterval& x, int n);

  static constexpr double kInf = std::numeric_limits<double>::infinity();
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  static constexpr double kMax = std::numeric_limits<double>::max();
  // Below this magnitude an FMA residual may itself be rounded (underflow): ends are then moved
  // outward without looking at it.
  static constexpr double kResidualExactAbove = 0x1p-960;

  // The neighbours of x (nextafter towards -inf / +inf), inline: the ordered bit patterns of
  // binary64 make a neighbour one integer step away, except at 0 and the infinities.
  static double down(double x) {
    if (x == 0) return -std::numeric_limits<double>::denorm_min();
    if (std::isnan(x) || x == -kInf) return x;
    const auto bits = std::bit_cast<std::uint64_t>(x);
    return std::bit_cast<double>(x > 0 ? bits - 1 : bits + 1);
  }
  static double up(double x) { return -down(-x); }

  // A lower (upper) end from its round-to-nearest value r and the error exact - r, of which only
  // the sign is read. An error that is not finite (an intermediate of its computation overflowed)
  // is unknown: the end moves outward, as for an inexact result.
  static double lower_end(double r, double error) {
    if (!std::isfinite(r)) return r == kInf ? kMax : r;  // overflow: exact > DBL_MAX
    return std::isfinite(error) && error >= 0 ? r : down(r);
  }
  static double upper_end(double r, double error) {
    if (!std::isfinite(r)) return r == -kInf ? -kMax : r;
    return std::isfinite(error) && error <= 0 ? r : up(r);
  }
  // TwoSum (Knuth): the exact error of a finite s = fl(x + y) when no intermediate overflows,
  // otherwise inf or NaN (an infinite intermediate reaches the result: nothing here maps it back to
  // a finite number). Only s - x can overflow, when y is within an ulp or so of +-DBL_MAX and s
  // has the other sign (Boldo, Graillat and Muller, "On the robustness of the 2Sum and Fast2Sum
  // algorithms", ACM TOMS 2017); underflow never makes a sum inexact.
  static double sum_error(double x, double y, double s) {
    const double y_part = s - x;
    return (x - (s - y_part)) + (y - y_part);
  }
  static double add_down(double x, double y) {
    const double s = x + y;
    return std::isfinite(s) ? lower_end(s, sum_error(x, y, s)) : lower_end(s, 0);
  }
  static double add_up(double x, double y) {
    const double s = x + y;
    return std::isfinite(s) ? upper_end(s, sum_error(x, y, s)) : upper_end(s, 0);
  }
  // The lower (upper) end of an enclosure of x * y, from one product and one FMA; 0 times anything
  // is 0 (an infinite end is a limit).
  static double mul_down(double x, double y) {
    if (x == 0 || y == 0) return 0;
    const double p = x * y;
    if (!std::isfinite(p)) return lower_end(p, 0);
    if (std::abs(p) < kResidualExactAbove) return below_nonzero(p);
    return lower_end(p, std::fma(x, y, -p));
  }
  // 0 - ..., not -...: a negative product that underflowed has the upper end +0, not -0.
  static double mul_up(double x, double y) { return x == 0 || y == 0 ? 0.0 : 0.0 - mul_down(-x, y); }
  // [lo, hi] encloses x * y.
  static void mul_ends(double x, double y, double& lo, double& hi) {
    lo = mul_down(x, y);
    hi = mul_up(x, y);
  }
  // A lower (upper) end of x * y moved one ulp outward without asking whether the product was
  // exact, for products with a box that is not a point (their result is not a point either; the
  // FMA that would ask is a libm call in a build without -mfma). One ulp is always enough: round
  // to nearest errs by at most half an ulp, also in the subnormal range, down(+inf) = DBL_MAX
  // after an overflow, and 0 times anything is 0.
  static double outward_down(double x, double y) { return x == 0 || y == 0 ? 0.0 : below_nonzero(x * y); }
  static double outward_up(double x, double y) { return x == 0 || y == 0 ? 0.0 : above_nonzero(x * y); }
  // A lower (upper) end of a product or quotient of non-zero numbers whose round-to-nearest value
  // is p: p's neighbour below (above), except where the result underflowed to a zero of the side
  // asked for: +0 is then a lower end (the exact value is > 0, and -denorm_min would give a
  // product of two positive numbers a negative end, and its square root no value), -0 an upper
  // one. Round to nearest keeps the exact value's sign in a zero.
  static double below_nonzero(double p) { return p == 0 && !std::signbit(p) ? 0.0 : down(p); }
  static double above_nonzero(double p) { return p == 0 && std::signbit(p) ? 0.0 : up(p); }
  // box * point, box not a point, neither NaN: each end's product with the point, in the order of
  // its sign, moved outward.
  static DoubleInterval times_point(const DoubleInterval& box, double point) {
    return point >= 0 ? from_ends(outward_down(box.lo_, point), outward_up(box.hi_, point))
                      : from_ends(outward_down(box.hi_, point), outward_up(box.lo_, point));
  }
  // Ends of quotients, as mul_ends.
  static double div_down(double x, double y);
  static double div_up(double x, double y);

 private:
  double lo_ = 0.0, hi_ = 0.0;
};

}  // namespace nb
