// softmax-jacobian-frobenius: ||J||_F = 1/(2T) exactly at L = 2, l = (0, 0); the middle bound is
// attained at tied logits of any length; weakened bounds are caught there.
#include <gtest/gtest.h>

#include "tests/theorems/logits_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace softmax_jacobian_frobenius_test {

using namespace witness;
const std::string kId = "softmax-jacobian-frobenius";

TEST(SoftmaxJacobianFrobenius, MaximumAtTwoTiedLogits) {
  // T J = [[1/4, -1/4], [-1/4, 1/4]]: ||T J||_F = sqrt(4/16) = 1/2, and p = 1/2.
  const Case c = logits_case(kId, {0, 0}, "2");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "||J||_F"), Mpfr(1) / 4));
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 1, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxJacobianFrobenius, TiedLogitsAttainTheMiddleBound) {
  // alpha = 1/5: T^2 ||J||_F^2 = 5 (4/25)^2 + 20 (1/25)^2 = 100/625 = 4/25 = p (1 - p).
  const Case c = logits_case(kId, {1, 1, 1, 1, 1}, "1");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "||J||_F"), Mpfr(2) / 5));
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxJacobianFrobenius, UnequalWeightsAreProvenWithRoom) {
  EXPECT_EQ(check(kId, logits_case(kId, {0, 1, 3}, "1")).verdict, Verdict::Proven);
}

}  // namespace softmax_jacobian_frobenius_test
}  // namespace nb
