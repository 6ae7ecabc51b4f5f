#include "verify/results/run_on_ranks.hpp"

#include <atomic>
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

std::optional<RunResults> run_on_ranks(const RunPlan& plan, const RankWorld& world, const RunProgressFn& progress,
                                       const StopFn& stop) {
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
  // Rank 0's: the cases decided on every rank, and why a rank stopped before its chunk's end.
  std::size_t decided_cases = 0;
  std::string stopped;
  std::atomic<bool> a_rank_stopped{false};
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
          // A chunk dealt after this rank was asked to stop is handed back undecided.
          StreamedRun streamed{0, stop ? stop() : std::string()};
          if (streamed.stopped.empty())
            streamed = evaluate_streamed(
                plan, refs, begin, end,
                [&](std::size_t first, const std::vector<CaseOutcome>& chunk) {
                  for (std::size_t k = 0; k < chunk.size(); ++k) {
                    chunk_keepers[refs[first + k].theorem].add(chunk[k]);
                    if (every_outcome) write_outcome(all, chunk[k]);
                    latest = recorded_round(chunk[k]);
                  }
                },
                {}, stop);
          w.integer(streamed.decided);
          w.text(streamed.stopped);
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
          const std::size_t chunk_decided = static_cast<std::size_t>(r.integer());
          const std::string chunk_stopped = r.text();
          if (chunk_decided > end - begin) throw std::logic_error("a rank decided more cases than its chunk holds");
          if (chunk_decided < end - begin) {
            if (stopped.empty()) stopped = chunk_stopped;
            a_rank_stopped = true;
          }
          decided_cases += chunk_decided;
          DecidingRound latest;
          latest.tier = r.enumerator(Tier::Exact);
          latest.bits = static_cast<unsigned>(r.integer());
          for (OutcomeKeeper& k : keepers) k.merge(OutcomeKeeper::read(r));
          if (every_outcome && chunk_decided > 0) {
            std::vector<CaseOutcome> chunk;
            for (std::size_t k = 0; k < chunk_decided; ++k) chunk.push_back(read_outcome(r));
            plan.every_outcome(begin, chunk);
          }
          for (std::size_t k = begin; k < begin + chunk_decided; ++k) show(refs[k], latest);
        } else {
          for (std::size_t k = begin; k < end; ++k) {
            const CaseRef ref = refs[k];
            CaseOutcome& o = outcomes[ref.theorem][ref.index] = read_outcome(r);
            show(ref, recorded_round(o));
          }
        }
        if (!r.at_end()) throw std::logic_error("a rank sent more outcomes than its chunk holds");
      },
      [&] { return bounded && (a_rank_stopped || (stop && !stop().empty())); });
  if (!world.leads()) return std::nullopt;
  if (!bounded) return plan_results(plan, std::move(outcomes));
  RunResults results = plan_results(plan, keepers);
  if (decided_cases < refs.size()) {
    // Rank 0's own reason where it was asked too (mpirun forwards a signal to every rank).
    const std::string own = stop ? stop() : std::string();
    results.partial = (own.empty() ? stopped : own) + " after " + std::to_string(decided_cases) + " of " +
                      std::to_string(refs.size()) + " cases";
  }
  return results;
}

}  // namespace nb
