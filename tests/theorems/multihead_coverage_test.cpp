// multihead-coverage (theorems/multihead-coverage.toml): the paper's numbers are decided exactly,
// wrong numbers and non-minimal H are refuted, and input errors.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace multihead_coverage_test {

using namespace witness;

const std::string kId = "multihead-coverage";

Case coverage_case(const std::string& p, std::int64_t H, const std::string& coverage, const std::string& target) {
  Case c;
  c.label = "p=" + p;
  c.numbers["p"] = ExactTensor::literal(p);
  c.integers["H"] = H;
  if (!coverage.empty()) c.numbers["coverage"] = ExactTensor::literal(coverage);
  if (!target.empty()) c.numbers["target"] = ExactTensor::literal(target);
  return c;
}

// The verdict of every claim at 128 bits: the stated coverage, H reaching the target, H - 1 not,
// the two logarithmic claims, inclusion-exclusion.
std::vector<Verdict> claim_verdicts(const Case& c) {
  set_working_precision(128);
  std::vector<Verdict> v;
  for (const auto& k : theorems::find(kId)->evaluate_interval(c, EvalContext{}).claims)
    v.push_back(classify(slack_of(k), k.relation, k.evidence, VerdictPolicy{}, 128, false));
  return v;
}

TEST(MultiheadCoverage, PaperNumbersAreDecidedExactly) {
  // 0.8, 0.96 and 0.992 are not dyadic: no enclosure is a point, and the exact tier decides the
  // equalities, with slack exactly 0.
  for (const Case& c : {coverage_case("0.8", 2, "0.96", ""), coverage_case("0.8", 3, "0.992", ""),
                        coverage_case("0.8", 3, "", "0.99")}) {
    const CaseOutcome o = check(kId, c);
    EXPECT_EQ(o.verdict, Verdict::EqualExact) << c.label;
    EXPECT_EQ(o.slack.lo, "0");
    EXPECT_EQ(o.slack.hi, "0");
  }
  // At a dyadic p the equalities are points in intervals already: PROVEN.
  const std::vector<Verdict> dyadic = claim_verdicts(coverage_case("1/2", 3, "0.875", ""));
  EXPECT_EQ(dyadic.front(), Verdict::Proven);
  EXPECT_EQ(dyadic.back(), Verdict::Proven);
}

TEST(MultiheadCoverage, WrongNumbersAndNonMinimalHAreRefuted) {
  EXPECT_EQ(check(kId, coverage_case("0.8", 3, "0.9921", "")).verdict, Verdict::Violated);
  EXPECT_EQ(check(kId, coverage_case("0.8", 2, "0.961", "")).verdict, Verdict::Violated);
  EXPECT_EQ(check(kId, coverage_case("0.8", 2, "", "0.99")).verdict, Verdict::Violated) << "0.96 < 0.99";
  EXPECT_EQ(check(kId, coverage_case("0.8", 4, "", "0.99")).verdict, Verdict::Violated) << "H = 3 suffices";
}

TEST(MultiheadCoverage, ExactBoundaryIsCertifiedAndItsLogarithmIsEqualExactly) {
  // (1 - 1/2)^2 = 1 - 3/4: coverage(1/2, 2) - 3/4 is exactly 0 in intervals, so EQUAL (exact)
  // there already; log(1/4)/log(1/2) = 2 is only undecided in intervals, and EQUAL (exact) once
  // evaluated exactly.
  const Case c = coverage_case("1/2", 2, "", "3/4");
  EXPECT_EQ(claim_verdicts(c)[1], Verdict::EqualExact);
  EXPECT_EQ(claim_verdicts(c)[4], Verdict::Inconclusive);
  EXPECT_EQ(check(kId, c).verdict, Verdict::EqualExact);
}

TEST(MultiheadCoverage, LargeHIsDecided) {
  // 1/20 with q = 999/1000 needs H = 135: powers of 1/20 (not dyadic) to the 135th.
  EXPECT_EQ(check(kId, coverage_case("1/20", 135, "", "999/1000")).verdict, Verdict::EqualExact);
  EXPECT_EQ(check(kId, coverage_case("1/20", 134, "", "999/1000")).verdict, Verdict::Violated);
}

TEST(MultiheadCoverage, ProbabilitiesOutsideTheOpenUnitIntervalAreInputErrors) {
  EXPECT_THROW(check_or_refusal(kId, coverage_case("1", 2, "", "")), InputError);
  EXPECT_THROW(check_or_refusal(kId, coverage_case("0", 2, "", "")), InputError);
  EXPECT_THROW(check_or_refusal(kId, coverage_case("0.5", 2, "", "1")), InputError);
  EXPECT_THROW(check_or_refusal(kId, coverage_case("0.5", 0, "", "")), InputError);
}

// `search` moves p only: the coverage and the target are optional (a default), which a start case
// may not give, so moving them would read an input the case lacks.
TEST(MultiheadCoverage, SearchMovesOnlyTheProbability) {
  const SearchSpace& search = theorems::find(kId)->info().search;
  ASSERT_EQ(search.inputs.size(), 1u);
  EXPECT_EQ(search.inputs.front().number, "p");
}

}  // namespace multihead_coverage_test
}  // namespace nb
