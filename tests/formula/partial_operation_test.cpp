// The domains of partial operations (verify/formula/partial_operation.hpp) in every tier: an
// argument certainly outside a domain throws OutsideDomain (the claim has no value there), one
// that may be outside gives NaN (unknown), never an infinite end or a half-line; binary64 and MPFI
// agree on a box reaching the edge; the exact tier never computes in the complex numbers.
#include <gtest/gtest.h>

#include <string>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/outside_domain.hpp"
#include "verify/prove/gradient_number.hpp"

namespace nb::formula {
namespace {

// The literal's enclosure (its exact value for ExactReal).
template <class R>
R at(const std::string& literal) {
  return ExactTensor::literal(literal).entry<R>(0);
}

// An enclosure of the box [lo, hi].
template <class R>
R box(const std::string& lo, const std::string& hi) {
  return between(lower_end_of(at<R>(lo)), upper_end_of(at<R>(hi)));
}

template <class R>
R value_of(const std::string& text, const R& x) {
  const Formula f = parse_formula(text);
  return evaluate_scalar(f, Bindings<R>{{"x", x}});
}

template <class R>
bool is_unknown(const R& x) {
  const auto lo = lower_end_of(x), hi = upper_end_of(x);
  return !(lo == lo) || !(hi == hi);
}

template <class R>
class PartialOperations : public ::testing::Test {
 protected:
  void SetUp() override { set_working_precision(256); }
};
using IntervalTypes = ::testing::Types<DoubleInterval, Interval>;
TYPED_TEST_SUITE(PartialOperations, IntervalTypes);

// log of [0, w], 1/[0, w], sqrt of [-e, w]: unknown in both interval tiers, not [-inf, ...] or [1/w, +inf].
TYPED_TEST(PartialOperations, ABoxReachingTheEdgeOfTheDomainIsUnknown) {
  using R = TypeParam;
  const R zero_to_quarter = box<R>("0", "1/4"), around_zero = box<R>("-1/8", "1/4");
  for (const std::string text : {"log(x)", "1 / x", "x^-1", "x^-2", "x^0.5", "x^(1/3)", "log1p(x - 1)", "x * log(x)",
                                 "exp(log(x))", "1 / (x - x)"})
    EXPECT_TRUE(is_unknown(value_of(text, zero_to_quarter))) << text;
  for (const std::string text : {"sqrt(x)", "1 / x", "log(x)"})
    EXPECT_TRUE(is_unknown(value_of(text, around_zero))) << text;
  // Defined on the whole box: a value.
  EXPECT_FALSE(is_unknown(value_of<R>("sqrt(x)", zero_to_quarter)));
  EXPECT_FALSE(is_unknown(value_of<R>("x^2", around_zero)));
  EXPECT_FALSE(is_unknown(value_of<R>("log(x + 1)", zero_to_quarter)));
}

// An argument certainly outside the domain at a point or on a whole box: the expression has no
// value there.
TYPED_TEST(PartialOperations, AnArgumentCertainlyOutsideTheDomainIsUndefined) {
  using R = TypeParam;
  for (const auto& [text, x] : std::initializer_list<std::pair<std::string, std::string>>{
           {"log(x)", "0"}, {"log(x)", "-2"}, {"exp(log(x))", "0"}, {"sqrt(x)", "-2"}, {"sqrt(x) * sqrt(x)", "-2"},
           {"1 / x", "0"}, {"x^-1", "0"}, {"x^0.5", "0"}, {"x^(1/2)", "-4"}, {"log1p(x)", "-1"}, {"log1p(x)", "-3"},
           {"1 / (x - x)", "1/2"}})
    EXPECT_THROW(value_of(text, at<R>(x)), OutsideDomain) << text << " at " << x;
  EXPECT_THROW(value_of("log(x)", box<R>("-2", "-1")), OutsideDomain);
  try {
    value_of("1 + log(x)", at<R>("0"));
  } catch (const OutsideDomain& e) {
    EXPECT_STREQ(e.what(), "outside the domain of log at column 5 of '1 + log(x)': its argument is not > 0");
  }
}

// The edges that belong to a domain: sqrt(0) = 0, 0^2 = 0, 0^0 = 1.
TYPED_TEST(PartialOperations, TheEdgeInsideADomainHasItsValue) {
  using R = TypeParam;
  for (const auto& [text, value] : std::initializer_list<std::pair<std::string, double>>{
           {"sqrt(x)", 0.0}, {"x^2", 0.0}, {"x^0", 1.0}, {"sqrt(x) * sqrt(x)", 0.0}}) {
    const R v = value_of(text, at<R>("0"));
    EXPECT_TRUE(lower_end_of(v) == value && upper_end_of(v) == value) << text;
  }
}

// The binary64 operations themselves: never a half-line or the whole line for an undefined point.
TEST(DoubleIntervalDomains, ReachingTheEdgeIsUnknown) {
  const auto unit = DoubleInterval::from_ends(0, 1), around = DoubleInterval::from_ends(-1, 1);
  EXPECT_TRUE(log(unit).is_nan());
  EXPECT_TRUE(log1p(DoubleInterval::from_ends(-1, 0)).is_nan());
  EXPECT_TRUE((DoubleInterval(1) / unit).is_nan());
  EXPECT_TRUE((DoubleInterval(1) / around).is_nan());
  EXPECT_TRUE(sqrt(around).is_nan());
  // Overflow of a valid enclosure stays infinite.
  EXPECT_EQ(exp(DoubleInterval(1000)).upper(), DoubleInterval::kInf);
}

// The first derivatives over a box (prove's mean-value form) are unknown with the value.
TEST(GradientDomains, ABoxReachingTheEdgeIsUnknownAndAnUndefinedOneThrows) {
  using G = Gradient<DoubleInterval>;
  const G x(DoubleInterval::from_ends(0, 0.25), {DoubleInterval(1)});
  for (const std::string text : {"log(x)", "1 / x", "x * log(x)", "x^0.5"}) {
    const G v = value_of(text, x);
    EXPECT_TRUE(v.value.is_nan()) << text;
    EXPECT_FALSE(is_finite_value(v)) << text;
  }
  EXPECT_THROW(value_of("log(x)", G(DoubleInterval::from_ends(-2, -1), {DoubleInterval(1)})), OutsideDomain);
  const G inside = value_of("log(x)", G(DoubleInterval::from_ends(0.5, 1), {DoubleInterval(1)}));
  EXPECT_TRUE(is_finite_value(inside));
}

// The exact tier decides the sign of every argument first: sqrt(-2)^2 is not -2, and a divisor that
// is exactly 0 (which no interval shows) is undefined.
TEST(ExactDomains, TheExactTierNeverComputesInTheComplexNumbers) {
  ExactScope scope;
  EXPECT_THROW(value_of("sqrt(x) * sqrt(x)", at<ExactReal>("-2")), OutsideDomain);
  EXPECT_THROW(value_of("abs(log(x))", at<ExactReal>("-2")), OutsideDomain);
  EXPECT_THROW(value_of("log(x)", at<ExactReal>("0")), OutsideDomain);
  EXPECT_THROW(value_of("1 / abs(sqrt(x^2) - x)", at<ExactReal>("1/3")), OutsideDomain);
  EXPECT_THROW(value_of("x^(1/2)", at<ExactReal>("0")), OutsideDomain);
  EXPECT_EQ(sign_of(value_of("sqrt(x) * sqrt(x) - x", at<ExactReal>("2"))), ExactSign::Zero);
  EXPECT_EQ(sign_of(value_of("sqrt(x)", at<ExactReal>("0"))), ExactSign::Zero);
  // The number type alone: unknown, not a complex number.
  EXPECT_FALSE(sqrt(ExactReal(-2)).is_number());
  EXPECT_FALSE(log(ExactReal(-2)).is_number());
  EXPECT_FALSE(log(ExactReal(0)).is_number());
  EXPECT_FALSE(log1p(ExactReal(-1)).is_number());
  EXPECT_TRUE(sqrt(ExactReal(0)).is_number());
}

}  // namespace
}  // namespace nb::formula
