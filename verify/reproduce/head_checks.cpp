#include "verify/reproduce/head_checks.hpp"

#include <chrono>
#include <stdexcept>

#include "theorems/registry.hpp"
#include "verify/results/run_on_ranks.hpp"

namespace nb::reproduce {
namespace {

// At most this many violations of a theorem are embedded in full (summarize's default).
constexpr std::size_t kShownViolations = 50;

// The results of `plan` on the ranks of an MPI job (rank 0's; empty on the others) or in this process.
RunResults checked_on_ranks(const RunPlan& plan, const RankWorld* ranks) {
  if (!ranks || ranks->size() == 1) return run(plan);
  std::optional<RunResults> gathered = run_on_ranks(plan, *ranks);
  return gathered ? std::move(*gathered) : RunResults{};
}

// The cases of `t` that a summary of every outcome may show in full: its worst case and first
// violations are among its candidates' (summarize picks them by position among equals), so the
// summary of the candidates alone names the same ones.
std::map<std::size_t, Case> shown_cases(const Theorem& theorem, const std::vector<CaseOutcome>& outcomes,
                                        std::map<std::size_t, Case> candidates) {
  std::vector<CaseOutcome> subset;
  std::vector<std::size_t> positions;
  for (const auto& [position, c] : candidates) {
    subset.push_back(outcomes[position]);
    positions.push_back(position);
  }
  const TheoremResult summary = summarize(
      theorem.info(), [&](std::size_t i) { return candidates.at(positions[i]); }, std::move(subset),
      CaseOrigin::External, kShownViolations);
  std::map<std::size_t, Case> shown;
  if (summary.worst_case) shown.emplace(summary.worst_case->outcome.index, summary.worst_case->input);
  for (const FlaggedCase& v : summary.violations) shown.emplace(v.outcome.index, v.input);
  return shown;
}

}  // namespace

HeadChecks::Tally& HeadChecks::tally(const std::string& id) {
  for (auto& [name, t] : tallies_)
    if (name == id) return t;
  tallies_.push_back({id, Tally{theorems::find(id), {}, {}}});
  return tallies_.back().second;
}

void HeadChecks::check(const std::string& id, std::size_t count, const std::function<Case(std::size_t)>& build) {
  if (count == 0) return;
  const auto start = std::chrono::steady_clock::now();
  Tally& t = tally(id);
  RunPlan plan;
  plan.settings = s_.certified;
  plan.theorems.push_back({t.theorem, {}, CaseOrigin::External, CaseList(count, build)});
  RunResults checked = checked_on_ranks(plan, s_.ranks);
  cases_ += count;
  if (!checked.theorems.empty()) {
    TheoremResult& head = checked.theorems.front();
    const std::size_t offset = t.outcomes.size();
    for (CaseOutcome& o : head.outcomes) {
      o.index += offset;
      t.outcomes.push_back(std::move(o));
    }
    if (head.worst_case) t.kept.emplace(offset + head.worst_case->outcome.index, std::move(head.worst_case->input));
    for (FlaggedCase& v : head.violations) t.kept.emplace(offset + v.outcome.index, std::move(v.input));
    t.kept = shown_cases(*t.theorem, t.outcomes, std::move(t.kept));
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<TheoremResult> HeadChecks::results() const {
  std::vector<TheoremResult> results;
  for (const auto& named : tallies_) {
    const Tally& t = named.second;
    if (t.outcomes.empty()) continue;
    const auto case_at = [&t](std::size_t i) {
      const auto found = t.kept.find(i);
      if (found == t.kept.end()) throw std::logic_error("reproduce: the case at " + std::to_string(i) + " was not kept");
      return found->second;
    };
    results.push_back(summarize(t.theorem->info(), case_at, t.outcomes, CaseOrigin::External, kShownViolations));
  }
  return results;
}

}  // namespace nb::reproduce
