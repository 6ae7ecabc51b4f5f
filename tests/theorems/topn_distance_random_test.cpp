// topn-distance-random: hand-computed E[d~], M and cap on three tokens, the equality eps = 0 for
// identical vectors, the sampled path's cap against the term-by-term one, and agreement of the
// sampled confidence interval with exact enumeration.
#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "theorems/topn_distance.hpp"

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
  EXPECT_TRUE(contains(quantity(s, "E[d~] (all subsets)"), 2 * (r2 + 2) / 3));
  EXPECT_TRUE(contains(quantity(s, "M"), 2 * (sqrt(Mpfr(5)) + r2 / 2) / 3));
  EXPECT_TRUE(contains(quantity(s, "cap"), 2 * (1 + r2 / 2) / 3));
  EXPECT_EQ(check(kId, c).verdict, Verdict::Proven);
}

TEST(TopnDistanceRandom, IdenticalVectorsHaveNoJensenGap) {
  // Every subset gives d~ = (L - N)(N - 1) ||y|| = M: eps = 0 and cap = 0, both claims equalities.
  const Case c = token_case(kId, {0, 0, 0, 0, 0}, "1", {{5, 0}, {5, 0}, {5, 0}, {5, 0}, {5, 0}}, 2);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "E[d~] (all subsets)"), Mpfr(3)));
  EXPECT_TRUE(contains(quantity(s, "M"), Mpfr(3)));
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
}

// Nine Gaussian tokens in R^3 with equal weights 1/9: y_i = x_i / 9.
struct NineTokens {
  static constexpr std::size_t L = 9, d = 3;
  ExactTensor x;
  RowMatrix<Interval> y{L, d};

  NineTokens() {
    random::Rng rng(11);
    x = ExactTensor(L, d, random::gaussian(rng, L * d, 1.0));
    for (std::size_t i = 0; i < L; ++i)
      for (std::size_t k = 0; k < d; ++k) y(i, k) = x.entry<Interval>(i * d + k) / 9;
  }
};

bool overlap(const Interval& a, const Interval& b) {
  return !(upper_end_of(a) < lower_end_of(b) || upper_end_of(b) < lower_end_of(a));
}

TEST(TopnDistanceRandom, CenteredCapAgreesWithTheTermByTermCap) {
  set_working_precision(128);
  const NineTokens t;
  for (std::size_t N = 1; N < NineTokens::L; ++N) {
    const Interval cap = theorems::random_set_jensen_cap(t.y, N),
                   centered = theorems::random_set_jensen_cap_by_centering(t.y, N);
    EXPECT_TRUE(overlap(cap, centered)) << "N = " << N << ": " << cap << " vs " << centered;
    EXPECT_LT(upper_end_of(centered) - lower_end_of(centered), Mpfr("1e-25")) << "N = " << N;
  }
  // One token off the origin: S_i^2 of that token is 0, the centered form's cancellation.
  RowMatrix<Interval> lone = RowMatrix<Interval>::Zero(6, 2);
  lone(2, 0) = Interval(3);
  for (std::size_t N = 1; N < 6; ++N)
    EXPECT_TRUE(overlap(theorems::random_set_jensen_cap(lone, N), theorems::random_set_jensen_cap_by_centering(lone, N)))
        << "N = " << N;
}

TEST(TopnDistanceRandom, SamplingAgreesWithEnumeration) {
  set_working_precision(128);
  const NineTokens t;
  // N = 4 draws the N + 1 tokens of (I, i), N = 7 the L - N of the complement of I.
  for (std::size_t N : {4u, 7u}) {
    const Interval exact =
        theorems::expected_distance_by_enumeration(t.y, theorems::singleton_classes(NineTokens::L), N);
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      const Interval ci = theorems::expected_distance_by_sampling(t.y, N, 3000, seed, 0.999);
      EXPECT_TRUE(mpfi_is_inside(exact.backend().data(), ci.backend().data())) << "N = " << N << ": " << exact << " not in " << ci;
      EXPECT_LT(upper_end_of(ci - exact), upper_end_of(exact) / 4) << "N = " << N << ": the interval is informative";
    }
  }
}

TEST(TopnDistanceRandom, LargeSubsetCountsAreSampledWithTheCaseSeed) {
  std::vector<std::vector<double>> rows;
  random::Rng rng(5);
  for (int i = 0; i < 24; ++i) rows.push_back(random::gaussian(rng, 2, 1.0));
  Case c = token_case(kId, std::vector<double>(24, 0), "1", rows, 8);  // C(24, 8) = 735471
  c.integers["samples"] = 300;
  c.integers["sample_seed"] = 42;
  set_working_precision(128);
  EvalContext a, b;
  b.seed = 99;  // a different position in a run: the case's own seed decides the draws
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, a);
  const Sides<Interval> t = theorems::find(kId)->evaluate_interval(c, b);
  EXPECT_EQ(s.claims[0].evidence, Evidence::Statistical);
  EXPECT_TRUE(mpfi_is_inside(s.claims[0].value.backend().data(), t.claims[0].value.backend().data()) &&
              mpfi_is_inside(t.claims[0].value.backend().data(), s.claims[0].value.backend().data()));
}

}  // namespace topn_distance_random_test
}  // namespace nb
