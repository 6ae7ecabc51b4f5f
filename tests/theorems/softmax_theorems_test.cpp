// Known witnesses of the four softmax theorems, and weakened bounds that must be caught there.
#include <gtest/gtest.h>

#include "tests/theorems/logits_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace softmax_theorems_test {

using witness::check;
using witness::check_or_refusal;
using witness::logits_case;
using witness::one_minus_2_to;
using witness::one_plus_2_to;
using witness::with_scaled_bound;

TEST(Corollary3AsPrinted, WitnessIsACertifiedCounterexampleWithSlackMinusOneQuarter) {
  const CaseOutcome o = check("softmax-jacobian-spectral-as-printed", logits_case("", {0, 0}, "1"));
  ASSERT_EQ(o.verdict, Verdict::Violated);
  set_working_precision(256);
  const Mpfr quarter("0.25"), eps = ldexp(Mpfr(1), -100);
  EXPECT_GE(Mpfr(o.slack.lo), -quarter - eps) << o.slack.lo;
  EXPECT_LE(Mpfr(o.slack.hi), -quarter + eps) << o.slack.hi;
}

TEST(Corollary3AsPrinted, ViolatedAtEveryTemperatureIncludingTheSqrt2Cap) {
  for (const char* T : {"1/1000", "0.1", "1", "100"})
    EXPECT_EQ((check("softmax-jacobian-spectral-as-printed", logits_case("", {3, 3}, T)).verdict), Verdict::Violated) << T;
}

TEST(SharpSpectralBound, WitnessIsTightAndBothBoundsAreSharp) {
  const Case w = logits_case("", {0, 0}, "1");
  // ||J||_2 = 1/2 exactly; the enclosure may even prove it (the Frobenius bound is exact here),
  // so the verdict is EQUAL (exact) or NEAR-TIGHT with a vanishing slack, never PROVEN with room.
  const CaseOutcome o = check("softmax-jacobian-spectral-sharp", w);
  EXPECT_TRUE(o.verdict == Verdict::EqualExact || o.verdict == Verdict::NearTight) << verdict_name(o.verdict);
  set_working_precision(256);
  EXPECT_LT(Mpfr(o.slack.hi) - Mpfr(o.slack.lo), ldexp(Mpfr(1), -100));
  // 1/(2T) and max alpha / T are both attained: shrinking either by 2^-20 is caught.
  EXPECT_EQ(with_scaled_bound("softmax-jacobian-spectral-sharp", w, 0, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound("softmax-jacobian-spectral-sharp", w, 1, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound("softmax-jacobian-spectral-sharp", w, 0, one_plus_2_to(-20)), Verdict::NearTight);
}

TEST(SharpSpectralBound, ProvenWithRoomOnSpreadLogits) {
  const CaseOutcome o = check("softmax-jacobian-spectral-sharp", logits_case("", {0, 1, 2, 3}, "1"));
  EXPECT_EQ(o.verdict, Verdict::Proven);
}

TEST(EntryBound, WitnessIsAnExactEqualityAndAWeakerConstantIsCaught) {
  const Case w = logits_case("", {0, 0}, "1");
  const CaseOutcome o = check("softmax-jacobian-entry", w);
  EXPECT_EQ(o.verdict, Verdict::EqualExact) << "alpha = (1/2, 1/2) is exact: |J_11| = 1/4 = 1/(4T), slack certified 0";
  EXPECT_EQ(o.slack.lo, "0");
  EXPECT_EQ(o.slack.hi, "0");
  EXPECT_EQ(with_scaled_bound("softmax-jacobian-entry", w, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(WeightBounds, ZeroQueryIsTheEqualityCaseAndShrinkingTheUpperBoundIsCaught) {
  Case c;
  c.label = "q = 0";
  c.numbers["query"] = ExactTensor::vector({0, 0});
  c.numbers["keys"] = ExactTensor(3, 2, {1, 2, 3, 4, 5, 6});
  c.numbers["T"] = ExactTensor::literal("1");
  const Verdict v = check("softmax-weight-bounds", c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v) << ": alpha_i = 1/3 = both bounds";
  EXPECT_EQ(with_scaled_bound("softmax-weight-bounds", c, 1, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound("softmax-weight-bounds", c, 0, one_plus_2_to(-20)), Verdict::Violated);
}

TEST(WeightBounds, MismatchedDimensionsAreInputErrors) {
  Case c;
  c.label = "bad";
  c.numbers["query"] = ExactTensor::vector({1, 2, 3});
  c.numbers["keys"] = ExactTensor(2, 2, {1, 2, 3, 4});
  c.numbers["T"] = ExactTensor::literal("1");
  EXPECT_THROW(check_or_refusal("softmax-weight-bounds", c), InputError);
  c.numbers["keys"] = ExactTensor(1, 3, {1, 2, 3});
  c.numbers["T"] = ExactTensor::literal("-1");
  EXPECT_THROW(check_or_refusal("softmax-weight-bounds", c), InputError);
}

TEST(SoftmaxInputs, NonPositiveTemperatureAndEmptyLogitsAreInputErrors) {
  EXPECT_THROW((check_or_refusal("softmax-jacobian-entry", logits_case("", {0, 1}, "0"))), InputError);
  EXPECT_THROW((check_or_refusal("softmax-jacobian-entry", logits_case("", {0, 1}, "-1/2"))), InputError);
  EXPECT_THROW((check_or_refusal("softmax-jacobian-entry", logits_case("", {}, "1"))), InputError);
}

}  // namespace softmax_theorems_test
}  // namespace nb
