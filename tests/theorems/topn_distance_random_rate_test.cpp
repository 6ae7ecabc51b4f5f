// topn-distance-random-rate: a hand-computed attained case (one non-zero vector), the antipodal
// pair, a weakened rate that must be caught there, and the sampled path's statistical verdict.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace topn_distance_random_rate_test {

using namespace witness;
const std::string kId = "topn-distance-random-rate";

TEST(TopnDistanceRandomRate, OneNonZeroVectorAttainsTheRate) {
  // L = 4 equal weights 1/4, only x_2 = (3, 4) != 0, so ||y_2|| = 5/4, N = 2. The 3 subsets
  // holding token 2 give d~ = 2 ||y_2|| = 5/2, the 3 others ||y_2|| = 5/4: E[d~] = 15/8, and the
  // rate (L-N)(N+1)/L sum_j alpha_j ||x_j|| = (2 * 3 / 4)(5/4) = 15/8.
  const Case c = token_case(kId, {1, 1, 1, 1}, "1", {{0, 0}, {0, 0}, {3, 4}, {0, 0}}, 2);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "E[d~]"), Mpfr(15) / 8));
  EXPECT_TRUE(contains(s.claims.at(0).bound, Mpfr(15) / 8));
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_plus_2_to(-20)), Verdict::NearTight);
}

TEST(TopnDistanceRandomRate, AntipodalPairAttainsTheRateAtUnequalWeights) {
  // L = 2, N = 1: E[d~] = ||y_1 - y_2|| = (alpha_1 + alpha_2) ||x|| = 5 = rate.
  const Case c = token_case(kId, {0, 2}, "1", {{3, 4}, {-3, -4}}, 1);
  const Verdict v = check(kId, c).verdict;
  EXPECT_TRUE(v == Verdict::EqualExact || v == Verdict::NearTight) << verdict_name(v);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(TopnDistanceRandomRate, FullSelectionIsZeroOnBothSides) {
  const Case c = token_case(kId, {0.5, -1, 3}, "1", {{1, 2}, {3, -1}, {0, 5}}, 3);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_EQ(upper_end_of(abs(s.claims.at(0).value)), 0);
  EXPECT_EQ(upper_end_of(abs(s.claims.at(0).bound)), 0);
}

TEST(TopnDistanceRandomRate, SampledRowsGiveStatisticalVerdicts) {
  // C(30, 10) > 200000 subsets: E[d~] is a confidence interval. Generic vectors leave the rate
  // far above it.
  std::vector<std::vector<double>> rows;
  for (int i = 0; i < 30; ++i) rows.push_back({static_cast<double>(i % 7) - 3, static_cast<double>(i % 5) - 2});
  const Case c = token_case(kId, std::vector<double>(30, 0), "1", rows, 10);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_EQ(s.claims.at(0).evidence, Evidence::Statistical);
  EXPECT_EQ(check(kId, c).verdict, Verdict::HoldsStatistical);
}

}  // namespace topn_distance_random_rate_test
}  // namespace nb
