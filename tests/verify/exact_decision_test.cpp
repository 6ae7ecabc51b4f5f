// Exact decisions of TIGHT and INCONCLUSIVE claims (verify/engine/exact_decision.hpp) through the
// engine: equality is EQUAL (exact) for <=, >= and =, VIOLATED for a strict relation; a tiny
// non-zero slack beyond the precision cap is decided by its exact sign; an indicator that
// intervals leave at [0, 1] is decided and shown exactly; claims without an exact form, over
// budget or with exact decisions off stay undecided and say why.
#include <gtest/gtest.h>

#include "tests/verify/third_comparison.hpp"
#include "verify/engine/engine.hpp"

namespace nb {
namespace {

using test::third_comparison;

// The case x REL 1/3 with x the spectral norm of the 1x1 matrix (x).
Case norm_comparison(const std::string& x, const std::string& relation) {
  Case c = third_comparison(x, relation);
  c.options["norm"] = "yes";
  return c;
}

CheckSettings low_cap() {
  CheckSettings s;
  s.precision = 64;
  s.max_precision = 256;
  return s;
}

CaseOutcome outcome_of(const Case& c, const CheckSettings& s = low_cap()) {
  const TheoremModel<test::ThirdComparison> theorem;
  return evaluate_cases(theorem, {c}, s).at(0);
}

TEST(ExactDecision, EqualityIsEqualExactForNonStrictRelations) {
  for (const char* relation : {"<=", ">=", "="}) {
    const CaseOutcome o = outcome_of(third_comparison("1/3", relation));
    EXPECT_EQ(o.verdict, Verdict::EqualExact) << relation;
    EXPECT_EQ(o.exact, kBoundAttained) << relation;
    EXPECT_TRUE(slack_is_exactly_zero(o)) << relation << ": the slack is known to be exactly 0";
  }
}

TEST(ExactDecision, EqualityRefutesStrictRelations) {
  for (const char* relation : {"<", ">"}) {
    const CaseOutcome o = outcome_of(third_comparison("1/3", relation));
    EXPECT_EQ(o.verdict, Verdict::Violated) << relation;
    EXPECT_EQ(o.exact, kBoundAttained) << relation;
    EXPECT_TRUE(slack_is_exactly_zero(o)) << relation;
  }
}

TEST(ExactDecision, SlacksBelowResolutionGetTheirExactSign) {
  // 1/3 -+ 10^-200: within 2^-248 of 1/3, so TIGHT at 256 bits, but not equal.
  const std::string thirds = "0." + std::string(200, '3');
  const CaseOutcome below = outcome_of(third_comparison(thirds, "<="));
  EXPECT_EQ(below.verdict, Verdict::Proven);
  EXPECT_EQ(below.exact, kExactlyDecided);
  EXPECT_EQ(below.slack.lo, "0") << "the exact sign narrows the enclosure to [0, hi]";
  const CaseOutcome above = outcome_of(third_comparison(thirds.substr(0, 200) + "4", "<="));
  EXPECT_EQ(above.verdict, Verdict::Violated);
  EXPECT_EQ(above.exact, kExactlyDecided);
  EXPECT_EQ(above.slack.hi, "0");
  const CaseOutcome equal_claim = outcome_of(third_comparison(thirds, "="));
  EXPECT_EQ(equal_claim.verdict, Verdict::Violated) << "a non-zero slack refutes an equality";
}

// 1{x < 1/3} REL 1/3: at x = 1/3 the indicator is [0, 1] in intervals, so the claim is
// INCONCLUSIVE (not TIGHT: the enclosure is wide) at every precision.
Case indicator_comparison(const std::string& x, const std::string& relation) {
  Case c = third_comparison(x, relation);
  c.options["indicator"] = "yes";
  return c;
}

TEST(ExactDecision, InconclusiveIndicatorsAreDecidedAndShownExactly) {
  CheckSettings off = low_cap();
  off.exact.units = 0;
  const CaseOutcome intervals = outcome_of(indicator_comparison("1/3", "<="), off);
  ASSERT_EQ(intervals.verdict, Verdict::Inconclusive) << "the premise of this test";
  EXPECT_EQ(intervals.value.lo, "0");
  EXPECT_EQ(intervals.value.hi, "1");

  // 1{1/3 < 1/3} = 0 <= 1/3 holds with room 1/3: PROVEN, with the exact value shown.
  const CaseOutcome holds = outcome_of(indicator_comparison("1/3", "<="));
  EXPECT_EQ(holds.verdict, Verdict::Proven);
  EXPECT_EQ(holds.exact, kExactlyDecided);
  EXPECT_EQ(holds.value.lo, "0");
  EXPECT_EQ(holds.value.hi, "0");
  EXPECT_EQ(holds.slack.lo.substr(0, 8), "0.333333") << holds.slack.lo;

  // 0 >= 1/3 fails: a certified counterexample, not a sign guessed from [0, 1].
  const CaseOutcome fails = outcome_of(indicator_comparison("1/3", ">="));
  EXPECT_EQ(fails.verdict, Verdict::Violated);
  EXPECT_EQ(fails.exact, kExactlyDecided);

  // Just below 1/3 the indicator is 1 in exact arithmetic (and in intervals too: decided
  // without an exact evaluation).
  const CaseOutcome below = outcome_of(indicator_comparison("0." + std::string(30, '3'), "<="));
  EXPECT_EQ(below.verdict, Verdict::Violated);
  EXPECT_EQ(below.exact, "");
}

TEST(ExactDecision, WhatHasNoExactFormStaysTight) {
  const CaseOutcome o = outcome_of(norm_comparison("1/3", "<="));
  EXPECT_EQ(o.verdict, Verdict::Tight);
  EXPECT_EQ(o.exact, kExactUndecided + "no exact form (general spectral norm)");
  EXPECT_EQ(exact_outcome_reason(o.exact), "no exact form (general spectral norm)");
}

TEST(ExactDecision, BudgetLimitsAndSwitchesOff) {
  CheckSettings off = low_cap();
  off.exact.units = 0;
  const CaseOutcome not_tried = outcome_of(third_comparison("1/3", "<="), off);
  EXPECT_EQ(not_tried.verdict, Verdict::Tight);
  EXPECT_EQ(not_tried.exact, "");
  EXPECT_EQ(exact_outcome_reason(not_tried.exact), "not tried");

  CheckSettings tiny = low_cap();
  tiny.exact.units = 2;
  const CaseOutcome over = outcome_of(third_comparison("1/3", "<="), tiny);
  EXPECT_EQ(over.verdict, Verdict::Tight);
  EXPECT_EQ(over.exact.rfind(kExactUndecided + "budget", 0), 0u) << over.exact;
}

TEST(ExactDecision, DecidedCasesAreNotEvaluatedAgain) {
  const CaseOutcome o = outcome_of(third_comparison("0.25", "<="));
  EXPECT_EQ(o.verdict, Verdict::Proven);
  EXPECT_EQ(o.exact, "") << "only TIGHT claims get an exact evaluation";
}

TEST(ExactDecision, ClassifyExactCoversEverySignAndRelation) {
  using enum Relation;
  for (Relation r : {LessEqual, GreaterEqual, Equal}) EXPECT_EQ(classify_exact(ExactSign::Zero, r), Verdict::EqualExact);
  for (Relation r : {Less, Greater}) EXPECT_EQ(classify_exact(ExactSign::Zero, r), Verdict::Violated);
  for (Relation r : {LessEqual, Less, GreaterEqual, Greater}) {
    EXPECT_EQ(classify_exact(ExactSign::Positive, r), Verdict::Proven);
    EXPECT_EQ(classify_exact(ExactSign::Negative, r), Verdict::Violated);
  }
  EXPECT_EQ(classify_exact(ExactSign::Positive, Equal), Verdict::Violated);
  EXPECT_EQ(classify_exact(ExactSign::Negative, Equal), Verdict::Violated);
  for (Relation r : {LessEqual, Less, GreaterEqual, Greater, Equal})
    EXPECT_EQ(classify_exact(ExactSign::Unknown, r), Verdict::Tight);
}

}  // namespace
}  // namespace nb
