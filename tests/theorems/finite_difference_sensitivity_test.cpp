// finite-difference-sensitivity and its as-printed version: g at the paper's setting against its
// closed form, the direction is normalized, both terms of the valid bound are approached (a bound
// weakened by 2^-20 is caught), and the printed envelope is refuted by the suite's case 0.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace finite_difference_sensitivity_test {

using namespace witness;

const std::string kValid = "finite-difference-sensitivity", kPrinted = "finite-difference-sensitivity-as-printed";

Case sensitivity_case(std::vector<double> logits, std::vector<double> v, const ExactTensor& eps, const std::string& T) {
  Case c;
  c.label = "witness";
  c.numbers["logits"] = ExactTensor::vector(std::move(logits));
  c.numbers["direction"] = ExactTensor::vector(std::move(v));
  c.numbers["epsilon"] = eps;
  c.numbers["T"] = ExactTensor::literal(T);
  return c;
}

// The paper's setting T = 0.01, eps = 10^-3 at l = (0, 0), v = (e_1 - e_2) scaled by `scale`.
Case paper_case(double scale) {
  return sensitivity_case({0, 0}, {scale, -scale}, ExactTensor::literal("0.001"), "0.01");
}

TEST(FiniteDifferenceSensitivity, PaperSettingMatchesTheClosedFormWhateverTheScaleOfV) {
  // u = (1, -1)/sqrt 2, so alpha_1 = sigma(sqrt(2) eps / T) and g = sqrt 2 (sigma(sqrt(2) eps/T) - 1/2) / eps.
  set_working_precision(256);
  const Mpfr eps = Mpfr(1) / 1000, x = sqrt(Mpfr(2)) * eps * 100;
  const Mpfr expected = sqrt(Mpfr(2)) * (1 / (1 + exp(-x)) - Mpfr(1) / 2) / eps;
  EXPECT_NEAR(expected.convert_to<double>(), 49.9168, 1e-4);
  set_working_precision(128);
  for (const double scale : {1.0, 3.0, 0.125}) {
    const Interval g = quantity(theorems::find(kValid)->evaluate_interval(paper_case(scale), EvalContext{}), "g");
    EXPECT_TRUE(contains(g, expected)) << "scale " << scale << ": " << g;
  }
  EXPECT_EQ(check(kValid, paper_case(1)).verdict, Verdict::Proven) << "49.9 <= 1/(2T) = 50";
}

TEST(FiniteDifferenceSensitivity, OneOverTwoTIsApproachedForSmallSteps) {
  const Case c = sensitivity_case({0, 0}, {1, -1}, ExactTensor::scalar(std::ldexp(1.0, -20)), "1");
  EXPECT_EQ(check(kValid, c).verdict, Verdict::NearTight);
  EXPECT_EQ(with_scaled_bound(kValid, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(FiniteDifferenceSensitivity, Sqrt2OverEpsIsApproachedFromVertexToVertex) {
  // l = (2, 0), eps = 10 along (-1, 1)/sqrt 2 at T = 0.01 moves alpha from near e_1 to near e_2.
  const Case c = sensitivity_case({2, 0}, {-1, 1}, ExactTensor::literal("10"), "0.01");
  EXPECT_EQ(with_scaled_bound(kValid, c, 0, one_minus_2_to(-20)), Verdict::Violated);
}

TEST(FiniteDifferenceSensitivity, ZeroDirectionAndNonPositiveStepsAreInputErrors) {
  EXPECT_THROW(check_or_refusal(kValid, sensitivity_case({0, 1}, {0, 0}, ExactTensor::literal("0.1"), "1")), InputError);
  EXPECT_THROW(check_or_refusal(kValid, sensitivity_case({0, 1}, {1, 0}, ExactTensor::literal("0"), "1")), InputError);
  EXPECT_THROW(check_or_refusal(kValid, sensitivity_case({0, 1}, {1, 0}, ExactTensor::literal("0.1"), "-1")), InputError);
  EXPECT_THROW(check_or_refusal(kValid, sensitivity_case({0, 1}, {1}, ExactTensor::literal("0.1"), "1")), InputError);
}

TEST(FiniteDifferenceSensitivityAsPrinted, PaperSettingRefutesBothTermsAndTheSuiteFindsIt) {
  const CaseOutcome o = check(kPrinted, paper_case(1));
  ASSERT_EQ(o.verdict, Verdict::Violated);
  set_working_precision(128);
  EXPECT_NEAR(Mpfr(o.slack.lo).convert_to<double>(), std::sqrt(2.0) - 49.9168, 1e-3) << "g - sqrt 2";
  // 1/(4T) alone is refuted too: at T = 1 the cap sqrt 2 is not the active term and g -> 1/(2T).
  EXPECT_EQ(check(kPrinted, sensitivity_case({0, 0}, {1, -1}, ExactTensor::literal("0.001"), "1")).verdict,
            Verdict::Violated);
  const std::vector<Case> suite = theorems::find(kPrinted)->suite({2508178, 1});
  ASSERT_EQ(suite.size(), 1u);
  EXPECT_EQ(suite[0].numbers, paper_case(1).numbers);
  EXPECT_EQ(check(kPrinted, suite[0]).verdict, Verdict::Violated);
}

TEST(FiniteDifferenceSensitivityAsPrinted, HoldsWhereSoftmaxIsSaturated) {
  EXPECT_EQ(check(kPrinted, sensitivity_case({8, 0, 0}, {0, 1, -1}, ExactTensor::literal("0.1"), "1")).verdict,
            Verdict::Proven);
}

}  // namespace finite_difference_sensitivity_test
}  // namespace nb
