// The done-means of `normbound search` on registered theorems: a violation of
// Corollary 3 as printed found from starts that are not ties and shrunk to the paper's witness;
// the sharp bound attained; the weight bounds' best ratio reported below 1.
#include "verify/search/theorem_search.hpp"

#include <gtest/gtest.h>

#include "verify/search/tightness_frontier.hpp"
#include "theorems/registry.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/run.hpp"

namespace nb::search {
namespace {

const Theorem& registered(const std::string& id) {
  const Theorem* t = theorems::find(id);
  EXPECT_NE(t, nullptr) << id;
  return *t;
}

// The engine's results on the search's certified cases, as `normbound search` gets them.
TheoremResult certified(const TheoremSearch& s) {
  RunPlan plan;
  plan.theorems.push_back({s.theorem, s.certified_cases, CaseOrigin::SuiteOrSaved});
  return run(plan).theorems.front();
}

// The search `normbound search ID --budget B` runs (default seed).
TheoremSearch searched(const Theorem& t, std::size_t budget) {
  SearchSettings settings;
  settings.seed = 2508178;
  settings.budget = budget;
  return search_theorem(t, settings);
}

bool all_logits_tied(const Case& c) {
  const ExactTensor& l = c.number("logits");
  for (std::size_t i = 1; i < l.size(); ++i)
    if (l.exact(i) != l.exact(0)) return false;
  return true;
}

TEST(TheoremSearch, FindsAndShrinksTheCorollary3ViolationFromStartsThatAreNotTies) {
  const Theorem& t = registered("softmax-jacobian-spectral-as-printed");
  const TheoremSearch s = searched(t, 2000);
  ASSERT_TRUE(s.violation);
  // Some restart that did not start at a tie ends at a certified violation.
  bool found_from_untied_start = false;
  for (const SearchRestart& restart : s.restarts) {
    if (all_logits_tied(restart.start)) continue;
    RunPlan plan;
    plan.theorems.push_back({&t, {restart.best}, CaseOrigin::SuiteOrSaved});
    found_from_untied_start |= run(plan).theorems.front().outcomes.front().verdict == Verdict::Violated;
  }
  EXPECT_TRUE(found_from_untied_start);
  ASSERT_TRUE(s.shrunk);
  const TheoremResult r = certified(s);
  EXPECT_EQ(r.outcomes.front().verdict, Verdict::Violated);
  // Corollary 3's witness is L = 2 with tied logits: ||J||_2 = 1/(2T) > 1/(4T) for every T.
  const Case& shown = s.certified_cases.front();
  EXPECT_EQ(shown.number("logits").size(), 2u);
  EXPECT_TRUE(all_logits_tied(shown));
  EXPECT_EQ(tightness_frontier(s, r, 1e-3).kind, FrontierKind::Violated);
}

TEST(TheoremSearch, FindsTheSharpJacobianBoundAttained) {
  const Theorem& t = registered("softmax-jacobian-spectral-sharp");
  const TheoremSearch s = searched(t, 2000);
  const TheoremResult r = certified(s);
  EXPECT_EQ(r.counts[static_cast<int>(Verdict::Violated)], 0u);
  // 1/(2T) is attained at two tied top logits and the rest far below (Popoviciu).
  EXPECT_EQ(tightness_frontier(s, r, 1e-3).kind, FrontierKind::Sharp);
}

TEST(TheoremSearch, ReportsTheBestRatioOfTheWeightBounds) {
  const Theorem& t = registered("softmax-weight-bounds");
  const TheoremSearch s = searched(t, 500);
  const TheoremResult r = certified(s);
  EXPECT_EQ(r.counts[static_cast<int>(Verdict::Violated)], 0u);
  const TightnessFrontier f = tightness_frontier(s, r, 1e-3);
  // The bound holds (Corollary 1), so no ratio exceeds 1 beyond binary64 rounding; the search
  // cannot do worse than its starts.
  EXPECT_LE(f.search_ratio, 1 + 1e-12);
  EXPECT_NE(f.kind, FrontierKind::Violated);
  for (const SearchRestart& restart : s.restarts) EXPECT_LE(restart.minimum.value, restart.start_relative_slack);
  EXPECT_GT(s.evaluations, 0u);
}

// `--shape` at GPT-2's shape (L = 1024, d = 64, T = 8), which no default case of the weight bounds'
// suite has: the starts are drawn at it by the suite generator, and every certified case has it.
TEST(TheoremSearch, DrawsItsStartsAtAShapeNoSuiteCaseHas) {
  const Theorem& t = registered("softmax-weight-bounds");
  const CaseShape wanted = parse_case_shape("L=1024,d=64,T=8");
  for (const Case& c : t.suite({2508178, 200})) ASSERT_FALSE(has_shape(c, wanted)) << c.label;
  SearchSettings settings;
  settings.seed = 2508178;
  settings.budget = 250;
  settings.shape = wanted;
  const TheoremSearch s = search_theorem(t, settings);
  ASSERT_FALSE(s.certified_cases.empty());
  for (const Case& c : s.certified_cases) {
    EXPECT_TRUE(has_shape(c, wanted)) << c.label;
    EXPECT_EQ(c.number("T").exact(0), 8) << c.label;
  }
  const TheoremResult r = certified(s);
  const Verdict v = r.outcomes.front().verdict;
  EXPECT_TRUE(v == Verdict::Proven || v == Verdict::NearTight || v == Verdict::EqualExact) << verdict_name(v);
  EXPECT_EQ(r.counts[static_cast<int>(Verdict::Violated)], 0u);
}

TEST(TheoremSearch, RefusesATheoremDeclaredNotSearchable) {
  EXPECT_THROW(search_theorem(registered("separability-upper-envelope-expectation"), {}), UsageError);
}

}  // namespace
}  // namespace nb::search
