// The cases a report shows in full: the tightest cases list at most one EQUAL (exact) case (all of
// them are at relative slack 0), so that the rows after it show how close the others come.
#include "reports/flagged_cases.hpp"

#include <gtest/gtest.h>

namespace nb::reports {
namespace {

CaseOutcome outcome(std::size_t index, Verdict v, const std::string& relative_slack) {
  CaseOutcome o;
  o.index = index;
  o.verdict = v;
  o.relative_slack = {relative_slack, relative_slack, std::stod(relative_slack)};
  return o;
}

TEST(FlaggedCases, TightestListOneEqualExactCaseThenTheClosestOthers) {
  TheoremResult t;
  t.outcomes = {outcome(0, Verdict::EqualExact, "0"),     outcome(1, Verdict::Proven, "0.5"),
                outcome(2, Verdict::EqualExact, "0"),     outcome(3, Verdict::NearTight, "1e-5"),
                outcome(4, Verdict::EqualExact, "0"),     outcome(5, Verdict::NearTight, "1e-9"),
                outcome(6, Verdict::NearTight, "1e-4")};
  const FlaggedCases f = flagged_cases(t, 3);
  EXPECT_EQ(f.tight_total, 6u) << "the count keeps every EQUAL (exact) case";
  ASSERT_EQ(f.tightest.size(), 3u);
  EXPECT_EQ(f.tightest[0]->index, 0u);
  EXPECT_EQ(f.tightest[1]->index, 5u);
  EXPECT_EQ(f.tightest[2]->index, 3u);
  // With nothing else to show, the one EQUAL (exact) row is all.
  t.outcomes = {outcome(0, Verdict::EqualExact, "0"), outcome(1, Verdict::EqualExact, "0")};
  EXPECT_EQ(flagged_cases(t, 3).tightest.size(), 1u);
}

}  // namespace
}  // namespace nb::reports
