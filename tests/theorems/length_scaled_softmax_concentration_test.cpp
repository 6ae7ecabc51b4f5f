// length-scaled-softmax-concentration: attained by one logit g above L - 1 tied ones, a weakened
// bound caught there; with s g > 1 the top weight grows toward 1 with L instead of fading like 1/L.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace length_scaled_softmax_concentration_test {

using namespace witness;
const std::string kId = "length-scaled-softmax-concentration";

Case scaled(std::vector<double> logits, double s) {
  Case c;
  c.theorem = kId;
  c.label = "witness";
  c.numbers["logits"] = ExactTensor::vector(std::move(logits));
  c.numbers["s"] = ExactTensor::scalar(s);
  return c;
}

TEST(LengthScaledSoftmaxConcentration, OneLogitAboveTiedOnesAttainsTheBound) {
  // L = 4, s = 1, g = 1: alpha_max = 1 / (1 + 3 e^{-log 4}) = 1 / (1 + 3/4) = 4/7.
  const Case c = scaled({1, 0, 0, 0}, 1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "max_i alpha_i"), Mpfr(4) / 7));
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_plus_2_to(-20)), Verdict::Violated);
}

// Tied logits (g = 0): alpha_max = 1/L = the bound, exactly, in binary64 intervals already (the
// default suite's case 3, "ties L=4 s=2"). The point enclosure [0, 0] certifies slack = 0, so the
// case is EQUAL (exact) from the binary64 tier, as Calcium would decide it; it was NEAR-TIGHT.
TEST(LengthScaledSoftmaxConcentration, TiedLogitsAttainTheBoundInTheBinary64Tier) {
  const CaseOutcome o = check(kId, scaled({0, 0, 0, 0}, 2));
  EXPECT_EQ(o.verdict, Verdict::EqualExact);
  EXPECT_EQ(o.precision_bits, kBinary64TierBits);
  EXPECT_TRUE(slack_is_exactly_zero(o));
  EXPECT_EQ(o.exact, "") << "no exact evaluation was needed";
}

TEST(LengthScaledSoftmaxConcentration, TopWeightGrowsWithLWhenSgExceedsOne) {
  // s = 2, g = 1: alpha_max = 1 / (1 + (L - 1)/L^2) -> 1, while plain softmax gives e/(e + L - 1) -> 0.
  set_working_precision(128);
  Mpfr previous = 0;
  for (std::size_t L : {2u, 16u, 256u}) {
    std::vector<double> l(L, 0.0);
    l[0] = 1;
    const Sides<Interval> s = theorems::find(kId)->evaluate_interval(scaled(l, 2), EvalContext{});
    const Interval top = quantity(s, "max_i alpha_i");
    EXPECT_TRUE(contains(top, Mpfr(L * L) / (L * L + L - 1))) << "L = " << L;
    EXPECT_GT(lower_end_of(top), previous);
    previous = upper_end_of(top);
  }
}

TEST(LengthScaledSoftmaxConcentration, LowerLogitsSpreadOutLeaveRoom) {
  EXPECT_EQ(check(kId, scaled({1, 0, -1, -2}, 1)).verdict, Verdict::Proven);
}

}  // namespace length_scaled_softmax_concentration_test
}  // namespace nb
