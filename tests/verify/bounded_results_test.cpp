// Bounded results (verify/results/outcome_keeper.hpp) against the results of the same streamed run
// holding every outcome: the same counts, expectation, worst case, violations and looseness; kept
// cases equal to their outcomes; keepers of parts merge into the keeper of the whole, in any
// order; and every outcome spooled to disk (verify/results/outcome_spool.hpp) gives the JSON of
// the run holding every outcome.
#include <algorithm>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "verify/engine/theorem.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/median.hpp"
#include "verify/results/outcome_keeper.hpp"
#include "verify/results/outcome_spool.hpp"
#include "verify/results/run.hpp"
#include "verify/results/slack_order.hpp"
#include "verify/results/source_looseness.hpp"

namespace nb {
namespace {

// x0 <= x1 on cases whose x0 steps through 0, 1/8, ..., 6/8 against x1 = 1/2: PROVEN below 1/2,
// EQUAL (exact) at it, VIOLATED above, so that 3 in 7 cases are flagged.
struct StepAgainstHalf {
  static TheoremInfo info() {
    return {.id = "test-step-against-half",
            .title = "x0 <= x1",
            .source = "test only",
            .statement = R"(x_0 \le x_1)",
            .summary = "x0 <= x1",
            .assumptions = {"x has 2 entries"},
            .reads = {.numbers = {"x"}}};
  }
  static std::vector<Case> suite(const SuiteRequest&) { return {}; }
  static void check_assumptions(const Case& c) {
    if (c.number("x").size() != 2) throw InputError("x must have 2 entries");
  }
  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const Vector<R> x = c.number("x").to_vector<R>();
    Sides<R> s;
    s.claim("x0 <= x1", x[0], Relation::LessEqual, x[1]);
    return s;
  }
};

// Case i: layer i % 3, head (i / 3) % 4 (12 heads); x0 = (i % 7) / 8 plus a small shift per case,
// so that relative slacks differ and the tightest cases of a head are well defined.
Case step_case(std::size_t i) {
  Case c;
  c.theorem = "test-step-against-half";
  const double shift = static_cast<double>(i % 11) / 4096;
  const double x0 = i % 7 == 4 ? 0.5 : static_cast<double>(i % 7) / 8 + shift;
  c.numbers["x"] = ExactTensor::vector({x0, 0.5});
  c.label = "case " + std::to_string(i);
  c.provenance = {{"layer", std::to_string(i % 3)}, {"head", std::to_string((i / 3) % 4)}};
  return c;
}

constexpr std::size_t kCases = 2600;  // 1114 flagged: more than kKeptFlaggedCases

RunPlan step_plan(const Theorem& theorem, OutcomesHeld held) {
  RunPlan plan;
  plan.theorems.push_back({&theorem, {}, CaseOrigin::External, CaseList(kCases, step_case)});
  plan.settings.threads = 2;
  plan.held = held;
  plan.looseness = true;  // a source's rows, as check runs them
  return plan;
}

std::string text(const nlohmann::json& j) { return j.dump(); }

TEST(BoundedResults, AgreeWithEveryOutcome) {
  const TheoremModel<StepAgainstHalf> theorem;
  const RunResults every = run(step_plan(theorem, OutcomesHeld::Every));
  const RunResults bounded = run(step_plan(theorem, OutcomesHeld::Bounded));
  const TheoremResult& e = every.theorems.at(0);
  const TheoremResult& b = bounded.theorems.at(0);
  ASSERT_FALSE(e.kept.has_value());
  ASSERT_TRUE(b.kept.has_value());
  EXPECT_EQ(b.cases, kCases);
  EXPECT_EQ(b.counts, e.counts);
  EXPECT_GT(e.counts[static_cast<int>(Verdict::Violated)], kKeptViolations);
  EXPECT_GT(e.counts[static_cast<int>(Verdict::EqualExact)], 0u);
  EXPECT_EQ(b.expectation, e.expectation);
  EXPECT_EQ(b.expected, e.expected);
  EXPECT_EQ(b.violations_total, e.violations_total);
  ASSERT_EQ(b.violations.size(), e.violations.size());
  for (std::size_t k = 0; k < e.violations.size(); ++k)
    EXPECT_EQ(text(outcome_to_json(b.violations[k].outcome)), text(outcome_to_json(e.violations[k].outcome)));
  ASSERT_TRUE(e.worst_case && b.worst_case);
  EXPECT_EQ(b.worst_case->outcome.index, e.worst_case->outcome.index);
  ASSERT_FALSE(every.looseness.empty());
  EXPECT_EQ(text(looseness_json(bounded.looseness)), text(looseness_json(every.looseness)));
  EXPECT_EQ(exit_status(bounded), exit_status(every));

  std::vector<double> logs;
  for (const CaseOutcome& o : e.outcomes)
    if (o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight)
      if (const auto log10 = log10_of_positive_midpoint(o.relative_slack)) logs.push_back(*log10);
  EXPECT_EQ(b.kept->median_cases, logs.size());
  ASSERT_TRUE(b.kept->median_log10_relative_slack.has_value());
  EXPECT_EQ(*b.kept->median_log10_relative_slack, median_of(logs));

  // Kept: the first kKeptFlaggedCases flagged cases, the tightest proven ones of each head, each
  // exactly its outcome in the run holding every outcome.
  std::size_t flagged = 0;
  for (const CaseOutcome& o : e.outcomes) flagged += is_flagged_outcome(o);
  EXPECT_EQ(b.kept->flagged, flagged);
  EXPECT_GT(flagged, kKeptFlaggedCases);
  EXPECT_EQ(b.kept->flagged_kept, kKeptFlaggedCases);
  EXPECT_EQ(b.kept->heads.size(), 12u);
  EXPECT_LT(b.outcomes.size(), kKeptFlaggedCases + kKeptViolations + 12 * kKeptTightestPerHead + 2);
  for (const CaseOutcome& o : b.outcomes) EXPECT_EQ(text(outcome_to_json(o)), text(outcome_to_json(e.outcomes.at(o.index))));
  std::size_t first_flagged_kept = 0;
  for (const CaseOutcome& o : e.outcomes) {
    if (!is_flagged_outcome(o) || first_flagged_kept == kKeptFlaggedCases) continue;
    ++first_flagged_kept;
    EXPECT_TRUE(std::any_of(b.outcomes.begin(), b.outcomes.end(), [&](const CaseOutcome& k) { return k.index == o.index; }))
        << "flagged case " << o.index << " is among the first kept";
  }
  for (const HeadSummary& h : b.kept->heads) {
    std::size_t cases = 0;
    double min_relative = std::numeric_limits<double>::infinity();
    for (const CaseOutcome& o : e.outcomes)
      if (std::stoi(o.provenance.at("layer")) == h.layer && std::stoi(o.provenance.at("head")) == h.head) {
        ++cases;
        if (is_certified_verdict(o.verdict)) min_relative = std::min(min_relative, o.relative_slack.approx);
      }
    EXPECT_EQ(h.cases, cases);
    EXPECT_EQ(h.min_relative_slack, min_relative);
  }
}

TEST(BoundedResults, KeepersOfPartsMergeInAnyOrder) {
  const TheoremModel<StepAgainstHalf> theorem;
  const RunResults every = run(step_plan(theorem, OutcomesHeld::Every));
  const std::vector<CaseOutcome>& all = every.theorems.at(0).outcomes;
  OutcomeKeeper whole, first, second;
  for (const CaseOutcome& o : all) whole.add(o);
  for (std::size_t i = 0; i < all.size(); ++i) (i < 1500 ? first : second).add(all[i]);
  ByteWriter w;
  first.write(w);
  ByteReader r(w.bytes());
  OutcomeKeeper later_first = std::move(second);
  later_first.merge(OutcomeKeeper::read(r));
  EXPECT_TRUE(r.at_end());
  const auto json_of = [&](const OutcomeKeeper& k) {
    RunResults results;
    results.theorems.push_back(k.result(theorem.info(), step_case, CaseOrigin::External));
    return text(results_to_json(results));
  };
  EXPECT_EQ(json_of(later_first), json_of(whole));
}

// The run measures the looseness when its plan asks for it (RunPlan::looseness), and only then.
TEST(BoundedResults, LoosenessMeasuredWhenThePlanAsks) {
  const TheoremModel<StepAgainstHalf> theorem;
  for (OutcomesHeld held : {OutcomesHeld::Every, OutcomesHeld::Bounded}) {
    RunPlan plan = step_plan(theorem, held);
    const RunResults measured = run(plan);
    EXPECT_EQ(text(looseness_json(measured.looseness)), text(looseness_json(looseness_of(measured))));
    plan.looseness = false;
    EXPECT_TRUE(run(plan).looseness.empty());
  }
}

TEST(BoundedResults, ReadBackAndRefusedWhenTheyDoNotAddUp) {
  const TheoremModel<StepAgainstHalf> theorem;
  const RunResults bounded = run(step_plan(theorem, OutcomesHeld::Bounded));
  const nlohmann::json j = results_to_json(bounded);
  EXPECT_EQ(text(results_to_json(results_from_json(j))), text(j));
  check_results(bounded);
  nlohmann::json more = j;
  more["theorems"][0]["counts"]["proven"] = more["theorems"][0]["counts"]["proven"].get<std::size_t>() + 1;
  EXPECT_THROW(results_from_json(more), InputError);
  nlohmann::json head = j;
  head["theorems"][0]["kept"]["heads"][0]["cases"] = 1;
  EXPECT_THROW(results_from_json(head), InputError);
}

// The partial results of an MPI job hold the cases its ranks decided, which need not be the first
// (each rank stops inside its own chunk): their kept cases may lie beyond the cases counted, which
// results not marked partial may not.
TEST(BoundedResults, PartialResultsMayKeepCasesBeyondTheirCount) {
  const TheoremModel<StepAgainstHalf> theorem;
  const RunResults every = run(step_plan(theorem, OutcomesHeld::Every));
  RunPlan plan = step_plan(theorem, OutcomesHeld::Bounded);
  plan.looseness = false;
  RunResults partial = run(plan);
  OutcomeKeeper later;
  for (std::size_t i = 1500; i < kCases; ++i) later.add(every.theorems.at(0).outcomes[i]);
  partial.theorems = {later.result(theorem.info(), step_case, CaseOrigin::External)};
  partial.partial = "stopped by SIGUSR1 after 1100 of 2600 cases";
  const nlohmann::json j = results_to_json(partial);
  EXPECT_EQ(text(results_to_json(results_from_json(j))), text(j));
  check_results(partial);
  nlohmann::json whole = j;
  whole.erase("partial");
  EXPECT_THROW(results_from_json(whole), InputError);
}

TEST(BoundedResults, SpooledOutcomesGiveTheJsonOfEveryOutcome) {
  const TheoremModel<StepAgainstHalf> theorem;
  const RunResults every = run(step_plan(theorem, OutcomesHeld::Every));
  RunPlan plan = step_plan(theorem, OutcomesHeld::Bounded);
  OutcomeSpool spool({kCases});
  plan.every_outcome = [&](std::size_t first, const std::vector<CaseOutcome>& outcomes) { spool.add(first, outcomes); };
  const RunResults bounded = run(plan);
  std::string written;
  spool.write_results(bounded, [&](const std::string& piece) { written += piece; });
  EXPECT_EQ(text(nlohmann::json::parse(written)), text(results_to_json(every)));
}

TEST(BoundedResults, SpoolTakesChunksInAnyOrder) {
  const TheoremModel<StepAgainstHalf> theorem;
  const RunResults every = run(step_plan(theorem, OutcomesHeld::Every));
  const std::vector<CaseOutcome>& all = every.theorems.at(0).outcomes;
  OutcomeSpool spool({kCases});
  const std::vector<CaseOutcome> tail(all.begin() + 1000, all.end()), head(all.begin(), all.begin() + 1000);
  spool.add(1000, tail);
  spool.add(0, head);
  RunResults bounded = run(step_plan(theorem, OutcomesHeld::Bounded));
  std::string written;
  spool.write_results(bounded, [&](const std::string& piece) { written += piece; });
  EXPECT_EQ(text(nlohmann::json::parse(written)), text(results_to_json(every)));
}

}  // namespace
}  // namespace nb
