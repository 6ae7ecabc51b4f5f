// topn-distance-fixed-normsum: the equality case x_2 = -x_1 (a weakened bound is caught there)
// and a hand-computed configuration.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace topn_distance_fixed_normsum_test {

using namespace witness;
const std::string kId = "topn-distance-fixed-normsum";

TEST(TopnDistanceFixedNormsum, AntipodalPairIsTheEqualityCase) {
  // d^ = ||a_2 x_2 - a_1 x_1|| = ||x_1|| = (1 - a) 2 ||x_1|| + |1 - 2a| ||x_1|| when a >= 1/2.
  const Case c = token_case(kId, {2, 0}, "1/4", {{-1, 2, 2}, {1, -2, -2}}, 1);
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(TopnDistanceFixedNormsum, HandComputedTerms) {
  // alpha = 1/3 each, I = {0}: d^ = ||(0, 1/3) + 0 - (1/3, 0)|| = sqrt(2)/3,
  // bound = (2/3) sqrt(2) + |1 - 2/3| * 1.
  const Case c = token_case(kId, {0, 0, 0}, "1", {{1, 0}, {0, 1}, {0, 0}}, 1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims[0].value, sqrt(Mpfr(2)) / 3));
  EXPECT_TRUE(contains(s.claims[0].bound, (2 * sqrt(Mpfr(2)) + 1) / 3));
}

}  // namespace topn_distance_fixed_normsum_test
}  // namespace nb
