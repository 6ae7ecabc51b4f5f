#pragma once
// The number types every theorem is evaluated in, and the few operations theorems need beyond
// + - * /. This is the one place that knows Boost.Multiprecision and Eigen details:
//   double          fast, uncertified screening;
//   Mpfr            MPFR floating point at the working precision (round-to-nearest, no error bound);
//   DoubleInterval  binary64 interval (verify/numbers/double_interval.hpp): the engine's fast first tier;
//   Interval        MPFI interval at the working precision.
// Both interval types return, for every operation, an enclosure of the exact result of the same
// operation on any points of its operands.
// All three use et_off: expression templates would make `auto x = a + b` hold dangling references.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <Eigen/Core>

#include "verify/numbers/double_interval.hpp"

namespace nb {

using Mpfr = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<0>,
                                           boost::multiprecision::et_off>;
using Interval = boost::multiprecision::number<boost::multiprecision::mpfi_float_backend<0>,
                                               boost::multiprecision::et_off>;

// Whether R is an enclosure type (its values are intervals, its ends exact points).
template <class R>
inline constexpr bool is_interval_v = std::is_same_v<R, Interval> || std::is_same_v<R, DoubleInterval>;

template <class R>
using Vector = Eigen::Matrix<R, Eigen::Dynamic, 1>;
template <class R>
using Matrix = Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic>;
// Rows contiguous: for matrices read row by row (tokens, keys). In a column-major L x d matrix the
// entries of one row are L * sizeof(R) bytes apart, and at L = 256 or 1024 they fall in one or
// two sets of the L1 cache, so that reading a row missed the cache at every entry.
template <class R>
using RowMatrix = Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class R>
using RowVector = Eigen::Matrix<R, 1, Eigen::Dynamic>;

// The matrix product A * B for every number type, coefficient by coefficient (lazyProduct), which
// only uses + and *. Eigen's blocked products (GEMM, GEMV) also compare scalars (is the factor
// alpha 1?), which an interval type must not do: DoubleInterval has no ==, and MPFI's would
// decide on overlapping intervals. (Under Boost 1.74 they also returned NaN entries with MPFI
// scalars, 12 of 49 at 7x7; Boost 1.81 fixed that.)
template <class A, class B>
auto product(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b) {
  using Scalar = typename A::Scalar;
  return Matrix<Scalar>(a.lazyProduct(b));
}

// ---- working precision -------------------------------------------------------------------
// Each thread has its own working precision (Boost >= 1.77: thread_default_precision, in decimal
// digits); every new Mpfr/Interval made on a thread takes that thread's. A new thread starts
// from Boost's global default (50 decimal digits), so code that evaluates on a thread sets it
// first, as the engine's workers do for each case.

// Sets the calling thread's working precision of Mpfr and Interval to at least `bits` bits and
// returns the precision in bits that its new numbers actually get (Boost rounds through decimal
// digits, so this may exceed `bits` by a few). Other threads are not affected.
unsigned set_working_precision(unsigned bits);
// The precision in bits that a new Mpfr/Interval made on the calling thread gets now.
unsigned working_precision();

// ---- operations shared by the three types --------------------------------------------------
// max_of/min_of: for points the usual maximum/minimum; for intervals an enclosure of
// {max(a, b) : a in A, b in B} (respectively min), i.e. [max(lo), max(hi)]. A NaN operand gives
// NaN (unlike std::max and mpfr_max, which may drop it): unknown stays unknown.
double max_of(double a, double b);
double min_of(double a, double b);
Mpfr max_of(const Mpfr& a, const Mpfr& b);
Mpfr min_of(const Mpfr& a, const Mpfr& b);
Interval max_of(const Interval& a, const Interval& b);
Interval min_of(const Interval& a, const Interval& b);
DoubleInterval max_of(const DoubleInterval& a, const DoubleInterval& b);
DoubleInterval min_of(const DoubleInterval& a, const DoubleInterval& b);

// The intersection of two enclosures of the same number (tighter than either); empty (nullopt)
// when they are disjoint, which means one of them is not an enclosure. A NaN operand gives the
// other operand.
std::optional<Interval> intersection_of(const Interval& a, const Interval& b);

// A point estimate of x: x itself for points, the midpoint of an interval. Use only to steer a
// computation (pick a shift, an index, a start vector), never for a value that is reported.
inline double midpoint_of(double x) { return x; }
Mpfr midpoint_of(const Mpfr& x);
Mpfr midpoint_of(const Interval& x);
double midpoint_of(const DoubleInterval& x);

// The ends of x: x itself for points, the left / right end of an interval (exact).
inline double lower_end_of(double x) { return x; }
inline const Mpfr& lower_end_of(const Mpfr& x) { return x; }
Mpfr lower_end_of(const Interval& x);
inline double lower_end_of(const DoubleInterval& x) { return x.lower(); }
inline double upper_end_of(double x) { return x; }
inline const Mpfr& upper_end_of(const Mpfr& x) { return x; }
Mpfr upper_end_of(const Interval& x);
inline double upper_end_of(const DoubleInterval& x) { return x.upper(); }

// An end as an Mpfr at the working precision, rounded outward: MPFI's ends are kept as they are,
// binary64 ends are exact at 53 bits and more, and rounded toward -inf (down) / +inf (up) below.
inline const Mpfr& mpfr_rounded_down(const Mpfr& x) { return x; }
inline const Mpfr& mpfr_rounded_up(const Mpfr& x) { return x; }
Mpfr mpfr_rounded_down(double x);
Mpfr mpfr_rounded_up(double x);

// The interval [lo, hi] (lo <= hi), ends exact.
Interval between(const Mpfr& lo, const Mpfr& hi);
inline DoubleInterval between(double lo, double hi) { return DoubleInterval::from_ends(lo, hi); }

// The interval [lo, hi] of two doubles (lo <= hi) as an interval type, ends rounded outward.
template <class I>
I enclosure_of_doubles(double lo, double hi);

// Converts an approximate value (a double or an Mpfr) into R at the working precision. For
// Interval the result is the point interval at that value (no error is attached: the caller
// uses it as an exact point, e.g. a shift or a trial vector whose exact value does not matter).
template <class R>
R point_of(const Mpfr& x);
template <class R>
R point_of(double x);

// A NaN of each type: "unknown". (Boost 1.74's std::numeric_limits<Interval>::quiet_NaN() returns
// the interval [0, 0], which would turn "unknown" into a certain zero: never use it.)
template <class R>
R not_a_number();

// The specializations numbers.cpp defines, declared before any use as the language requires (a use
// before the declaration would instantiate the undefined primary template instead).
template <> Interval enclosure_of_doubles<Interval>(double lo, double hi);
template <> DoubleInterval enclosure_of_doubles<DoubleInterval>(double lo, double hi);
template <> double point_of<double>(const Mpfr& x);
template <> Mpfr point_of<Mpfr>(const Mpfr& x);
template <> DoubleInterval point_of<DoubleInterval>(const Mpfr& x);
template <> Interval point_of<Interval>(const Mpfr& x);
template <> double point_of<double>(double x);
template <> Mpfr point_of<Mpfr>(double x);
template <> DoubleInterval point_of<DoubleInterval>(double x);
template <> Interval point_of<Interval>(double x);
template <> double not_a_number<double>();
template <> Mpfr not_a_number<Mpfr>();
template <> DoubleInterval not_a_number<DoubleInterval>();
template <> Interval not_a_number<Interval>();

// Whether x can be trusted as a number: finite (and for an interval, both ends finite, not NaN).
inline bool is_finite_value(double x) { return std::isfinite(x); }
bool is_finite_value(const Mpfr& x);
bool is_finite_value(const Interval& x);
inline bool is_finite_value(const DoubleInterval& x) {
  return std::isfinite(x.lower()) && std::isfinite(x.upper());
}

}  // namespace nb

