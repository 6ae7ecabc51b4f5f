// separability-upper-envelope: a counterexample the default suite found by itself (seed 2508178,
// case 110) stays a certified counterexample, and a single selected token meets the envelope 1.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace separability_upper_envelope_test {

using namespace witness;
const std::string kId = "separability-upper-envelope";

Case suite_counterexample() {
  Case c = token_case(kId, {0x1.64d782514f21ep+0, -0x1.d66205e66ca7dp+0, -0x1.43a73af3a78d8p+2, 0x1.1c726f3dc46c9p+1},
                      "2",
                      {{0x1.049823722c6dap+0, 0x1.6d3dcb714dcbbp-2, -0x1.af2864a59bf22p+0},
                       {0x1.f5b424ea25d36p+0, 0x1.27aed1cf66d12p-2, 0x1.1a14f4cd68b02p-2},
                       {-0x1.223e91f82952p-1, 0x1.c7bd82d8ca07dp-1, 0x1.b2ec80a2cc492p+0},
                       {0x1.30d2a6881acc2p+0, 0x1.6690f0139f6cp+0, 0x1.9345f5a5639ddp-1}},
                      3);
  return c;
}

TEST(SeparabilityUpperEnvelope, SuiteCounterexampleIsCertified) {
  // All three selected tokens are inside B_r(s) (N_s / N = 1) while one has r < xi_i, so the
  // envelope is 0.99811... < 1.
  const Case c = suite_counterexample();
  const CaseOutcome o = check(kId, c);
  EXPECT_EQ(o.verdict, Verdict::Violated);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(quantity(s, "N_s"), Mpfr(3)));
  EXPECT_TRUE(contains(quantity(s, "premise tokens (r < xi_i)"), Mpfr(1)));
  EXPECT_LT(upper_end_of(s.claims[0].bound), Mpfr("0.998120"));
  EXPECT_GT(-upper_end_of(Interval(-s.claims[0].bound)), Mpfr("0.998119"));
}

TEST(SeparabilityUpperEnvelope, OneSelectedTokenMeetsTheEnvelopeOne) {
  // xi = 0 <= r: the term is exp(0) = 1 >= N_s / N.
  const Case c = token_case(kId, {2, 0, 1}, "1", {{1, 0}, {0, 1}, {-1, 0}}, 1);
  set_working_precision(128);
  const Sides<Interval> s = theorems::find(kId)->evaluate_interval(c, EvalContext{});
  EXPECT_TRUE(contains(s.claims[0].bound, Mpfr(1)));
  EXPECT_NE(check(kId, c).verdict, Verdict::Violated);
}

}  // namespace separability_upper_envelope_test
}  // namespace nb
