// softmax-jacobian-saturation: attained at L = 2 (T J has rank one), a weakened bound caught there,
// and a saturated input where the bound certifies a norm far below 1/(2T).
#include <gtest/gtest.h>

#include "tests/theorems/logits_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace softmax_jacobian_saturation_test {

using namespace witness;
const std::string kId = "softmax-jacobian-saturation";

TEST(SoftmaxJacobianSaturation, AttainedAtTwoTokens) {
  // alpha = (1/(1+e), e/(1+e)): ||J||_2 = 2 alpha_1 alpha_2 / T = 1 - ||alpha||^2 over T.
  const Case c = logits_case(kId, {0, 1}, "1/2");
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxJacobianSaturation, SaturatedWeightsGiveATinyNorm) {
  // Logits (0, 0, 40) at T = 1, alpha ~ (e, e, 1 - 2e) with e ~ e^-40: T J has eigenvalues e (on
  // (1, -1, 0)), 0 and ~3e, and 1 - ||alpha||^2 ~ 4e < 10^-16, far below 1/(2T). The second
  // claim, 4e - 6e^2 <= 2 (1 - alpha_max) = 4e, is nearly attained: NEAR-TIGHT.
  const Case c = logits_case(kId, {0, 0, 40}, "1");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_LT(upper_end_of(s.claims.at(0).bound), Mpfr("1e-16"));
  EXPECT_GT(lower_end_of(s.claims.at(0).bound), 0);
  EXPECT_EQ(check(kId, c).verdict, Verdict::NearTight);
  // ||J||_2 / bound ~ 3/4: a bound of 8/10 of it still holds, 7/10 of it is caught.
  EXPECT_EQ(with_scaled_bound(kId, c, 0, Interval(8) / 10), Verdict::Proven);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, Interval(7) / 10), Verdict::Violated);
}

TEST(SoftmaxJacobianSaturation, ThreeTiedLogitsLeaveRoom) {
  // alpha = 1/3: ||J||_2 = 1/3 (the top weight, a tied top logit) < 1 - 1/3 = 2/3.
  const Case c = logits_case(kId, {5, 5, 5}, "1");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims.at(0).value, Mpfr(1) / 3));
  EXPECT_TRUE(contains(s.claims.at(0).bound, Mpfr(2) / 3));
}

}  // namespace softmax_jacobian_saturation_test
}  // namespace nb
