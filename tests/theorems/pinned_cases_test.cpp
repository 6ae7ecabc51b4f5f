// Every pinned case (tests/cases) replays with its recorded verdict, and `check` replays a
// theorem's pinned cases before its suite.
#include "theorems/pinned_cases.hpp"

#include <gtest/gtest.h>

#include "theorems/registry.hpp"
#include "verify/results/run.hpp"

namespace nb::theorems {
namespace pinned_cases_test {

TEST(PinnedCases, EveryPinnedCaseReplaysWithItsRecordedVerdict) {
  ASSERT_FALSE(pinned_cases().empty());
  for (const PinnedCase& p : pinned_cases()) {
    const Theorem* t = find(p.input.theorem);
    ASSERT_NE(t, nullptr) << p.file << " names an unknown theorem";
    EXPECT_FALSE(p.reason.empty()) << p.file << " says not why it is pinned";
    RunPlan plan;
    plan.theorems.push_back({t, {p.input}, CaseOrigin::SuiteOrSaved});
    EXPECT_EQ(run(plan).theorems.front().outcomes.front().verdict, p.verdict) << p.file;
  }
}

TEST(PinnedCases, TheCorollary3WitnessIsPinned) {
  // The paper's printed Corollary 3 fails at L = 2, logits (0, 0): a finding that must not be lost.
  const std::vector<Case> cases = pinned_cases_of("softmax-jacobian-spectral-as-printed");
  ASSERT_FALSE(cases.empty());
  EXPECT_EQ(cases.front().number("logits").size(), 2u);
}

}  // namespace pinned_cases_test
}  // namespace nb::theorems
