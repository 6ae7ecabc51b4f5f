// The certified checks of a reproduction, decided head by head (reproduce/head_checks.hpp), give
// the bounded results one run over all the rows gives: the same counts and kept outcomes, the same
// worst case and the same violations shown in full, whatever the heads' boundaries, and the spread
// of the tightness ratios over every row.
#include <gtest/gtest.h>

#include <vector>

#include "theorems/registry.hpp"
#include "verify/reproduce/head_checks.hpp"

namespace nb::reproduce {
namespace {

constexpr const char* kId = "softmax-jacobian-spectral-as-printed";

// Row i: logits (0, gap_i, ...) at T = 1. Close top logits break Corollary 3 as printed
// (||J||_2 near 1/2 > 1/4); far apart ones satisfy it.
Case row_case(std::size_t i) {
  Case c;
  c.theorem = kId;
  const double gap = static_cast<double>(i % 7) * 1.5;
  std::vector<double> logits{0.0, gap};
  for (std::size_t k = 0; k < i % 3; ++k) logits.push_back(-static_cast<double>(k + 1));
  c.numbers["logits"] = ExactTensor::vector(logits);
  c.numbers["T"] = ExactTensor::scalar(1.0);
  c.label = "row " + std::to_string(i);
  return c;
}

TEST(HeadChecks, HeadByHeadEqualsOneRun) {
  constexpr std::size_t kRows = 240;
  RunPlan plan;
  plan.settings.threads = 2;
  std::vector<Case> all;
  for (std::size_t i = 0; i < kRows; ++i) all.push_back(row_case(i));
  plan.theorems.push_back({theorems::find(kId), all, CaseOrigin::External});
  const TheoremResult whole = run(plan).theorems.front();
  ASSERT_GT(whole.violations_total, 50u);  // more than are shown: the kept cases must be the first ones
  RunPlan streamed = plan;
  streamed.theorems.front().cases.clear();
  streamed.theorems.front().built = CaseList(kRows, row_case);
  streamed.held = OutcomesHeld::Bounded;
  const TheoremResult bounded = run(streamed).theorems.front();

  SweepSettings settings;
  settings.certified = plan.settings;
  HeadChecks checks(settings);
  // Heads of uneven sizes: 7, 50, 1, then the rest.
  std::size_t begin = 0;
  for (std::size_t size : {7u, 50u, 1u, 182u}) {
    checks.check(kId, size, [begin](std::size_t i) { return row_case(begin + i); });
    begin += size;
  }
  ASSERT_EQ(begin, kRows);
  const std::vector<CertifiedRows> merged = checks.results();
  ASSERT_EQ(merged.size(), 1u);
  const TheoremResult& heads = merged.front().result;
  ASSERT_TRUE(heads.kept.has_value());
  EXPECT_EQ(heads.cases, kRows);
  EXPECT_EQ(heads.counts, whole.counts);
  EXPECT_EQ(heads.expectation, whole.expectation);
  ASSERT_EQ(heads.outcomes.size(), bounded.outcomes.size());
  EXPECT_LT(heads.outcomes.size(), kRows);
  for (std::size_t k = 0; k < heads.outcomes.size(); ++k) {
    const CaseOutcome& o = heads.outcomes[k];
    EXPECT_EQ(o.index, bounded.outcomes[k].index);
    EXPECT_EQ(o.verdict, whole.outcomes.at(o.index).verdict);
    EXPECT_EQ(o.slack.lo, whole.outcomes.at(o.index).slack.lo);
  }
  ASSERT_TRUE(heads.worst_case && whole.worst_case);
  EXPECT_EQ(heads.worst_case->outcome.index, whole.worst_case->outcome.index);
  EXPECT_EQ(heads.worst_case->input.label, whole.worst_case->input.label);
  EXPECT_EQ(heads.violations_total, whole.violations_total);
  ASSERT_EQ(heads.violations.size(), whole.violations.size());
  for (std::size_t k = 0; k < whole.violations.size(); ++k) {
    EXPECT_EQ(heads.violations[k].outcome.index, whole.violations[k].outcome.index);
    EXPECT_EQ(heads.violations[k].input.label, whole.violations[k].input.label);
  }
  std::vector<const CaseOutcome*> every_row;
  for (const CaseOutcome& o : whole.outcomes) every_row.push_back(&o);
  const auto spread = log10_ratio_spread(every_row);
  ASSERT_TRUE(spread && merged.front().ratios);
  EXPECT_EQ(merged.front().ratios->cases, spread->cases);
  EXPECT_EQ(merged.front().ratios->min, spread->min);
  EXPECT_EQ(merged.front().ratios->median, spread->median);
  EXPECT_EQ(merged.front().ratios->max, spread->max);
  EXPECT_EQ(checks.cases(), kRows);
}

}  // namespace
}  // namespace nb::reproduce
