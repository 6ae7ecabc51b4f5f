#pragma once
// ArbInterval (verify/numbers/arb_interval.hpp) as one of normbound's number types: what
// verify/numbers/numbers.hpp, verify/numbers/rational.hpp and verify/kernels/spectral_norm.hpp give Interval, so that a
// theorem's evaluate<R> compiles for R = ArbInterval (verify/numbers/exact.cpp instantiates ExactTensor's
// conversions for it, verify/kernels/spectral_norm.cpp its spectral norm). Its points (midpoints, ends,
// the values that steer a computation) are Mpfr at the working precision, as Interval's are: set
// both working precisions alike (set_working_precision, ArbInterval::set_precision). Include
// this before any template that asks is_interval_v.
// The engine does not use ArbInterval (docs/performance.md, "Arb as the interval type", says why);
// the kernels' tests evaluate in it beside MPFI.
#include "verify/numbers/arb_interval.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/rational.hpp"

namespace nb {

template <>
inline constexpr bool is_interval_v<ArbInterval> = true;

// Enclosures of {max(a, b)} and {min(a, b)}: the ball of [max(lo), max(hi)] (respectively min),
// ArbInterval::from_ends. A NaN operand gives NaN.
ArbInterval max_of(const ArbInterval& a, const ArbInterval& b);
ArbInterval min_of(const ArbInterval& a, const ArbInterval& b);

// The midpoint, rounded to nearest; the ends, rounded outward (Mpfr at the working precision).
Mpfr midpoint_of(const ArbInterval& x);
Mpfr lower_end_of(const ArbInterval& x);
Mpfr upper_end_of(const ArbInterval& x);

// Whether both ends are finite (and not NaN).
bool is_finite_value(const ArbInterval& x);

// Whether the two enclosures have a point in common (NaN: false). Enclosures of the same number
// always do.
bool overlaps(const ArbInterval& a, const Interval& b);

template <> ArbInterval enclosure_of_doubles<ArbInterval>(double lo, double hi);
template <> ArbInterval point_of<ArbInterval>(const Mpfr& x);   // exactly x
template <> ArbInterval point_of<ArbInterval>(double x);        // exactly x
template <> ArbInterval not_a_number<ArbInterval>();

// n and q enclosed at the working precision (exactly when they fit).
template <> ArbInterval integer_to<ArbInterval>(const Integer& n);
template <> ArbInterval rational_to<ArbInterval>(const Rational& q);

// The certified enclosure of ||A||_2 of verify/kernels/spectral_norm.hpp, with the same trial vectors
// (MPFR eigenvectors of mid(A)^T mid(A)).
ArbInterval spectral_norm(const Matrix<ArbInterval>& A);

}  // namespace nb

namespace Eigen {
template <>
struct NumTraits<nb::ArbInterval> : GenericNumTraits<nb::ArbInterval> {
  using Real = nb::ArbInterval;
  using NonInteger = nb::ArbInterval;
  using Literal = nb::ArbInterval;
  using Nested = nb::ArbInterval;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 4,
    MulCost = 8
  };
  static nb::ArbInterval quiet_NaN() { return nb::ArbInterval::unknown(); }
  static int digits() { return static_cast<int>(nb::ArbInterval::precision()); }
};
}  // namespace Eigen
