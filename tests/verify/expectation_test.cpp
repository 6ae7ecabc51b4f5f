// What "expected" means for a theorem's outcome, by where its cases came from.
#include <gtest/gtest.h>

#include "verify/results/results.hpp"

namespace nb {
namespace {

VerdictCounts counts_with(Verdict v, std::size_t n) {
  VerdictCounts counts{};
  counts[static_cast<int>(v)] = n;
  return counts;
}

TEST(Expectation, HoldsMeansNoCertifiedOrStatisticalViolationWhateverTheOrigin) {
  for (CaseOrigin origin : {CaseOrigin::SuiteOrSaved, CaseOrigin::External}) {
    EXPECT_TRUE(expectation_met(Expect::Holds, counts_with(Verdict::Proven, 3), origin));
    EXPECT_FALSE(expectation_met(Expect::Holds, counts_with(Verdict::Violated, 1), origin));
    EXPECT_FALSE(expectation_met(Expect::Holds, counts_with(Verdict::ViolatedStatistical, 1), origin));
  }
}

TEST(Expectation, AnExpectedViolationMustBeFoundOnlyInTheTheoremsOwnCases) {
  EXPECT_TRUE(expectation_met(Expect::Violated, counts_with(Verdict::Violated, 1), CaseOrigin::SuiteOrSaved));
  EXPECT_FALSE(expectation_met(Expect::Violated, counts_with(Verdict::Proven, 5), CaseOrigin::SuiteOrSaved));
  // Model data need not contain a witness of a statement that is false elsewhere.
  EXPECT_TRUE(expectation_met(Expect::Violated, counts_with(Verdict::Proven, 5), CaseOrigin::External));
  EXPECT_TRUE(expectation_met(Expect::Violated, counts_with(Verdict::Violated, 1), CaseOrigin::External));
}

TEST(Expectation, SummarizeSaysWhyNoWitnessOnExternalCasesIsNotUnexpected) {
  TheoremInfo info;
  info.id = "false-in-general";
  info.expect = Expect::Violated;
  CaseOutcome proven;
  proven.verdict = Verdict::Proven;
  const std::vector<Case> cases(2);
  const TheoremResult own = summarize(info, cases, {proven, proven}, CaseOrigin::SuiteOrSaved);
  EXPECT_FALSE(own.expected);
  EXPECT_NE(own.expectation.find("UNEXPECTED"), std::string::npos) << own.expectation;
  const TheoremResult external = summarize(info, cases, {proven, proven}, CaseOrigin::External);
  EXPECT_TRUE(external.expected);
  EXPECT_NE(external.expectation.find("no counterexample in these 2 case(s)"), std::string::npos)
      << external.expectation;
}

TEST(Expectation, AStatisticalViolationIsNotCalledACounterexample) {
  TheoremInfo info;
  info.id = "false-in-expectation";
  info.expect = Expect::Violated;
  CaseOutcome statistical, certified;
  statistical.verdict = Verdict::ViolatedStatistical;
  certified.verdict = Verdict::Violated;
  const std::vector<Case> cases(3);
  const TheoremResult only_statistical = summarize(info, cases, {statistical, statistical, statistical});
  EXPECT_TRUE(only_statistical.expected);
  EXPECT_EQ(only_statistical.expectation, "VIOLATED (expected): 3 statistical violation(s)");
  const TheoremResult both = summarize(info, cases, {certified, statistical, statistical});
  EXPECT_EQ(both.expectation, "VIOLATED (expected): 1 counterexample(s), 2 statistical violation(s)");
}

TEST(Expectation, TheOutcomeCountsWhatWasDecided) {
  TheoremInfo info;
  info.id = "holds-but-tight";
  info.expect = Expect::Holds;
  CaseOutcome proven, tight, inconclusive;
  proven.verdict = Verdict::Proven;
  tight.verdict = Verdict::Tight;
  inconclusive.verdict = Verdict::Inconclusive;
  const std::vector<Case> cases(4);
  const TheoremResult decided = summarize(info, cases, {proven, proven, proven, proven});
  EXPECT_EQ(decided.expectation, "holds on every case, as expected");
  const TheoremResult undecided = summarize(info, cases, {proven, tight, tight, inconclusive});
  EXPECT_TRUE(undecided.expected);  // nothing refutes it
  EXPECT_EQ(undecided.expectation, "holds on 1 of 4, 2 TIGHT, 1 INCONCLUSIVE");
  // TIGHT is undecided: exit status 2, not 0.
  RunResults run;
  run.theorems = {summarize(info, cases, {proven, proven, proven, tight})};
  EXPECT_EQ(exit_status(run), 2);
  run.theorems = {decided};
  EXPECT_EQ(exit_status(run), 0);
}

}  // namespace
}  // namespace nb
