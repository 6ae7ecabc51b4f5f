#include "verify/results/run.hpp"

#include "verify/engine/suite_regime.hpp"
#include "verify/results/version.hpp"

namespace nb {

TheoremCases suite_cases(const Theorem& theorem, std::uint64_t seed, std::size_t count) {
  TheoremCases cases{&theorem, theorem.suite({seed, count}), CaseOrigin::SuiteOrSaved};
  if (theorem.info().shapes.in_default_suite) {
    const std::size_t shapes = regime_shapes(theorem.info(), paper_regime()).shapes.size();
    const std::vector<Case> regime = regime_cases(theorem, paper_regime(), seed, shapes);
    cases.cases.insert(cases.cases.end(), regime.begin(), regime.end());
  }
  return cases;
}

std::vector<TheoremCaseList> plan_work(const RunPlan& plan) {
  std::vector<TheoremCaseList> work;
  for (const TheoremCases& t : plan.theorems) work.push_back({t.theorem, &t.cases});
  return work;
}

RunResults plan_results(const RunPlan& plan, std::vector<std::vector<CaseOutcome>> outcomes) {
  const CheckSettings& s = plan.settings;
  RunResults results;
  results.version = kVersion;
  results.commit = kGitCommit;
  results.command_line = plan.record.command_line;
  results.timestamp = plan.record.timestamp;
  results.settings = {s.binary64_tier, s.precision, s.max_precision, s.threads, s.max_sample_doublings,
                      s.policy.near_tight, s.confidence, s.seed,
                      plan.record.cases_per_theorem, plan.record.source, s.exact.units,
                      s.exact_time_limit};
  results.sources = plan.record.sources;
  for (std::size_t t = 0; t < plan.theorems.size(); ++t) {
    const TheoremCases& w = plan.theorems[t];
    results.theorems.push_back(summarize(w.theorem->info(), w.cases, std::move(outcomes[t]), w.origin));
  }
  return results;
}

RunResults run(const RunPlan& plan, const RunProgressFn& progress) {
  std::vector<std::vector<CaseOutcome>> outcomes =
      evaluate_theorems(plan_work(plan), plan.settings, [&](std::size_t t, std::size_t done, std::size_t total, DecidingRound round) {
        if (progress) progress(plan.theorems[t].theorem->info().id, done, total, round);
      });
  return plan_results(plan, std::move(outcomes));
}

}  // namespace nb
