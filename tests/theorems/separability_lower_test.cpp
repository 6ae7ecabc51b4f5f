// separability-lower (theorems/separability-lower.toml): equality of the per-token bound where
// <x_j, x_k> = M^2 - delta^2/2 (a weakened xi is caught there), the trivial N = 1 case, and the
// counting claim with a given r. Claim 0 is the per-token bound as max_i dist_i / xi_i <= 1
// (1 + dist_i where xi_i = 0), claim 1 the count, r (N - N_in) <= sum_i xi_i.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace separability_lower_test {

using namespace witness;
const std::string kId = "separability-lower";

TEST(SeparabilityLower, OrthogonalPairAtMinimumSeparationIsTheEqualityCase) {
  // Unit vectors (1,0), (0,1), (-1,0): M = 1, delta = sqrt(2), so <x_j, x_k> <= M^2 - delta^2/2 = 0
  // with equality for the orthogonal pairs. alpha = 1/3, N = 3, r given. For token 0:
  // dist^2 = ||(0,1) + (-1,0)||^2 / 9 = 2/9 and xi^2 = (2/3)^2 - (2/2)(4/9 - 2/9) = 2/9, so
  // dist / xi = 1 (token 2 alike; token 1 has dist 0).
  Case c = token_case(kId, {0, 0, 0}, "1", {{1, 0}, {0, 1}, {-1, 0}}, 3);
  c.numbers["r"] = ExactTensor::scalar(1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims[0].value, Mpfr(1)));
  EXPECT_TRUE(contains(s.claims[0].bound, Mpfr(1)));
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(SeparabilityLower, CountingClaimWithAGivenRadius) {
  // Same vectors: dist = sqrt(2)/3, 0, sqrt(2)/3 (x_0 + x_2 = 0 for token 1), xi = sqrt(2)/3 each.
  // r = 1/2 counts all three: r (N - N_s) = 0; r = 3/8 counts only token 1: r (N - N_s) = 3/4.
  for (const auto& [r, counted, left] : {std::tuple{0.5, 3, 0.0}, std::tuple{0.375, 1, 0.75}}) {
    Case c = token_case(kId, {0, 0, 0}, "1", {{1, 0}, {0, 1}, {-1, 0}}, 3);
    c.numbers["r"] = ExactTensor::scalar(r);
    set_working_precision(128);
    const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
    EXPECT_TRUE(contains(quantity(s, "N_s"), Mpfr(counted))) << r;
    EXPECT_TRUE(contains(s.claims[1].value, Mpfr(left))) << r;
    EXPECT_TRUE(contains(s.claims[1].bound, sqrt(Mpfr(2)))) << r;
  }
}

TEST(SeparabilityLower, SingleSelectedTokenHasZeroDistanceAndZeroXi) {
  // dist = xi = 0: the token's ratio is 1 + dist = 1, the bound attained exactly.
  const Case c = token_case(kId, {3, 0, 1}, "1", {{1, 0}, {0, 1}, {-1, 0}}, 1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_EQ(lower_end_of(s.claims[0].value), 1);
  EXPECT_EQ(upper_end_of(s.claims[0].value), 1);
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
}

TEST(SeparabilityLower, NeedsATokenLeftOutOrAGivenRadius) {
  // N = L: the paper's radius (r = 0 or no r) has no token left out to be taken over.
  EXPECT_THROW(theorems::find(kId)->check_assumptions(token_case(kId, {0, 0}, "1", {{1}, {2}}, 2)), InputError);
  Case c = token_case(kId, {0, 0}, "1", {{1}, {2}}, 2);
  c.numbers["r"] = ExactTensor::scalar(0);
  EXPECT_THROW(theorems::find(kId)->check_assumptions(c), InputError);
  c.numbers["r"] = ExactTensor::scalar(1);
  EXPECT_NO_THROW(theorems::find(kId)->check_assumptions(c));
}

}  // namespace separability_lower_test
}  // namespace nb
