// Lemma 1 (normalizer-weight-bounds): the equality case a = 0 for every kernel, weakened
// constants caught there, a closed-form extreme configuration, and assumption errors.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace normalizer_weight_bounds_test {

using namespace witness;

const std::string kId = "normalizer-weight-bounds";

Case lemma1_case(const std::string& kernel, std::vector<double> logits, double a) {
  Case c;
  c.label = kernel;
  c.numbers["logits"] = ExactTensor::vector(std::move(logits));
  c.numbers["a"] = ExactTensor::scalar(a);
  c.options["normalizer"] = kernel;
  if (kernel == "square") {
    c.numbers["s"] = ExactTensor::scalar(a + 0.5);
  } else {
    c.numbers["T"] = ExactTensor::literal("0.1");
    c.numbers["c"] = ExactTensor::literal("1/8");  // read by tanh only
  }
  return c;
}

TEST(NormalizerWeightBounds, ZeroRangeIsTheEqualityCaseAndWeakerConstantsAreCaught) {
  for (const char* kernel : {"softmax", "softplus", "tanh", "square"}) {
    const Case c = lemma1_case(kernel, {0, 0, 0, 0, 0}, 0);
    const Verdict v = check(kId, c).verdict;
    EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight)
        << kernel << ": alpha_i = 1/5 = C/L, got " << verdict_name(v);
    EXPECT_EQ(with_scaled_bound(kId, c, 0, one_plus_2_to(-20)), Verdict::Violated) << kernel;
    EXPECT_EQ(with_scaled_bound(kId, c, 1, one_minus_2_to(-20)), Verdict::Violated) << kernel;
  }
}

TEST(NormalizerWeightBounds, ExtremeConfigurationMatchesItsClosedForm) {
  // One logit at a = 1 and three at -a, softplus at T = 0.1: L max alpha = 4 F(1) / (F(1) + 3 F(-1)),
  // L min alpha = 4 F(-1) / (F(1) + 3 F(-1)), C_2 = F(1) / F(-1), F(l) = log(1 + e^{10 l}).
  const Case c = lemma1_case("softplus", {-1, 1, -1, -1}, 1);
  const double top = std::log1p(std::exp(10.0)), bottom = std::log1p(std::exp(-10.0));
  set_working_precision(128);
  const Sides<double> s = theorems::find(kId)->evaluate_double(c, EvalContext{});
  EXPECT_NEAR(quantity(s, "L max_i alpha_i"), 4 * top / (top + 3 * bottom), 1e-12);
  EXPECT_NEAR(quantity(s, "L min_i alpha_i"), 4 * bottom / (top + 3 * bottom), 1e-12);
  EXPECT_NEAR(quantity(s, "C_2") / (top / bottom), 1, 1e-12);
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}

TEST(NormalizerWeightBounds, LargeLIsEvaluatedAndProven) {
  std::vector<double> logits(100000);
  for (std::size_t i = 0; i < logits.size(); ++i) logits[i] = std::ldexp(static_cast<double>(i % 17) - 8, -3);
  EXPECT_EQ(check(kId, lemma1_case("tanh", logits, 1)).verdict, Verdict::Proven);
}

// Whether two enclosures of the same number meet (both contain it, so disjoint ones mean that one
// is not an enclosure).
bool meet(const DoubleInterval& fast, const Interval& reference) {
  return !fast.is_nan() && mpfr_rounded_down(fast.lower()) <= upper_end_of(reference) &&
         lower_end_of(reference) <= mpfr_rounded_up(fast.upper());
}

// The binary64 tier's logit shift (l_i - max_j l_j, one DoubleInterval subtraction) within an ulp
// of overflow (tests/cli/data/logit-shift-near-overflow.json): TwoSum's error term overflowed to
// NaN and the inexact difference came back as a point, so that alpha, and the printed enclosure of
// L min_i alpha_i, excluded the exact value. Every side and quantity of the binary64 evaluation
// must meet the 1000-bit MPFI evaluation's.
TEST(NormalizerWeightBounds, Binary64EnclosuresNearOverflowMeetMpfis) {
  const double max = std::numeric_limits<double>::max();
  Case c = lemma1_case("softmax", {max, 0x1.57e18290ab48fp+1022}, max);
  c.numbers.erase("c");
  c.numbers["T"] = ExactTensor::literal("0x1p1018");
  const Theorem& theorem = *theorems::find(kId);
  const Sides<DoubleInterval> fast = theorem.evaluate_fast(c, EvalContext{});
  set_working_precision(1000);
  const Sides<Interval> reference = theorem.evaluate_interval(c, EvalContext{});
  ASSERT_EQ(fast.quantities.size(), reference.quantities.size());
  for (std::size_t k = 0; k < fast.quantities.size(); ++k)
    EXPECT_TRUE(meet(fast.quantities[k].second, reference.quantities[k].second))
        << fast.quantities[k].first << ": [" << fast.quantities[k].second.lower() << ", "
        << fast.quantities[k].second.upper() << "] misses " << reference.quantities[k].second;
  ASSERT_EQ(fast.claims.size(), reference.claims.size());
  for (std::size_t k = 0; k < fast.claims.size(); ++k) {
    EXPECT_TRUE(meet(fast.claims[k].value, reference.claims[k].value)) << fast.claims[k].name << ": value";
    EXPECT_TRUE(meet(fast.claims[k].bound, reference.claims[k].bound)) << fast.claims[k].name << ": bound";
  }
}

TEST(NormalizerWeightBounds, AssumptionsAreInputErrors) {
  EXPECT_THROW(check_or_refusal(kId, lemma1_case("softmax", {0, 2}, 1)), InputError) << "logit above a";
  EXPECT_THROW(check_or_refusal(kId, lemma1_case("softmax", {-1.5, 0}, 1)), InputError) << "logit below -a";
  EXPECT_THROW(check_or_refusal(kId, lemma1_case("softmax", {}, 1)), InputError) << "no logits";
  EXPECT_THROW(check_or_refusal(kId, lemma1_case("sparsemax", {0}, 1)), InputError) << "unknown kernel";
  Case c = lemma1_case("square", {0, 1}, 1);
  c.numbers["s"] = ExactTensor::scalar(1);
  EXPECT_THROW(check_or_refusal(kId, c), InputError) << "square kernel with s = a vanishes at -a";
  c = lemma1_case("tanh", {0, 1}, 1);
  c.numbers["T"] = ExactTensor::literal("-0.1");
  EXPECT_THROW(check_or_refusal(kId, c), InputError) << "T < 0";
  c = lemma1_case("tanh", {0, 1}, 1);
  c.numbers.erase("c");
  EXPECT_THROW(check_or_refusal(kId, c), InputError) << "tanh without c";
}

}  // namespace normalizer_weight_bounds_test
}  // namespace nb
