#include "verify/engine.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include <mpfr.h>

#include "verify/errors.hpp"
#include "verify/exact_decision.hpp"
#include "verify/seed.hpp"
#include "verify/slack.hpp"

namespace nb {
namespace {

CaseOutcome evaluate_case(const Theorem& theorem, const Case& c, std::size_t index,
                          const CheckSettings& settings, unsigned bits, bool final_precision) {
  EvalContext ctx;
  ctx.confidence = settings.confidence;
  ctx.seed = case_seed(settings.seed, index);
  const Sides<Interval> sides = theorem.evaluate_interval(c, ctx);

  CaseOutcome out;
  out.index = index;
  out.label = c.label;
  out.size = c.size();
  out.provenance = c.provenance;
  out.precision_bits = bits;
  if (sides.claims.empty()) {
    out.claim = "(the evaluation returned no claim)";
    out.verdict = Verdict::Inconclusive;
    return out;
  }
  std::vector<SlackEnclosure> slacks;
  std::vector<Verdict> verdicts;
  for (const auto& claim : sides.claims) {
    slacks.push_back(slack_of(claim));
    verdicts.push_back(classify(slacks.back(), claim.relation, claim.evidence, settings.policy, bits,
                                final_precision, out.size));
  }
  if (final_precision)
    out.exact = decide_tight_claims(theorem, c, ctx, settings.exact, sides.claims, verdicts, slacks);
  const std::size_t k = deciding_claim(verdicts, slacks);
  const auto& claim = sides.claims[k];
  out.verdict = verdicts[k];
  out.claim = claim.name;
  out.relation = claim.relation;
  out.value = enclosure_text(claim.value);
  out.bound = enclosure_text(claim.bound);
  out.slack = enclosure_text(slacks[k].lo, slacks[k].hi);
  out.relative_slack = enclosure_text(slacks[k].relative_lo, slacks[k].relative_hi);
  out.relative_is_absolute = slacks[k].relative_is_absolute;
  for (const auto& [name, q] : sides.quantities) out.quantities.emplace_back(name, enclosure_text(q));
  return out;
}

// Runs body(i) for every i in `items` on up to `threads` threads; rethrows the first exception.
template <class Body>
void parallel_for_each(const std::vector<std::size_t>& items, unsigned threads, Body body) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (std::size_t k = next++; k < items.size(); k = next++) {
      try {
        body(items[k]);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = items.size();
      }
    }
  };
  const unsigned n = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(items.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t)
    pool.emplace_back([&] {
      worker();
      // MPFR keeps per-thread caches (constants, exp) that a finished thread would leak.
      mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    });
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

std::uint64_t case_seed(std::uint64_t run_seed, std::uint64_t index) {
  return splitmix64(run_seed ^ splitmix64(index + 0x6e6f726d626f756eULL));
}

std::vector<CaseOutcome> evaluate_cases(const Theorem& theorem, const std::vector<Case>& cases,
                                        const CheckSettings& settings, const ProgressFn& progress) {
  for (const Case& c : cases) {
    try {
      theorem.check_assumptions(c);
    } catch (const InputError& e) {
      throw InputError(theorem.info().id + ", case '" + c.label + "': " + e.what());
    }
  }
  std::vector<CaseOutcome> outcomes(cases.size());
  std::vector<std::size_t> pending(cases.size());
  for (std::size_t i = 0; i < pending.size(); ++i) pending[i] = i;
  std::size_t decided = 0;
  std::mutex progress_mutex;

  unsigned requested = settings.precision;
  while (!pending.empty()) {
    const bool final_precision = requested >= settings.max_precision;
    const unsigned bits = set_working_precision(requested);
    parallel_for_each(pending, settings.threads, [&](std::size_t i) {
      outcomes[i] = evaluate_case(theorem, cases[i], i, settings, bits, final_precision);
      if (final_precision || !needs_more_precision(outcomes[i].verdict)) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        ++decided;
        if (progress) progress(decided, cases.size(), bits);
      }
    });
    if (final_precision) break;
    std::vector<std::size_t> undecided;
    for (std::size_t i : pending)
      if (needs_more_precision(outcomes[i].verdict)) undecided.push_back(i);
    pending = std::move(undecided);
    requested = std::min(requested * 2, settings.max_precision);
  }
  return outcomes;
}

}  // namespace nb
