#pragma once
// ExactReal: an exact real number, the fourth number type theorems are evaluated in. It decides
// what no precision can: that a slack is exactly 0 (both sides of softmax-weight-bounds are
// exactly 1/L at q = 0, where intervals only ever say "0 within 2^-2040").
//
// It is a thin owner of a Calcium number (ca_t; Debian libcalcium-dev, built on FLINT and Arb): an
// element of a field Q(a_1, ..., a_n) whose generators are algebraic numbers (sqrt 2) or
// transcendental ones (e^{1/3}, log 2), with arithmetic in that field and a numerical enclosure
// of every generator. Calcium is used rather than hand-written symbolic code because deciding
// equality of such numbers needs its machinery (relations between generators, Groebner bases,
// certified numerics), and its answers are three-valued: true, false or unknown.
//
// Unknown is never rounded into a decision:
//   * a comparison (a < b, a == b) that Calcium cannot decide throws NoExactForm;
//   * max_of/min_of of operands it cannot order, and the shared numeric code that has no exact
//     form (a spectral norm, a bisection, a sampled statistic), give the value "unknown"
//     (ExactReal::unknown), which propagates through arithmetic like a NaN and records its reason in
//     the active ExactScope;
//   * work beyond the ExactScope's budget throws NoExactForm("budget ...").
//
// Calcium's headers need a shim to be valid C++ (verify/numbers/calcium_headers.hpp), so only
// exact_real.cpp includes them; this header holds a Calcium number as opaque bytes, whose size
// that file checks.
//
// Contexts: Calcium caches the fields it builds in a context (ca_ctx_t) that must not be shared
// between threads. An ExactScope installs a fresh context for the calling thread (so an
// evaluation's result depends only on its inputs, and its memory is freed with the scope); an
// ExactReal belongs to the context that was current when it was made and must be destroyed
// before that scope ends. Without a scope a thread uses a context of its own that lives as long
// as the thread.
#include <concepts>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "verify/numbers/exact_sign.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/rational.hpp"

namespace nb {

// An exact evaluation gave up: a comparison Calcium could not decide, or the budget ran out.
// what() says why, e.g. "budget: more than 20000000 units of work".
struct NoExactForm : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The work an exact evaluation may do. Deterministic, unlike a time limit, so that a run gives the
// same verdicts on any machine and thread count.
//   units       one per operation plus the size of its result (the terms of its numerator and
//               denominator times the field's generators), so that operations on rationals cost
//               little and those on large symbolic expressions a lot;
//   generators  the most generators (e^{1/3}, sqrt 2, ...) of the field of any result: Calcium
//               looks for relations between all generators of every new field (LLL, Groebner
//               bases), which grows much faster than the operations themselves (softmax of 3000
//               distinct logits would need a field of 3000 exponentials).
struct ExactBudget {
  std::uint64_t units = 20'000'000;
  unsigned generators = 64;
};

// The scope of an exact evaluation on the calling thread (see the top). Not copyable; scopes on
// one thread nest.
class ExactScope {
 public:
  explicit ExactScope(ExactBudget budget = {});
  ~ExactScope();
  ExactScope(const ExactScope&) = delete;
  ExactScope& operator=(const ExactScope&) = delete;

  // Work done so far, in the units of ExactBudget.
  std::uint64_t units_used() const { return used_; }
  // Why values became unknown (ExactReal::unknown), each reason once, in the order first seen.
  const std::vector<std::string>& unknown_reasons() const { return reasons_; }

  // The scope active on the calling thread, or nullptr.
  static ExactScope* current();
  // Adds `units` of work to the current scope (if any); throws NoExactForm when that exceeds
  // its budget.
  static void charge(std::uint64_t units);
  // Throws NoExactForm when a result's field has more generators than the current scope allows.
  static void limit_generators(long generators);
  // Records why a value became unknown in the current scope (if any).
  static void note_unknown(const std::string& reason);

 private:
  friend struct CalciumAccess;
  void* context_;  // a ca_ctx_struct of its own (allocated: see the top)
  ExactBudget budget_;
  std::uint64_t used_ = 0;
  std::vector<std::string> reasons_;
  ExactScope* outer_;
};

class ExactReal {
 public:
  ExactReal();  // 0
  template <std::integral I>
  explicit ExactReal(I n) : ExactReal() {
    if constexpr (std::is_signed_v<I>) set_signed(static_cast<long>(n));
    else set_unsigned(static_cast<unsigned long>(n));
  }
  // Exactly x (a binary64 value is a dyadic rational). Throws InputError if x is not finite.
  static ExactReal of_double(double x);
  // The value "unknown": what shared numeric code returns where it has no exact form; `reason`
  // is recorded in the current ExactScope.
  static ExactReal unknown(const std::string& reason);

  ExactReal(const ExactReal& other);
  ExactReal(ExactReal&& other) noexcept;
  ExactReal& operator=(const ExactReal& other);
  ExactReal& operator=(ExactReal&& other) noexcept;
  ~ExactReal();

  ExactReal& operator+=(const ExactReal& b);
  ExactReal& operator-=(const ExactReal& b);
  ExactReal& operator*=(const ExactReal& b);
  ExactReal& operator/=(const ExactReal& b);  // division by 0 gives unknown
  ExactReal operator-() const;

  friend ExactReal operator+(ExactReal a, const ExactReal& b) { return a += b; }
  friend ExactReal operator-(ExactReal a, const ExactReal& b) { return a -= b; }
  friend ExactReal operator*(ExactReal a, const ExactReal& b) { return a *= b; }
  friend ExactReal operator/(ExactReal a, const ExactReal& b) { return a /= b; }

