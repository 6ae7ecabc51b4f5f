// topn-distance-full-selection: every claim is an exact zero in interval arithmetic.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace topn_distance_full_selection_test {

using namespace witness;
const std::string kId = "topn-distance-full-selection";

TEST(TopnDistanceFullSelection, AllClaimsAreExactZeros) {
  const Case c = token_case(kId, {0.25, -3, 7, 1}, "0.1", {{1, 2}, {3, -1}, {0, 5}, {-2, -2}}, 0);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  ASSERT_EQ(s.claims.size(), 4u);
  for (const auto& claim : s.claims) {
    EXPECT_EQ(upper_end_of(abs(claim.value)), 0) << claim.name << " = " << claim.value;
    EXPECT_EQ(claim.relation, Relation::Equal);
  }
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}
}  // namespace topn_distance_full_selection_test
}  // namespace nb
