// separability-fraction-cap: a certified configuration with N_s/N = 1 at N = 2, and one with
// N_s/N = 1/2 where the 80% reading holds.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace separability_fraction_cap_test {

using namespace witness;
const std::string kId = "separability-fraction-cap";

TEST(SeparabilityFractionCap, EveryTopTokenSeparable) {
  // Logits (1, 1, 0), T = 1: weights a, a, b. x_0 = (1, 0), x_1 = (0, 1), s = (a, a), so
  // ||s - a x_k|| = a, while the left-out x_2 = (-1, 0) gives r = ||(a + b, a)|| > a: N_s = 2 = N.
  const Case c = token_case(kId, {1, 1, 0}, "1", {{1, 0}, {0, 1}, {-1, 0}}, 2);
  const CaseOutcome o = check(kId, c);
  EXPECT_EQ(o.verdict, Verdict::Violated);
  EXPECT_EQ(o.value.lo, "1");
  EXPECT_EQ(o.value.hi, "1");
}

TEST(SeparabilityFractionCap, HalfSeparableHolds) {
  // Same weights, x_1 = (0, 3), given r = 0.8: ||s - a x_1|| = a ~ 0.42 < r, ||s - a x_0|| = 3a >
  // r, and the left-out token is at distance ~1.39 > r: N_s = 1 of 2.
  Case c = token_case(kId, {1, 1, 0}, "1", {{1, 0}, {0, 3}, {-1, 0}}, 2);
  c.numbers["r"] = ExactTensor::literal("0.8");
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
  // A cap of 1/2 (4/5 scaled by 5/8) is attained here, and 1/2 - 2^-20 is caught.
  EXPECT_EQ(with_scaled_bound(kId, c, 0, Interval(5) / 8 * one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SeparabilityFractionCap, SuiteWitnessesHaveAtLeastTwoSelectedTokens) {
  // N = 1 would make any separable top token a violation; the suite's witnesses must not be those.
  const std::vector<Case> cases = theorems::find(kId)->suite({2508178, 40});
  std::size_t violated = 0;
  for (const Case& c : cases) {
    ASSERT_GE(c.integer("N"), 2) << c.label;
    violated += check(kId, c).verdict == Verdict::Violated;
  }
  EXPECT_GT(violated, 0u);
}

}  // namespace separability_fraction_cap_test
}  // namespace nb
