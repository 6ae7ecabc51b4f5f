#pragma once
// Exact rationals: the value of every case input, and the arithmetic that decides assumption
// checks (a - |l_i| >= 0, l1[0] - l1[1] = eps, 0 < p < 1) without any rounding. GMP's mpq through
// Boost.Multiprecision (gmp_rational, et_off like the other number types), rather than rational
// arithmetic of our own: GMP is already linked for MPFR and MPFI, and its mpq converts directly
// to them (mpfr_set_q, mpfi_set_q).
#include <boost/multiprecision/gmp.hpp>

#include "verify/numbers/numbers.hpp"

namespace nb {

using Rational = boost::multiprecision::number<boost::multiprecision::gmp_rational, boost::multiprecision::et_off>;
using Integer = boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;

// q (respectively n) in R at the working precision:
//   Interval  an enclosure (the point q when q is representable),
//   DoubleInterval  the point q when q is a binary64 value, else the two neighbours of its
//             rounding to nearest (an infinite end beyond binary64's range),
//   Mpfr      q rounded to nearest,
//   double    q rounded to nearest (0 or infinite beyond binary64's range).
// Any other R gets the generic path below: n in R from its 32-bit chunks, q as n / d in R,
// which for an interval type R is an enclosure as long as R's +, * and / are.
// The DoubleInterval of a value whose rounding to nearest is `nearest`: the point when `exact`
// (the value is `nearest`), else the two neighbours of `nearest`, which enclose the value (an
// infinite end beyond binary64's range). What rational_to<DoubleInterval> returns, for callers
// that know the rounding and its exactness without the rational.
DoubleInterval double_interval_around(double nearest, bool exact);

template <class R>
R integer_to(const Integer& n);
template <class R>
R rational_to(const Rational& q);

template <>
double integer_to<double>(const Integer& n);
template <>
Mpfr integer_to<Mpfr>(const Integer& n);
template <>
Interval integer_to<Interval>(const Integer& n);
template <>
DoubleInterval integer_to<DoubleInterval>(const Integer& n);
template <>
double rational_to<double>(const Rational& q);
template <>
DoubleInterval rational_to<DoubleInterval>(const Rational& q);
template <>
Mpfr rational_to<Mpfr>(const Rational& q);
template <>
Interval rational_to<Interval>(const Rational& q);

template <class R>
R integer_to(const Integer& n) {
  // Horner in base 2^32: each chunk and the base are exact doubles.
  const Integer magnitude = abs(n);
  const std::size_t bits = magnitude == 0 ? 0 : msb(magnitude) + 1;
  R value = R(0);
  for (std::size_t k = (bits + 31) / 32; k-- > 0;) {
    const Integer chunk = (magnitude >> (32 * k)) & Integer(0xffffffffu);
    value = value * R(4294967296.0) + R(chunk.convert_to<double>());
  }
  return n < 0 ? R(-value) : value;
}

template <class R>
R rational_to(const Rational& q) {
  return R(integer_to<R>(numerator(q)) / integer_to<R>(denominator(q)));
}

}  // namespace nb
