// topn-distance-random (theorems/topn-distance-random.toml): hand-computed E[d~], M and cap on
// three tokens, and the equality eps = 0 for identical vectors. Sampling against enumeration is
// tests/formula/formula_expectations_test.cpp.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace topn_distance_random_test {

using namespace witness;
const std::string kId = "topn-distance-random";

TEST(TopnDistanceRandom, HandComputedTerms) {
  // alpha = 1/3, y = (1, 0), (0, 1), (0, 0), N = 1. Pair distances sqrt(2), 1, 1:
  // E[d~] = (1/3) 2 (sqrt(2) + 2); M = (2/3)(||(1, -1/2)|| + ||(-1/2, 1)|| + ||(-1/2, -1/2)||)
  // = (2/3)(sqrt(5) + sqrt(2)/2); S_i^2 = 1/2, 1/2, 1 and N (L-1-N)/(L-1) = 1/2, so
  // cap = (2/3)(1/2 + 1/2 + sqrt(2)/2).
  const Case c = token_case(kId, {0, 0, 0}, "1", {{3, 0}, {0, 3}, {0, 0}}, 1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  const Mpfr r2 = sqrt(Mpfr(2));
  EXPECT_TRUE(contains(quantity(s, "E[d~]"), 2 * (r2 + 2) / 3));
  EXPECT_TRUE(contains(quantity(s, "M"), 2 * (sqrt(Mpfr(5)) + r2 / 2) / 3));
  EXPECT_TRUE(contains(quantity(s, "cap"), 2 * (1 + r2 / 2) / 3));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}

TEST(TopnDistanceRandom, IdenticalVectorsHaveNoJensenGap) {
  // Every subset gives d~ = (L - N)(N - 1) ||y|| = M: eps = 0 and cap = 0, both claims equalities.
  const Case c = token_case(kId, {0, 0, 0, 0, 0}, "1", {{5, 0}, {5, 0}, {5, 0}, {5, 0}, {5, 0}}, 2);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "E[d~]"), Mpfr(3)));
  EXPECT_TRUE(contains(quantity(s, "M"), Mpfr(3)));
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
}

}  // namespace topn_distance_random_test
}  // namespace nb
