#include "verify/run.hpp"

#include "verify/suite_regime.hpp"
#include "verify/version.hpp"

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

RunResults run(const RunPlan& plan, const RunProgressFn& progress) {
  const CheckSettings& s = plan.settings;
  RunResults results;
  results.version = kVersion;
  results.commit = kGitCommit;
  results.command_line = plan.record.command_line;
  results.timestamp = plan.record.timestamp;
  results.settings = {s.binary64_tier, s.precision, s.max_precision, s.threads, s.max_sample_doublings,
                      s.policy.near_tight, s.confidence, s.seed,
                      plan.record.cases_per_theorem, plan.record.source, s.exact.units};
  results.sources = plan.record.sources;
  for (const TheoremCases& work : plan.theorems) {
    const std::string& id = work.theorem->info().id;
    std::vector<CaseOutcome> outcomes =
        evaluate_cases(*work.theorem, work.cases, s, [&](std::size_t done, std::size_t total, DecidingRound round) {
          if (progress) progress(id, done, total, round);
        });
    results.theorems.push_back(summarize(work.theorem->info(), work.cases, std::move(outcomes), work.origin));
  }
  return results;
}

}  // namespace nb
