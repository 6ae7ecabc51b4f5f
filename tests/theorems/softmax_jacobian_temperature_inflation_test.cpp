// softmax-jacobian-temperature-inflation: exact 1/T scaling at tied logits, a certified
// counterexample at distinct logits, and a weakened claim (a smaller factor than 2) still caught.
#include <gtest/gtest.h>

#include "tests/theorems/logits_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace softmax_jacobian_temperature_inflation_test {

using namespace witness;
const std::string kId = "softmax-jacobian-temperature-inflation";

TEST(SoftmaxJacobianTemperatureInflation, TiedLogitsScaleExactlyLikeOneOverT) {
  // alpha = 1/3 at every T: ||J(T)||_2 = 1/(3T).
  const Case c = logits_case(kId, {2, 2, 2}, "1");
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
}

TEST(SoftmaxJacobianTemperatureInflation, DistinctLogitsAtSmallTAreACounterexample) {
  // L = 2, logits (0, 1): ||J(T)||_2 = 2 alpha_1 alpha_2 / T = 1/(2 T cosh^2(1/(2T))). At T = 1/4,
  // 0.141; at T = 1/8, 0.0054: halving T shrinks the norm 26-fold.
  const Case c = logits_case(kId, {0, 1}, "1/4");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_LT(upper_end_of(quantity(s, "||J(T/2)||_2")), Mpfr("0.006"));
  EXPECT_GT(lower_end_of(quantity(s, "||J(T)||_2")), Mpfr("0.14"));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Violated);
  // Even "halving T does not shrink the norm" (factor 1/2 instead of 2) is refuted here.
  EXPECT_EQ(with_scaled_bound(kId, c, 0, Interval(1) / 4), Verdict::Violated);
}

}  // namespace softmax_jacobian_temperature_inflation_test
}  // namespace nb
