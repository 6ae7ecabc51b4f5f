// topn-distance-random-monotone: with equal weights and identical vectors y, every subset has
// d~ = (L - N)(N - 1) ||y||, which rises from N = 1 to N = 2: a certified counterexample.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace topn_distance_random_monotone_test {

using namespace witness;
const std::string kId = "topn-distance-random-monotone";

TEST(TopnDistanceRandomMonotone, IdenticalVectorsAreACounterexample) {
  // L = 4, alpha = 1/4, x = (4, 0): ||y|| = 1, E[d~] at N = 1..4 is 0, 2, 2, 0.
  const Case c = token_case(kId, {0, 0, 0, 0}, "1", {{4, 0}, {4, 0}, {4, 0}, {4, 0}}, 0);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "E[d~] at N = 1"), Mpfr(0)));
  EXPECT_TRUE(contains(quantity(s, "E[d~] at N = 2"), Mpfr(2)));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Violated);
}

}  // namespace topn_distance_random_monotone_test
}  // namespace nb
