#include "verify/results/run.hpp"

#include <algorithm>

#include "verify/engine/suite_regime.hpp"
#include "verify/results/source_looseness.hpp"
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

std::size_t case_count(const TheoremCases& t) { return t.built.empty() ? t.cases.size() : t.built.size(); }

bool is_streamed(const RunPlan& plan) {
  return std::any_of(plan.theorems.begin(), plan.theorems.end(), [](const TheoremCases& t) { return !t.built.empty(); });
}

std::vector<CaseRef> plan_case_refs(const RunPlan& plan) {
  std::vector<CaseRef> refs;
  for (std::size_t t = 0; t < plan.theorems.size(); ++t)
    for (std::size_t i = 0; i < case_count(plan.theorems[t]); ++i) refs.push_back({t, i});
  return refs;
}

StreamedRun evaluate_streamed(const RunPlan& plan, const std::vector<CaseRef>& refs, std::size_t begin, std::size_t end,
                              const OutcomeChunkFn& take, const TheoremProgressFn& progress, const StopFn& stop) {
  std::vector<const Theorem*> theorems;
  for (const TheoremCases& t : plan.theorems) theorems.push_back(t.theorem);
  const std::size_t chunk = kStreamChunk * std::max(1u, plan.settings.threads);
  StreamedRun result;
  for (std::size_t first = begin; first < end; first += chunk) {
    if (first > begin && stop) {
      result.stopped = stop();
      if (!result.stopped.empty()) break;
    }
    const std::size_t last = std::min(end, first + chunk);
    const std::vector<CaseRef> part(refs.begin() + static_cast<std::ptrdiff_t>(first),
                                    refs.begin() + static_cast<std::ptrdiff_t>(last));
    std::vector<Case> cases(part.size());
    for (std::size_t k = 0; k < part.size(); ++k) {
      const TheoremCases& t = plan.theorems[part[k].theorem];
      cases[k] = t.built.empty() ? t.cases[part[k].index] : t.built[part[k].index];
    }
    take(first, evaluate_built_cases(theorems, part, cases, plan.settings, progress));
    result.decided += part.size();
  }
  return result;
}

std::vector<TheoremCaseList> plan_work(const RunPlan& plan) {
  std::vector<TheoremCaseList> work;
  for (const TheoremCases& t : plan.theorems) work.push_back({t.theorem, &t.cases});
  return work;
}

namespace {

// The results' record of the run: version, settings, sources; no theorems yet.
RunResults run_record(const RunPlan& plan) {
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
  return results;
}

// Case i of theorem `w`, built anew or copied.
std::function<Case(std::size_t)> case_builder(const TheoremCases& w) {
  if (w.built.empty()) return [&w](std::size_t i) { return w.cases[i]; };
  return [&w](std::size_t i) { return w.built[i]; };
}

// The results with their looseness, when the plan asks for it.
RunResults measured(const RunPlan& plan, RunResults results) {
  if (plan.looseness) results.looseness = looseness_of(results);
  return results;
}

}  // namespace

RunResults plan_results(const RunPlan& plan, std::vector<std::vector<CaseOutcome>> outcomes) {
  RunResults results = run_record(plan);
  for (std::size_t t = 0; t < plan.theorems.size(); ++t) {
    const TheoremCases& w = plan.theorems[t];
    results.theorems.push_back(summarize(w.theorem->info(), case_builder(w), std::move(outcomes[t]), w.origin));
  }
  return measured(plan, std::move(results));
}

RunResults plan_results(const RunPlan& plan, const std::vector<OutcomeKeeper>& keepers) {
  RunResults results = run_record(plan);
  for (std::size_t t = 0; t < plan.theorems.size(); ++t) {
    const TheoremCases& w = plan.theorems[t];
    results.theorems.push_back(keepers[t].result(w.theorem->info(), case_builder(w), w.origin));
  }
  return measured(plan, std::move(results));
}

RunResults run(const RunPlan& plan, const RunProgressFn& progress, const StopFn& stop) {
  if (is_streamed(plan)) {
    const std::vector<CaseRef> refs = plan_case_refs(plan);
    const bool bounded = plan.held == OutcomesHeld::Bounded;
    std::vector<std::size_t> decided(plan.theorems.size(), 0);
    std::vector<std::vector<CaseOutcome>> outcomes(plan.theorems.size());
    std::vector<OutcomeKeeper> keepers(plan.theorems.size());
    const StreamedRun streamed = evaluate_streamed(
        plan, refs, 0, refs.size(),
        [&](std::size_t first, const std::vector<CaseOutcome>& chunk) {
          if (bounded && plan.every_outcome) plan.every_outcome(first, chunk);
          for (std::size_t k = 0; k < chunk.size(); ++k) {
            const std::size_t t = refs[first + k].theorem;
            if (bounded) keepers[t].add(chunk[k]);
            else outcomes[t].push_back(chunk[k]);
          }
        },
        [&](std::size_t t, std::size_t, std::size_t, DecidingRound round) {
          if (progress) progress(plan.theorems[t].theorem->info().id, ++decided[t], case_count(plan.theorems[t]), round);
        },
        stop);
    RunResults results = bounded ? plan_results(plan, keepers) : plan_results(plan, std::move(outcomes));
    if (!streamed.stopped.empty())
      results.partial = streamed.stopped + " after " + std::to_string(streamed.decided) + " of " +
                        std::to_string(refs.size()) + " cases";
    return results;
  }
  std::vector<std::vector<CaseOutcome>> outcomes =
      evaluate_theorems(plan_work(plan), plan.settings, [&](std::size_t t, std::size_t done, std::size_t total, DecidingRound round) {
        if (progress) progress(plan.theorems[t].theorem->info().id, done, total, round);
      });
  return plan_results(plan, std::move(outcomes));
}

}  // namespace nb
