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
  // Bounded results travel as each chunk's keepers, and every outcome only when asked for.
  const bool bounded = streamed && plan.held == OutcomesHeld::Bounded;
  const bool every_outcome = bounded && static_cast<bool>(plan.every_outcome);
  std::vector<std::vector<CaseOutcome>> outcomes(plan.theorems.size());
  if (!bounded)
    for (std::size_t t = 0; t < plan.theorems.size(); ++t) outcomes[t].resize(case_count(plan.theorems[t]));
  std::vector<OutcomeKeeper> keepers(plan.theorems.size());
  std::vector<std::size_t> decided(plan.theorems.size(), 0);
  const auto show = [&](const CaseRef& ref, DecidingRound round) {
    if (progress)
      progress(plan.theorems[ref.theorem].theorem->info().id, ++decided[ref.theorem],
               case_count(plan.theorems[ref.theorem]), round);
  };
  evaluate_on_ranks(
      world, refs.size(),
      [&](std::size_t begin, std::size_t end) {
        // A streamed plan's cases are built where they are evaluated, a chunk at a time: each rank
        // builds only the cases it is dealt.
        ByteWriter w;
        if (bounded) {
          std::vector<OutcomeKeeper> chunk_keepers(plan.theorems.size());
          ByteWriter all;
          DecidingRound latest{Tier::Binary64, kBinary64TierBits};
          evaluate_streamed(plan, refs, begin, end, [&](std::size_t first, const std::vector<CaseOutcome>& chunk) {
            for (std::size_t k = 0; k < chunk.size(); ++k) {
              chunk_keepers[refs[first + k].theorem].add(chunk[k]);
              if (every_outcome) write_outcome(all, chunk[k]);
              latest = recorded_round(chunk[k]);
            }
          });
          w.enumerator(latest.tier);
          w.integer(latest.bits);
          for (const OutcomeKeeper& k : chunk_keepers) k.write(w);
          return w.bytes() + all.bytes();
        }
        if (streamed) {
          evaluate_streamed(plan, refs, begin, end, [&](std::size_t, const std::vector<CaseOutcome>& chunk) {
            for (const CaseOutcome& o : chunk) write_outcome(w, o);
          });
          return w.bytes();
        }
        const std::vector<CaseRef> chunk(refs.begin() + static_cast<std::ptrdiff_t>(begin),
                                         refs.begin() + static_cast<std::ptrdiff_t>(end));
        for (const CaseOutcome& o : evaluate_case_refs(work, chunk, plan.settings)) write_outcome(w, o);
        return w.bytes();
      },
      [&](std::size_t begin, std::size_t end, const std::string& bytes) {
        ByteReader r(bytes);
        if (bounded) {
          DecidingRound latest;
          latest.tier = r.enumerator(Tier::Exact);
          latest.bits = static_cast<unsigned>(r.integer());
          for (OutcomeKeeper& k : keepers) k.merge(OutcomeKeeper::read(r));
          if (every_outcome) {
            std::vector<CaseOutcome> chunk;
            for (std::size_t k = begin; k < end; ++k) chunk.push_back(read_outcome(r));
            plan.every_outcome(begin, chunk);
          }
          for (std::size_t k = begin; k < end; ++k) show(refs[k], latest);
        } else {
          for (std::size_t k = begin; k < end; ++k) {
            const CaseRef ref = refs[k];
            CaseOutcome& o = outcomes[ref.theorem][ref.index] = read_outcome(r);
            show(ref, recorded_round(o));
          }
        }
        if (!r.at_end()) throw std::logic_error("a rank sent more outcomes than its chunk holds");
      });
  if (!world.leads()) return std::nullopt;
  return bounded ? plan_results(plan, keepers) : plan_results(plan, std::move(outcomes));
}

}  // namespace nb
