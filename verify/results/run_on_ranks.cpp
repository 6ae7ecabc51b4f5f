#include "verify/results/run_on_ranks.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "verify/distributed/rank_work_queue.hpp"
#include "verify/engine/outcome_bytes.hpp"

namespace nb {
namespace {

// The round that decided an outcome, as the outcome records it, for progress only: an outcome of
// MPFI at 53 bits shows as the binary64 tier's.
DecidingRound recorded_round(const CaseOutcome& o) {
  if (o.precision_bits == kBinary64TierBits) return {Tier::Binary64, kBinary64TierBits};
  return {o.exact.empty() ? Tier::Mpfi : Tier::Exact, o.precision_bits};
}

}  // namespace

std::optional<RunResults> run_on_ranks(const RunPlan& plan, const RankWorld& world, const RunProgressFn& progress) {
  const std::vector<TheoremCaseList> work = plan_work(plan);
  const std::vector<CaseRef> refs = plan_case_refs(plan);
  const bool streamed = is_streamed(plan);
  std::vector<std::vector<CaseOutcome>> outcomes(plan.theorems.size());
  for (std::size_t t = 0; t < plan.theorems.size(); ++t) outcomes[t].resize(case_count(plan.theorems[t]));
  std::vector<std::size_t> decided(plan.theorems.size(), 0);
  evaluate_on_ranks(
      world, refs.size(),
      [&](std::size_t begin, std::size_t end) {
        // A streamed plan's cases are built where they are evaluated, a chunk at a time: each rank
        // builds only the cases it is dealt.
        ByteWriter w;
        if (streamed) {
          for (const CaseOutcome& o : evaluate_streamed(plan, refs, begin, end).outcomes) write_outcome(w, o);
          return w.bytes();
        }
        const std::vector<CaseRef> chunk(refs.begin() + static_cast<std::ptrdiff_t>(begin),
                                         refs.begin() + static_cast<std::ptrdiff_t>(end));
        for (const CaseOutcome& o : evaluate_case_refs(work, chunk, plan.settings)) write_outcome(w, o);
        return w.bytes();
      },
      [&](std::size_t begin, std::size_t end, const std::string& bytes) {
        ByteReader r(bytes);
        for (std::size_t k = begin; k < end; ++k) {
          const CaseRef ref = refs[k];
          CaseOutcome& o = outcomes[ref.theorem][ref.index] = read_outcome(r);
          if (progress)
            progress(plan.theorems[ref.theorem].theorem->info().id, ++decided[ref.theorem],
                     case_count(plan.theorems[ref.theorem]), recorded_round(o));
        }
        if (!r.at_end()) throw std::logic_error("a rank sent more outcomes than its chunk holds");
      });
  if (!world.leads()) return std::nullopt;
  return plan_results(plan, std::move(outcomes));
}

}  // namespace nb
