#include "verify/numbers/double_interval.hpp"

#include <algorithm>

namespace nb {
namespace {

using I = DoubleInterval;

// Ulps by which the ends of a libm result are moved outward: twice glibc's known maximum error
// for exp, log, log1p and cosh on x86_64 (at most 2 ulps).
constexpr int kLibmUlps = 4;

double steps_down(double x, int k) {
  for (int i = 0; i < k; ++i) x = I::down(x);
  return x;
}
double steps_up(double x, int k) {
  for (int i = 0; i < k; ++i) x = I::up(x);
  return x;
}

// sqrt of one end; exact - s has the sign of v - s^2, which the FMA gives exactly (no underflow).
double sqrt_end(double v, bool lower) {
  const double s = std::sqrt(v);
  if (v == 0 || std::isinf(v)) return s;
  if (v < I::kResidualExactAbove) return lower ? I::down(s) : I::up(s);
  const double residual = std::fma(-s, s, v);
  return lower ? I::lower_end(s, residual) : I::upper_end(s, residual);
}

// x 2^n for one end: exact when scaling back recovers x.
double scaled_end(double x, int n, bool lower) {
  const double y = std::ldexp(x, n);
  if (!std::isfinite(x) || (std::isfinite(y) && std::ldexp(y, -n) == x)) return y;
  return lower ? I::lower_end(y, -1) : I::upper_end(y, 1);
}

// Applies a libm function `f`, increasing on the ends' domain, with `exact_at`/`exact_value`
// kept exact (exp(0) = 1, log(1) = 0), and the lower end clamped at `floor` (the function's
// infimum on its domain).
template <class F>
I increasing_libm(const I& x, F f, double exact_at, double exact_value, double floor) {
  if (x.is_nan()) return I::unknown();
  const double lo = x.lower() == exact_at ? exact_value : std::max(floor, steps_down(f(x.lower()), kLibmUlps));
  const double hi = x.upper() == exact_at ? exact_value : steps_up(f(x.upper()), kLibmUlps);
  return I::from_ends(lo, hi);
}

}  // namespace

// x / y for y != 0; x / inf is its limit 0. The residual x - q y is exact without underflow, and
// x / y - q = (x - q y) / y.
double DoubleInterval::div_down(double x, double y) {
  if (x == 0) return 0;
  const double q = x / y;
  if (std::isnan(q) || std::isinf(y)) return q;
  if (!std::isfinite(q)) return lower_end(q, 0);
  if (std::abs(q) < kResidualExactAbove || std::abs(x) < kResidualExactAbove) return below_nonzero(q);
  const double residual = std::fma(-q, y, x);
  return lower_end(q, y > 0 ? residual : -residual);
}

double DoubleInterval::div_up(double x, double y) {
  if (x == 0) return 0;
  const double q = x / y;
  if (std::isnan(q) || std::isinf(y)) return q;
  if (!std::isfinite(q)) return upper_end(q, 0);
  if (std::abs(q) < kResidualExactAbove || std::abs(x) < kResidualExactAbove) return above_nonzero(q);
  const double residual = std::fma(-q, y, x);
  return upper_end(q, y > 0 ? residual : -residual);
}

DoubleInterval operator/(const DoubleInterval& a, const DoubleInterval& b) {
  // A divisor that may be 0 makes the quotient unknown, never a half-line or the whole line: at
  // that point the quotient has no value (docs/guarantees.md).
  if (a.is_nan() || b.is_nan() || (b.lo_ <= 0 && b.hi_ >= 0)) return I::unknown();
  // b has one sign, so a / b is monotone in each argument on the box: extremes at the corners.
  const double down[4] = {I::div_down(a.lo_, b.lo_), I::div_down(a.lo_, b.hi_), I::div_down(a.hi_, b.lo_),
                          I::div_down(a.hi_, b.hi_)};
  const double up[4] = {I::div_up(a.lo_, b.lo_), I::div_up(a.lo_, b.hi_), I::div_up(a.hi_, b.lo_),
                        I::div_up(a.hi_, b.hi_)};
  for (int k = 0; k < 4; ++k)
    if (std::isnan(down[k]) || std::isnan(up[k])) return I::whole_line();  // inf / inf
  return I::from_ends(*std::min_element(down, down + 4), *std::max_element(up, up + 4));
}

DoubleInterval sqrt(const DoubleInterval& x) {
  if (x.is_nan() || x.lower() < 0) return I::unknown();
  return I::from_ends(sqrt_end(x.lower(), true), sqrt_end(x.upper(), false));
}

DoubleInterval exp(const DoubleInterval& x) {
  return increasing_libm(x, [](double v) { return std::exp(v); }, 0.0, 1.0, 0.0);
}

DoubleInterval log(const DoubleInterval& x) {
  // Defined for x > 0 only: an interval reaching 0 is unknown, never [-inf, ...].
  if (x.is_nan() || !(x.lower() > 0)) return I::unknown();
  return increasing_libm(x, [](double v) { return std::log(v); }, 1.0, 0.0, -I::kInf);
}

DoubleInterval log1p(const DoubleInterval& x) {
  if (x.is_nan() || !(x.lower() > -1)) return I::unknown();  // defined for x > -1 only
  return increasing_libm(x, [](double v) { return std::log1p(v); }, 0.0, 0.0, -I::kInf);
}

DoubleInterval cosh(const DoubleInterval& x) {
  if (x.is_nan()) return I::unknown();
  // cosh is even and increasing in |x|, with cosh(0) = 1 exactly.
  const DoubleInterval magnitude = abs(x);
  return increasing_libm(magnitude, [](double v) { return std::cosh(v); }, 0.0, 1.0, 1.0);
}

DoubleInterval abs(const DoubleInterval& x) {
  if (x.is_nan()) return I::unknown();
  if (x.lower() >= 0) return x;
  if (x.upper() <= 0) return -x;
  return I::from_ends(0.0, std::max(-x.lower(), x.upper()));
}

DoubleInterval ldexp(const DoubleInterval& x, int n) {
  if (x.is_nan()) return I::unknown();
  return I::from_ends(scaled_end(x.lower(), n, true), scaled_end(x.upper(), n, false));
}

}  // namespace nb
