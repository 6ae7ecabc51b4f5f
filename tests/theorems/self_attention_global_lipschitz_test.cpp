// self-attention-global-lipschitz: on x = (0, c), dy_1/dx_1 = 1/2 + c^2/4 exactly, so every
// constant C fails once c is large; at C equal to that value the bound is attained, and C just
// below it is caught.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace self_attention_global_lipschitz_test {

using namespace witness;
const std::string kId = "self-attention-global-lipschitz";

Case tokens_case(std::vector<double> x, const std::string& C) {
  Case c;
  c.theorem = kId;
  c.label = "witness";
  c.numbers["tokens"] = ExactTensor::vector(std::move(x));
  c.numbers["C"] = ExactTensor::literal(C);
  return c;
}

TEST(SelfAttentionGlobalLipschitz, EntryGrowsLikeTheSquareOfTheScale) {
  set_working_precision(128);
  for (double c : {1.0, 8.0, 1024.0}) {
    const Sides<Interval> s = theorems::find(kId)->evaluate_interval(tokens_case({0, c}, "1"), EvalContext{});
    EXPECT_TRUE(contains(quantity(s, "dy_1/dx_1"), Mpfr(1) / 2 + Mpfr(c) * Mpfr(c) / 4)) << "c = " << c;
  }
  // x = (0, 1, 3): P = 1/3, dy_1/dx_1 = 1/3 + Var(0, 1, 3) = 1/3 + 10/3 - 16/9 = 17/9.
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(tokens_case({0, 1, 3}, "1"), EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "dy_1/dx_1"), Mpfr(17) / 9));
}

TEST(SelfAttentionGlobalLipschitz, EveryConstantIsExceeded) {
  // C = 10^6 fails at c = 2048 (1/2 + 2^20 > 10^6) and holds at c = 1024 (1/2 + 2^18).
  EXPECT_EQ(check(kId, tokens_case({0, 2048}, "1000000")).verdict, Verdict::Violated);
  EXPECT_EQ(check(kId, tokens_case({0, 1024}, "1000000")).verdict, Verdict::Proven);
}

TEST(SelfAttentionGlobalLipschitz, ConstantAtTheEntryIsAttained) {
  // c = 2: dy_1/dx_1 = 3/2 exactly; C = 3/2 is attained, C = 3/2 (1 - 2^-20) is caught.
  const Case c = tokens_case({0, 2}, "3/2");
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

}  // namespace self_attention_global_lipschitz_test
}  // namespace nb
