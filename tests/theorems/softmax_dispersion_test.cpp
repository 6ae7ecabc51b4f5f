// softmax-dispersion: attained by one logit above L - 1 equal ones, a weakened bound caught there,
// and a spread of logits that leaves room.
#include <gtest/gtest.h>

#include "tests/theorems/logits_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace softmax_dispersion_test {

using namespace witness;
const std::string kId = "softmax-dispersion";

TEST(SoftmaxDispersion, TwoLevelLogitsAttainTheBound) {
  // logits (3, 0, 0, 0), T = 1: alpha_max = e^3/(e^3 + 3) = the bound (delta = 3, L = 4).
  const Case c = logits_case(kId, {3, 0, 0, 0}, "1");
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  const Mpfr e3 = exp(Mpfr(3));
  EXPECT_TRUE(contains(s.claims.at(0).bound, e3 / (e3 + 3)));
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SoftmaxDispersion, IntermediateLogitsLeaveRoom) {
  // logits (3, 1.5, 0): the middle logit is above min l, so alpha_max < the bound.
  EXPECT_EQ(check(kId, logits_case(kId, {3, 1.5, 0}, "1")).verdict, Verdict::Proven);
}

}  // namespace softmax_dispersion_test
}  // namespace nb
