// topn-distance-fixed: the equality case x_2 = -x_1 (a weakened bound is caught there), a
// hand-computed configuration, and assumption errors.
#include <cmath>

#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace topn_distance_fixed_test {

using namespace witness;
const std::string kId = "topn-distance-fixed";

TEST(TopnDistanceFixed, AntipodalPairIsTheEqualityCase) {
  // d~ = ||a_2 x_2 - a_1 x_1|| = ||x_1|| = 5 = (1 - a) 2||x_1|| + (a - (1 - a)) ||x_1||.
  const Case c = token_case(kId, {1, 0}, "1", {{3, 4}, {-3, -4}}, 1);
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(TopnDistanceFixed, HandComputedTerms) {
  // alpha = 1/3 each; I = {0} (tie to the smaller index); s = (1/3, 0).
  // d~ = ||(0, 1/3) - s|| + ||0 - s|| = sqrt(2)/3 + 1/3; d_1 = sqrt(2), d_2 = 1, a = 1/3:
  // bound = (2/3) sqrt(2) + (2/3 - 2/3) 1 = 2 sqrt(2)/3.
  const Case c = token_case(kId, {0, 0, 0}, "1", {{1, 0}, {0, 1}, {0, 0}}, 1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims[0].value, (sqrt(Mpfr(2)) + 1) / 3));
  EXPECT_TRUE(contains(s.claims[0].bound, 2 * sqrt(Mpfr(2)) / 3));
  EXPECT_TRUE(contains(quantity(s, "d_1"), sqrt(Mpfr(2))));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}

TEST(TopnDistanceFixed, AllSelectedGivesZeroOnBothSides) {
  const Case c = token_case(kId, {0.5, -2, 1}, "0.1", {{1, 2}, {3, -1}, {0, 5}}, 3);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_EQ(upper_end_of(abs(s.claims[0].value)), 0);
  EXPECT_EQ(upper_end_of(abs(s.claims[0].bound)), 0);
}

TEST(TopnDistanceFixed, RefusesBadInputs) {
  const Theorem& t = *theorems::find(kId);
  EXPECT_THROW(t.check_assumptions(token_case(kId, {0, 0}, "1", {{1}, {2}}, 3)), InputError);
  EXPECT_THROW(t.check_assumptions(token_case(kId, {0, 0}, "1", {{1}, {2}}, -1)), InputError);
  EXPECT_THROW(t.check_assumptions(token_case(kId, {0, 0}, "1", {{1}, {2}, {3}}, 1)), InputError);
  EXPECT_THROW(t.check_assumptions(token_case(kId, {0, 0}, "-1", {{1}, {2}}, 1)), InputError);
}

}  // namespace topn_distance_fixed_test
}  // namespace nb
