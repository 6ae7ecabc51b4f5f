#pragma once
// Integer arithmetic as formula vocabulary, for statements that count (Section 4's multi-head
// coverage 1 - (1 - p)^H against inclusion-exclusion over the H heads):
//   one_to(n)            the vector (1, 2, ..., n) of an integer n >= 1, so that sum(k, ...) runs
//                        over k = 1 ... n (`ks = "one_to(H)"`, then `sum(j, ... ks[j] ...)`);
//   binomial(n, k)       C(n, k) of integers n >= 0 and k (0 where k < 0 or k > n);
//   integer_power(x, n)  x^n for an integer n >= 0 by repeated multiplication (any sign of x;
//                        x^0 = 1), where `x ^ n` with n not a literal is exp(n log x), defined
//                        for x > 0 only.
// Contracts, for every number type R (double and Mpfr approximate; DoubleInterval, Interval and
// ArbInterval enclose: the output encloses the exact value for every point of the inputs, as each
// is a product of the arguments' enclosures and exact integers; ExactReal is exact, so an identity
// such as the coverage's inclusion-exclusion is decided EQUAL (exact)). An argument that must be
// an integer is one where its enclosure is a single integer (exactly, in the exact tier); one that
// certainly is no integer (or is negative where it may not be) is outside the domain (the claim has
// no value at that case), and one that an enclosure leaves undecided gives an unknown value. No
// derivative kernel: the integer arguments do not vary.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/formula/vocabulary/normalizers.hpp"
#include "verify/formula/vocabulary/vocabulary_function.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::formula {

// The longest one_to and the largest exponent and n of binomial: each costs that many operations.
inline constexpr std::int64_t kMaxIntegerArgument = 1000000;

namespace integers {

// The integer x is, where its enclosure is that integer (exactly, in the exact tier); nothing where
// an enclosure leaves it undecided. Throws OutsideDomain where x certainly is no integer in
// [low, kMaxIntegerArgument].
template <class R>
std::optional<std::int64_t> integer_argument(const R& x, const std::string& what, std::int64_t low) {
  const double guess = std::round(normalizers::approximation(x));
  const auto outside = [&](const std::string& why) { return OutsideDomain(what + " " + why); };
  if (!(std::abs(guess) <= static_cast<double>(kMaxIntegerArgument) + 1)) {
    if (std::isnan(guess)) return std::nullopt;
    throw outside("is beyond the limit of " + std::to_string(kMaxIntegerArgument));
  }
  const auto n = static_cast<std::int64_t>(guess);
  if constexpr (is_exact_number_v<R>) {
    const ExactSign s = sign_of(ExactReal(x - R(n)));
    if (s == ExactSign::Unknown) return std::nullopt;
    if (s != ExactSign::Zero) throw outside("is not an integer");
  } else {
    const R difference = R(x - R(static_cast<long>(n)));
    if (!(lower_end_of(difference) == 0 && upper_end_of(difference) == 0)) {
      // An enclosure holding no integer certainly is none; one wider than a point may hold one.
      if (std::ceil(static_cast<double>(lower_end_of(x))) > std::floor(static_cast<double>(upper_end_of(x))))
        throw outside("is not an integer");
      return std::nullopt;
    }
  }
  if (n < low) throw outside("is below " + std::to_string(low));
  if (n > kMaxIntegerArgument) throw outside("is beyond the limit of " + std::to_string(kMaxIntegerArgument));
  return n;
}

template <class R>
Vector<R> one_to(const R& n) {
  const std::optional<std::int64_t> count = integer_argument(n, "one_to's length", 1);
  if (!count) throw VocabularyMisuse("one_to's length is not decided to be an integer");
  Vector<R> out(static_cast<Eigen::Index>(*count));
  for (std::int64_t k = 0; k < *count; ++k) out[static_cast<Eigen::Index>(k)] = R(static_cast<long>(k + 1));
  return out;
}

// x^n by squaring: exact in the exact tier, an enclosure in intervals.
template <class R>
R power(const R& x, std::int64_t n) {
  R result = R(1), base = x;
  for (; n > 0; n /= 2) {
    if (n % 2 == 1) result = R(result * base);
    if (n > 1) base = R(base * base);
  }
  return result;
}

template <class R>
R integer_power(const R& x, const R& n) {
  const std::optional<std::int64_t> exponent = integer_argument(n, "integer_power's exponent", 0);
  if (!exponent) return not_a_number<R>();
  return power(x, *exponent);
}

// C(n, k) as the product of (n - k + j) / j over j = 1 ... k, each partial product an integer.
template <class R>
R binomial(const R& n_value, const R& k_value) {
  const std::optional<std::int64_t> n = integer_argument(n_value, "binomial's n", 0);
  const std::optional<std::int64_t> k = integer_argument(k_value, "binomial's k", -kMaxIntegerArgument);
  if (!n || !k) return not_a_number<R>();
  if (*k < 0 || *k > *n) return R(0);
  const std::int64_t m = std::min(*k, *n - *k);
  R c = R(1);
  for (std::int64_t j = 1; j <= m; ++j) c = R(c * R(static_cast<long>(*n - m + j)) / R(static_cast<long>(j)));
  return c;
}

}  // namespace integers

// The kernel of `name` in R, or an empty function where the name is not this family's (or, for
// the prove gradients, has no derivative kernel).
template <class R>
VocabularyKernel<R> integer_kernel(const std::string& name) {
  using Args = std::span<const Operand<R>>;
  if constexpr (!is_gradient_v<R>) {
    if (name == "one_to") return [](Args a) -> Value<R> { return integers::one_to(*a[0].scalar); };
    if (name == "binomial") return [](Args a) -> Value<R> { return integers::binomial(*a[0].scalar, *a[1].scalar); };
    if (name == "integer_power")
      return [](Args a) -> Value<R> { return integers::integer_power(*a[0].scalar, *a[1].scalar); };
  }
  return {};
}

// The family's entries (integers.cpp).
const std::vector<VocabularyEntry>& integer_entries();

}  // namespace nb::formula
