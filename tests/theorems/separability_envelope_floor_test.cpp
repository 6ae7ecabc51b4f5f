// separability-envelope-floor: an input next to the infimum e^{-1/2} is NEAR-TIGHT, and raising
// the floor by a relative 2^-20 is caught there.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace separability_envelope_floor_test {

using namespace witness;
const std::string kId = "separability-envelope-floor";

TEST(SeparabilityEnvelopeFloor, ApproachesTheInfimum) {
  // Unit vectors, logits (20, 0, -20), N = 2, r = 2^-30: for token 1 (weight ~e^-20), A = alpha_0,
  // Q = alpha_0^2, so xi = alpha_0 = M alpha_0 and its term is exp(-(alpha_0 - r)^2/2), within
  // ~3e-9 of e^{-1/2}.
  Case c = token_case(kId, {20, 0, -20}, "1", {{1, 0}, {0, 1}, {-1, 0}}, 2);
  c.numbers["r"] = ExactTensor::scalar(std::ldexp(1.0, -30));
  const CaseOutcome o = check(kId, c);
  EXPECT_EQ(o.verdict, Verdict::NearTight);
  set_working_precision(128);
  EXPECT_LT(Mpfr(o.relative_slack.hi), Mpfr("1e-8")) << o.relative_slack.hi;
  EXPECT_EQ(with_scaled_bound(kId, c, 0, one_plus_2_to(-20)), Verdict::Violated);
}

TEST(SeparabilityEnvelopeFloor, RefusesAllZeroVectors) {
  Case c = token_case(kId, {0, 1}, "1", {{0, 0}, {0, 0}}, 1);
  c.numbers["r"] = ExactTensor::scalar(1);
  EXPECT_THROW(theorems::find(kId)->check_assumptions(c), InputError);
}

}  // namespace separability_envelope_floor_test
}  // namespace nb