// Eigen needs NumTraits for the scalar types it stores. Boost 1.74's adapter lacks members that
// Eigen 3.4 uses (digits, min/max_exponent, infinity, quiet_NaN), so both types get complete
// traits here. Eigen algorithms that compare scalars must not be used with Interval.
namespace Eigen {
template <class T>
struct NormboundMultiprecisionTraits : GenericNumTraits<T> {
  using Real = T;
  using NonInteger = T;
  using Literal = T;
  using Nested = T;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 4,
    MulCost = 8
  };
  static T epsilon() { return std::numeric_limits<T>::epsilon(); }
  static T dummy_precision() { return 1000 * epsilon(); }
  static T highest() { return (std::numeric_limits<T>::max)(); }
  static T lowest() { return -(std::numeric_limits<T>::max)(); }
  static T infinity() { return std::numeric_limits<T>::infinity(); }
  static T quiet_NaN() { return nb::not_a_number<T>(); }
  static int digits() { return static_cast<int>(nb::working_precision()); }
  static int digits10() { return static_cast<int>(T::default_precision()); }
  static int min_exponent() { return std::numeric_limits<T>::min_exponent; }
  static int max_exponent() { return std::numeric_limits<T>::max_exponent; }
};
template <>
struct NumTraits<nb::Mpfr> : NormboundMultiprecisionTraits<nb::Mpfr> {};
template <>
struct NumTraits<nb::Interval> : NormboundMultiprecisionTraits<nb::Interval> {};
template <>
struct NumTraits<nb::DoubleInterval> : GenericNumTraits<nb::DoubleInterval> {
  using Real = nb::DoubleInterval;
  using NonInteger = nb::DoubleInterval;
  using Literal = nb::DoubleInterval;
  using Nested = nb::DoubleInterval;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 2,
    AddCost = 8,
    MulCost = 16
  };
  static nb::DoubleInterval epsilon() { return nb::DoubleInterval(std::numeric_limits<double>::epsilon()); }
  static nb::DoubleInterval dummy_precision() { return nb::DoubleInterval(1e-12); }
  static nb::DoubleInterval highest() { return nb::DoubleInterval(std::numeric_limits<double>::max()); }
  static nb::DoubleInterval lowest() { return nb::DoubleInterval(std::numeric_limits<double>::lowest()); }
  static nb::DoubleInterval infinity() { return nb::DoubleInterval(std::numeric_limits<double>::infinity()); }
  static nb::DoubleInterval quiet_NaN() { return nb::DoubleInterval::unknown(); }
  static int digits() { return std::numeric_limits<double>::digits; }
  static int digits10() { return std::numeric_limits<double>::digits10; }
  static int min_exponent() { return std::numeric_limits<double>::min_exponent; }
  static int max_exponent() { return std::numeric_limits<double>::max_exponent; }
};
}  // namespace Eigen
