// separability-upper-envelope-expectation: the estimate is reproducible from the case's seed,
// the certified interval contains the binary64 sample mean of the same draws, and the
// high-dimensional configuration of the suite is a statistical counterexample, and in d = 1 with
// tied weights the draws whose counts intervals cannot decide are decided exactly.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"

namespace nb {
namespace separability_upper_envelope_expectation_test {

using namespace witness;
const std::string kId = "separability-upper-envelope-expectation";

Case expectation_case(std::size_t L, std::int64_t N, std::int64_t d, std::int64_t samples, std::int64_t seed) {
  Case c;
  c.theorem = kId;
  c.label = "hand-made";
  c.numbers["logits"] = ExactTensor::vector(std::vector<double>(L, 0.0));
  c.numbers["T"] = ExactTensor::literal("1");
  c.numbers["radius"] = ExactTensor::scalar(1);
  c.integers = {{"N", N}, {"dimension", d}, {"samples", samples}, {"sample_seed", seed}};
  return c;
}

TEST(SeparabilityUpperEnvelopeExpectation, ReproducibleAndConsistentAcrossNumberTypes) {
  const Case c = expectation_case(6, 3, 3, 200, 17);
  set_working_precision(128);
  EvalContext ctx;
  const Theorem& t = *theorems::find(kId);
  const Interval a = t.evaluate_interval(c, ctx).claims[0].value, b = t.evaluate_interval(c, ctx).claims[0].value;
  EXPECT_TRUE(mpfi_is_inside(a.backend().data(), b.backend().data()) && mpfi_is_inside(b.backend().data(), a.backend().data()));
  const double mean = t.evaluate_double(c, ctx).claims[0].value;
  EXPECT_TRUE(contains(a, Mpfr(mean))) << mean << " not in " << a;
  EXPECT_LT(mean, 0) << "low dimension: the envelope holds on average";
}

TEST(SeparabilityUpperEnvelopeExpectation, FailsInHighDimension) {
  const CaseOutcome o = check(kId, expectation_case(16, 15, 192, 4000, 5));
  EXPECT_EQ(o.verdict, Verdict::ViolatedStatistical) << o.value.lo << ", " << o.value.hi;
}

TEST(SeparabilityUpperEnvelopeExpectation, TiedDrawsInOneDimensionAreDecidedExactly) {
  // d = 1: every token is +1 or -1, alpha = 1/10, so distances equal r in many draws and their
  // counts are [k, k + 1] in intervals at any precision.
  const Case c = expectation_case(10, 9, 1, 600, 21);
  set_working_precision(128);
  EvalContext intervals_only;
  intervals_only.exact.units = 0;
  const Theorem& t = *theorems::find(kId);
  const Interval wide = quantity(t.evaluate_interval(c, intervals_only), "E[N_s/N]");
  EXPECT_GT(upper_end_of(wide) - lower_end_of(wide), Mpfr("0.3")) << wide;
  const Interval decided = quantity(t.evaluate_interval(c, EvalContext{}), "E[N_s/N]");
  EXPECT_LT(upper_end_of(decided) - lower_end_of(decided), Mpfr("0.3")) << decided;
  EXPECT_TRUE(mpfi_is_inside(decided.backend().data(), wide.backend().data())) << decided << " vs " << wide;
  EXPECT_EQ(check(kId, c).verdict, Verdict::HoldsStatistical);
}

}  // namespace separability_upper_envelope_expectation_test
}  // namespace nb
