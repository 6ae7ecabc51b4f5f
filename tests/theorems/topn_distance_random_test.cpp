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

TEST(TopnDistanceRandom, ACaseSetsItsNumberOfDraws) {
  // L = 24, N = 7: C(24, 7) = 346104 subsets, sampled. A case giving samples = 1000 draws 1000
  // times (an interval about 8 times wider than the default 64000 draws give); samples = 1 is refused.
  std::vector<double> logits;
  std::vector<std::vector<double>> rows;
  for (int j = 0; j < 24; ++j) {
    logits.push_back((j % 5) - 2.0);
    rows.push_back({static_cast<double>(j % 3), static_cast<double>(j % 4) - 1.5});
  }
  Case c = token_case(kId, logits, "1", rows, 7);
  const auto width = [&](const Case& x) {
    const Sides<DoubleInterval> s = theorems::find(kId)->evaluate_fast(x, EvalContext{});
    const DoubleInterval e = s.claims[0].value;
    EXPECT_EQ(s.claims[0].evidence, Evidence::Statistical);
    return e.upper() - e.lower();
  };
  const double fallback = width(c);
  c.numbers["samples"] = ExactTensor::literal("1000");
  EXPECT_GT(width(c), 4 * fallback);
  c.numbers["samples"] = ExactTensor::literal("1");
  EXPECT_THROW(width(c), InputError);
}

}  // namespace topn_distance_random_test
}  // namespace nb