  // Decided comparisons; throw NoExactForm when Calcium cannot decide or an operand is unknown.
  friend bool operator<(const ExactReal& a, const ExactReal& b);
  friend bool operator<=(const ExactReal& a, const ExactReal& b);
  friend bool operator>(const ExactReal& a, const ExactReal& b) { return b < a; }
  friend bool operator>=(const ExactReal& a, const ExactReal& b) { return b <= a; }
  friend bool operator==(const ExactReal& a, const ExactReal& b);
  friend bool operator!=(const ExactReal& a, const ExactReal& b) { return !(a == b); }

  // Elementary functions, found by argument-dependent lookup only (as hidden friends), so that
  // they do not hide std::exp and the others from unqualified calls on double in namespace nb.
  friend ExactReal exp(const ExactReal& x);
  // log, log1p and sqrt of a number Calcium does not prove inside their real domain (x > 0,
  // x > -1, x >= 0) are unknown: never a complex value.
  friend ExactReal log(const ExactReal& x);    // x > 0
  friend ExactReal log1p(const ExactReal& x);  // log(1 + x)
  friend ExactReal sqrt(const ExactReal& x);   // x >= 0
  friend ExactReal abs(const ExactReal& x);
  friend ExactReal cosh(const ExactReal& x);
  friend ExactReal pow(const ExactReal& x, long n);

  // Whether the value is a number (not unknown, undefined or infinite).
  bool is_number() const;
  // Calcium's text for the value, e.g. "0.707107 {(a)/2 where a = 1.41421 [a^2-2=0]}".
  std::string text() const;

  // Whether a and b belong to one context (numbers of different contexts cannot be combined).
  bool same_context(const ExactReal& other) const { return ctx_ == other.ctx_; }

 private:
  friend struct CalciumAccess;  // exact_real.cpp's view of the bytes below as Calcium objects
  void set_signed(long n);
  void set_unsigned(unsigned long n);
  alignas(8) unsigned char value_[40];  // a ca_struct
  void* ctx_;                           // the ca_ctx_struct it belongs to
};

// The sign of x as far as Calcium can decide it; Unknown for an unknown value.
ExactSign sign_of(const ExactReal& x);

// max/min; an unknown operand, or operands Calcium cannot order, give unknown (a NaN operand of
// the other number types gives NaN).
ExactReal max_of(const ExactReal& a, const ExactReal& b);
ExactReal min_of(const ExactReal& a, const ExactReal& b);

// The largest / smallest of `xs` (non-empty): the one Calcium proves at least / at most every
// other. Unlike a fold of max_of, a pair Calcium cannot order does not end it while a third number
// is ordered above / below both (the top weight of saturated logits against weights within e^-20000
// of each other); unknown when no number is ordered against all the others, or one is unknown.
ExactReal max_of(std::span<const ExactReal> xs);
ExactReal min_of(std::span<const ExactReal> xs);

// An exact number is its own midpoint and both of its ends: code that steers by them (a shift, an
// ordering by upper ends) then decides exactly.
inline ExactReal midpoint_of(const ExactReal& x) { return x; }
inline const ExactReal& lower_end_of(const ExactReal& x) { return x; }
inline const ExactReal& upper_end_of(const ExactReal& x) { return x; }

template <>
ExactReal point_of<ExactReal>(double x);  // exactly x
template <class R>
R point_of(const ExactReal& x);
template <>
inline ExactReal point_of<ExactReal>(const ExactReal& x) {
  return x;
}
template <>
ExactReal not_a_number<ExactReal>();  // unknown
// Exactly n, respectively q (verify/numbers/rational.hpp's conversions of case inputs).
template <>
ExactReal integer_to<ExactReal>(const Integer& n);
template <>
ExactReal rational_to<ExactReal>(const Rational& q);
bool is_finite_value(const ExactReal& x);

// An enclosure of x at the working precision (NaN for an unknown value), e.g. to compare with an
// interval evaluation. Its ends lie in MPFR's exponent range, as every MPFR number of this process
// must (Arb's exponents are unbounded: 2^(2^31) came back beyond it, and its bytes, sent from an
// exact decision's child, could not be read): an end beyond it is brought in outward, an overflow
// to the largest number or an infinity, an underflow to 0 or the smallest number.
Interval enclosure_of(const ExactReal& x);

// Throws NoExactForm, as ExactScope::limit_generators does while the sum is formed, when the sum
// of `terms` will need a field of more generators than the current scope allows, in the case
// where that is known before summing: every term is rational or exactly e^q for a rational q
// (softmax's terms). Such a sum, with at least one e^q, is transcendental (Lindemann-Weierstrass),
// so Calcium never moves it to a smaller field: its field has a generator for each distinct e^q.
// Otherwise does nothing. Summing first would build fields of 2, 3, ... generators up to the
// budget, each with a search for relations between them: seconds for a softmax of thousands of
// distinct logits, only to give up.
void limit_generators_of_exponential_sum(std::span<const ExactReal> terms);

// Whether R holds exact values. Shared code whose result for point types is only an
// approximation (the midpoint of a bisection) returns ExactReal::unknown for it instead.
template <class R>
inline constexpr bool is_exact_number_v = false;
template <>
inline constexpr bool is_exact_number_v<ExactReal> = true;

}  // namespace nb

// Eigen's defaults (GenericNumTraits) fit an exact scalar except for its sign, costs and NaN.
namespace Eigen {
template <>
struct NumTraits<nb::ExactReal> : GenericNumTraits<nb::ExactReal> {
  enum { IsSigned = 1, AddCost = 16, MulCost = 32 };
  static nb::ExactReal quiet_NaN() { return nb::not_a_number<nb::ExactReal>(); }
};
}  // namespace Eigen
