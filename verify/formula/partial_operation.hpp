#pragma once
// The domains of the partial operations of formulas (verify/formula/formula_evaluation.hpp): a
// divisor must be != 0, log's argument > 0, log1p's > -1, sqrt's >= 0, and x^y for a y that is
// not an integer literal is exp(y log x), so x > 0 (0^0.5 is undefined: sqrt(x) is the way to
// write it). Each operation is applied only where its argument is certainly inside its domain:
//   interval types (DoubleInterval, Interval, and Gradient<I> through its value over the box)
//     certainly inside           the operation
//     certainly outside          throws OutsideDomain (verify/numbers/outside_domain.hpp): at
//                                every point of the enclosure the expression has no value
//     may be outside (reaches or straddles the edge, or NaN)   NaN: unknown
//   ExactReal (the exact tier decides the sign of the argument with Calcium; it never computes
//   in the complex numbers)
//     inside                     the operation
//     outside                    throws OutsideDomain
//     sign undecided             ExactReal::unknown with the reason
//   double, Mpfr (uncertified screening): the operation as it is (NaN outside).
//   Any other type is an interval type, checked on its ends as above.
#include <string>
#include <type_traits>

#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::formula {

// What a partial operation needs of its argument.
enum class Domain {
  NonZero,       // a divisor, the base of a negative power
  Positive,      // log, the base of x^y for y not an integer literal
  AboveMinusOne, // log1p
  NonNegative,   // sqrt
};

// "!= 0", "> 0", "> -1", ">= 0".
inline const char* domain_text(Domain d) {
  switch (d) {
    case Domain::NonZero: return "!= 0";
    case Domain::Positive: return "> 0";
    case Domain::AboveMinusOne: return "> -1";
    case Domain::NonNegative: return ">= 0";
  }
  return "";
}

enum class InDomain { Inside, Outside, Unknown };

// Where an enclosure [lo, hi] lies against domain `d` (NaN ends: Unknown).
template <class E>
InDomain ends_in_domain(const E& lo, const E& hi, Domain d) {
  if (!(lo == lo) || !(hi == hi)) return InDomain::Unknown;
  switch (d) {
    case Domain::NonZero:
      return lo > 0 || hi < 0 ? InDomain::Inside : lo == 0 && hi == 0 ? InDomain::Outside : InDomain::Unknown;
    case Domain::Positive: return lo > 0 ? InDomain::Inside : hi <= 0 ? InDomain::Outside : InDomain::Unknown;
    case Domain::AboveMinusOne: return lo > -1 ? InDomain::Inside : hi <= -1 ? InDomain::Outside : InDomain::Unknown;
    case Domain::NonNegative: return lo >= 0 ? InDomain::Inside : hi < 0 ? InDomain::Outside : InDomain::Unknown;
  }
  return InDomain::Unknown;
}

// Where the exact number x lies against domain `d`, as far as Calcium decides.
inline InDomain exact_in_domain(const ExactReal& x, Domain d) {
  const ExactSign s = sign_of(d == Domain::AboveMinusOne ? ExactReal(x + ExactReal(1)) : x);
  switch (s) {
    case ExactSign::Unknown: return InDomain::Unknown;
    case ExactSign::Positive: return InDomain::Inside;
    case ExactSign::Zero: return d == Domain::NonNegative ? InDomain::Inside : InDomain::Outside;
    case ExactSign::Negative: return d == Domain::NonZero ? InDomain::Inside : InDomain::Outside;
  }
  return InDomain::Unknown;
}

template <class R>
InDomain in_domain(const R& x, Domain d) {
  if constexpr (is_gradient_v<R>) return in_domain(x.value, d);
  else if constexpr (is_exact_number_v<R>) return exact_in_domain(x, d);
  else if constexpr (std::is_floating_point_v<R> || std::is_same_v<R, Mpfr>)
    return InDomain::Inside;  // screening, NaN where undefined
  else return ends_in_domain(lower_end_of(x), upper_end_of(x), d);  // every interval type
}

// Whether x is unknown (NaN; for ExactReal, not a number; for a Gradient, its value).
template <class R>
bool is_unknown_value(const R& x) {
  if constexpr (is_gradient_v<R>) return is_unknown_value(x.value);
  else if constexpr (is_exact_number_v<R>) return !x.is_number();
  else return !(lower_end_of(x) == lower_end_of(x)) || !(upper_end_of(x) == upper_end_of(x));
}

// NaN of R: for a Gradient its value, centre and every derivative unknown.
template <class R>
R unknown_like(const R& x) {
  if constexpr (is_gradient_v<R>) {
    using I = typename R::Number;
    R out;
    out.value = out.centre = not_a_number<I>();
    out.gradient.assign(x.gradient.size(), not_a_number<I>());
    return out;
  } else {
    return not_a_number<R>();
  }
}

// op(x) where x is certainly in domain `d`; see the top for the rest. `what()` names the operation
// and its place, for messages only (built only when one is needed: a sum over L^2 terms meets the
// operation L^2 times).
template <class R, class What, class Op>
R partial(const R& x, Domain d, const What& what, Op op) {
  switch (in_domain(x, d)) {
    case InDomain::Inside: return op(x);
    case InDomain::Outside:
      throw OutsideDomain("outside the domain of " + what() + ": its argument is not " + domain_text(d));
    case InDomain::Unknown: break;
  }
  if constexpr (is_exact_number_v<R>)
    return x.is_number() ? ExactReal::unknown("Calcium could not decide whether the argument of " + what() + " is " +
                                              domain_text(d))
                         : x;
  else return unknown_like(x);
}

}  // namespace nb::formula
