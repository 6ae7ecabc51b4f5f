#include "verify/reproduce/head_checks.hpp"

#include <chrono>
#include <stdexcept>

#include "theorems/registry.hpp"
#include "verify/results/run_on_ranks.hpp"

namespace nb::reproduce {
namespace {

// Runs `plan` on the ranks of an MPI job or in this process; its outcomes go to plan.every_outcome
// (on rank 0).
void run_on_ranks_or_here(const RunPlan& plan, const RankWorld* ranks) {
  if (!ranks || ranks->size() == 1)
    run(plan);
  else
    run_on_ranks(plan, *ranks);
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
  const std::size_t offset = t.keeper.cases();
  RunPlan plan;
  plan.settings = s_.certified;
  plan.held = OutcomesHeld::Bounded;
  plan.every_outcome = [&t, offset](std::size_t, const std::vector<CaseOutcome>& chunk) {
    for (CaseOutcome o : chunk) {
      o.index += offset;
      t.keeper.add(o);
    }
  };
  plan.theorems.push_back({t.theorem, {}, CaseOrigin::External, CaseList(count, build)});
  run_on_ranks_or_here(plan, s_.ranks);
  cases_ += count;
  // Keep in full the cases the results may show: those kept before or among this head's rows.
  std::map<std::size_t, Case> shown;
  for (std::size_t i : t.keeper.cases_shown()) {
    if (const auto kept = t.shown.find(i); kept != t.shown.end())
      shown.emplace(i, std::move(kept->second));
    else if (i >= offset)
      shown.emplace(i, build(i - offset));
  }
  t.shown = std::move(shown);
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<CertifiedRows> HeadChecks::results() const {
  std::vector<CertifiedRows> results;
  for (const auto& named : tallies_) {
    const Tally& t = named.second;
    if (t.keeper.cases() == 0) continue;
    const auto case_at = [&t](std::size_t i) {
      const auto found = t.shown.find(i);
      if (found == t.shown.end()) throw std::logic_error("reproduce: the case at " + std::to_string(i) + " was not kept");
      return found->second;
    };
    results.push_back({t.keeper.result(t.theorem->info(), case_at, CaseOrigin::External), t.keeper.ratio_spread()});
  }
  return results;
}

}  // namespace nb::reproduce
