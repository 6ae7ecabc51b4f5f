#include "verify/engine/engine.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <type_traits>

#include <mpfr.h>

#include "verify/io/errors.hpp"
#include "verify/engine/exact_decision_in_child.hpp"
#include "verify/engine/seed.hpp"
#include "verify/engine/slack.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb {
namespace {

// A case's outcome at one tier, and whether it is final there.
struct TierOutcome {
  CaseOutcome outcome;
  bool settled = false;  // every claim's verdict is settled (is_settled)
  bool bounded = true;   // every claim's slack and relative slack have finite ends
  double slack_width = std::numeric_limits<double>::infinity();  // of the deciding claim's slack enclosure
  // Below the final precision: every claim left Inconclusive is within resolution here (Tight, had
  // this precision been the final one), and at least one is.
  bool within_resolution = false;
};

// What every outcome of case `c` (at position `index`) evaluated at `bits` records about it.
CaseOutcome outcome_of_case(const Case& c, std::size_t index, unsigned bits) {
  CaseOutcome out;
  out.index = index;
  out.label = c.label;
  out.size = c.size();
  out.provenance = c.provenance;
  out.precision_bits = bits;
  return out;
}

// The outcome of a case some claim of which has no value there (`e`): INCONCLUSIVE with the
// reason, final at this tier (no precision gives a value to what has none).
TierOutcome undefined_outcome(const Case& c, std::size_t index, unsigned bits, const OutsideDomain& e) {
  TierOutcome t;
  t.settled = true;
  CaseOutcome& out = t.outcome = outcome_of_case(c, index, bits);
  out.verdict = Verdict::Inconclusive;
  out.claim = "(undefined at this case)";
  out.exact = kUndefined + e.what();
  const EnclosureText unknown = enclosure_text(not_a_number<Mpfr>(), not_a_number<Mpfr>());
  out.value = out.bound = out.slack = out.relative_slack = unknown;
  return t;
}

// The outcome of a case that breaks an assumption of its theorem (`why`): REFUSED with the reason,
// not evaluated.
CaseOutcome refused_outcome(const Case& c, std::size_t index, const std::string& why) {
  CaseOutcome out = outcome_of_case(c, index, 0);
  out.verdict = Verdict::Refused;
  out.claim = "(outside the assumptions)";
  out.exact = why;
  const EnclosureText unknown = enclosure_text(not_a_number<Mpfr>(), not_a_number<Mpfr>());
  out.value = out.bound = out.slack = out.relative_slack = unknown;
  return out;
}

template <class R>
TierOutcome outcome_of(const Theorem& theorem, const EvalContext& ctx, const Sides<R>& sides, const Case& c,
                       std::size_t index, const CheckSettings& settings, unsigned bits, bool final_precision,
                       int digits) {
  TierOutcome t;
  CaseOutcome& out = t.outcome = outcome_of_case(c, index, bits);
  out.sample_doublings = ctx.sample_doublings;
  if (sides.claims.empty()) {
    out.claim = "(the evaluation returned no claim)";
    out.verdict = Verdict::Inconclusive;
    return t;
  }
  std::vector<SlackEnclosure> slacks;
  std::vector<Verdict> verdicts;
  t.settled = true;
  // The verdict of one claim's slack at this tier (also for claims an exact decision narrows).
  const SlackClassifier classify_here{settings.policy, bits, final_precision, out.size};
  bool any_open = false, all_open_within_resolution = true;
  for (const auto& claim : sides.claims) {
    slacks.push_back(slack_of(claim));
    verdicts.push_back(classify_here(slacks.back(), claim));
    t.settled = t.settled && is_settled(verdicts.back(), slacks.back(), claim.relation, settings.policy);
    const SlackEnclosure& s = slacks.back();
    t.bounded = t.bounded && is_finite_value(s.lo) && is_finite_value(s.hi) && is_finite_value(s.relative_lo) &&
                is_finite_value(s.relative_hi);
    if (verdicts.back() == Verdict::Inconclusive) {
      any_open = true;
      all_open_within_resolution = all_open_within_resolution &&
          classify(slacks.back(), claim.relation, claim.evidence, settings.policy, bits, true, out.size) == Verdict::Tight;
    }
  }
  t.within_resolution = !final_precision && any_open && all_open_within_resolution;
  // An exact decision may narrow the enclosures of the claims and quantities it decides.
  Sides<R> decided;
  const Sides<R>* shown = &sides;
  if constexpr (std::is_same_v<R, Interval>)
    if (final_precision && !t.settled) {
      decided = sides;
      shown = &decided;
      out.exact = decide_claims_exactly_within(settings.exact_time_limit, theorem, c, ctx, settings.exact,
                                               classify_here, decided, verdicts, slacks);
    }
  if (is_undefined(out.exact)) return undefined_outcome(c, index, bits, OutsideDomain(out.exact.substr(kUndefined.size())));
  const std::size_t k = deciding_claim(verdicts, slacks);
  const auto& claim = shown->claims[k];
  if (slacks[k].known) t.slack_width = static_cast<double>(slacks[k].hi - slacks[k].lo);
  out.verdict = verdicts[k];
  out.claim = claim.name;
  out.relation = claim.relation;
  out.value = enclosure_text(claim.value);
  out.bound = enclosure_text(claim.bound);
  out.slack = enclosure_text(slacks[k].lo, slacks[k].hi, digits);
  out.relative_slack = enclosure_text(slacks[k].relative_lo, slacks[k].relative_hi, digits);
  out.relative_is_absolute = slacks[k].relative_is_absolute;
  for (const auto& [name, q] : shown->quantities) out.quantities.emplace_back(name, enclosure_text(q));
  return t;
}

EvalContext context_for(std::size_t index, const CheckSettings& settings, unsigned look) {
  EvalContext ctx;
  ctx.confidence = look_confidence(settings.confidence, look, settings.max_sample_doublings);
  ctx.seed = case_seed(settings.seed, index);
  ctx.sample_doublings = look;
  ctx.exact = settings.exact;
  ctx.exact_time_limit = settings.exact_time_limit;
  return ctx;
}

TierOutcome binary64_outcome(const Theorem& theorem, const Case& c, std::size_t index,
                             const CheckSettings& settings, unsigned look) {
  const EvalContext ctx = context_for(index, settings, look);
  Sides<DoubleInterval> sides;
  try {
    sides = theorem.evaluate_fast(c, ctx);
  } catch (const OutsideDomain& e) {
    return undefined_outcome(c, index, kBinary64TierBits, e);
  }
  TierOutcome t = outcome_of(theorem, ctx, sides, c, index, settings, kBinary64TierBits,
                             false, kBinary64EnclosureDigits);
  // An infinite end here is binary64's overflow beyond DBL_MAX (a relative slack of 0.75 / 2^-1074,
  // say), which MPFI's exponent range (to about 10^323228496) encloses finitely: MPFI decides
  // and records such cases, with the same verdict.
  t.settled = t.settled && t.bounded;
  return t;
}

TierOutcome mpfi_outcome(const Theorem& theorem, const Case& c, std::size_t index, const CheckSettings& settings,
                         unsigned look, unsigned bits, bool final_precision) {
  const EvalContext ctx = context_for(index, settings, look);
  Sides<Interval> sides;
  try {
    sides = theorem.evaluate_interval(c, ctx);
  } catch (const OutsideDomain& e) {
    return undefined_outcome(c, index, bits, e);
  }
  return outcome_of(theorem, ctx, sides, c, index, settings, bits, final_precision, kEnclosureDigits);
}

// The MPFI ladder of one case (step 2 of evaluate_cases): from settings.precision, doubling up
// to max_precision, until the verdict needs no more precision; straight to max_precision once the
// open claims are within resolution (an enclosure of 0 narrower than 2^-(p-8) times the bound's
// scale): their slack is 0 (an attained bound, the usual case) or tinier than that, which the
// intermediate rounds seldom decide, and a round costs about the same at 128 and 1024 bits
// (allocation and the evaluation's own work dominate MPFR's arithmetic at these sizes). Each round
// sets the calling thread's precision only, so cases climb independently, without waiting for
// each other.
TierOutcome mpfi_ladder(const Theorem& theorem, const Case& c, std::size_t index, const CheckSettings& settings,
                        unsigned look) {
  for (unsigned requested = settings.precision;;) {
    const bool final_precision = requested >= settings.max_precision;
    const unsigned bits = set_working_precision(requested);
    TierOutcome t = mpfi_outcome(theorem, c, index, settings, look, bits, final_precision);
    if (final_precision || is_undefined(t.outcome.exact) || !needs_more_precision(t.outcome.verdict)) return t;
    requested = t.within_resolution ? settings.max_precision : std::min(requested * 2, settings.max_precision);
  }
}

// Runs body(item) for every item on up to `threads` threads; rethrows the first exception.
template <class Item, class Body>
void parallel_for_each(const std::vector<Item>& items, unsigned threads, Body body) {
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

// Counts each theorem's cases as they become final and reports progress, from any worker thread.
class DecidedCounter {
 public:
  DecidedCounter(std::size_t theorems, const std::vector<CaseRef>& refs, const TheoremProgressFn& progress)
      : decided_(theorems, 0), totals_(theorems, 0), progress_(progress) {
    for (CaseRef r : refs) ++totals_[r.theorem];
  }
  void decided(std::size_t theorem, DecidingRound round) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++decided_[theorem];
    if (progress_) progress_(theorem, decided_[theorem], totals_[theorem], round);
  }

 private:
  std::vector<std::size_t> decided_, totals_;
  const TheoremProgressFn& progress_;
  std::mutex mutex_;
};

// What the looks at a case have learnt about it, for the next look.
struct LookMemory {
  // The width of the binary64 tier's slack enclosure at the last look that went on to MPFI.
  double binary64_width = std::numeric_limits<double>::infinity();
  // MPFI left the case UNDECIDED (statistical) with a confidence interval at least half as wide
  // as binary64's: its width comes from the samples (or from ties in them), not from rounding,
  // so later looks keep binary64's UNDECIDED (statistical) instead of repeating the costlier
  // MPFI evaluation of every draw.
  bool binary64_suffices = false;
};

// The cases to evaluate: refs[k] is case_of(k) of theorem_of(k).
struct RefCases {
  const std::vector<CaseRef>& refs;
  std::function<const Case&(std::size_t)> case_of;
  std::function<const Theorem&(std::size_t)> theorem_of;
};

// One look at the cases `pending` (positions in `refs`; tiers 1 and 2 of evaluate_theorems);
// returns those whose verdict is UNDECIDED (statistical) and may get another look. Each tier is
// one pool over the cases of every theorem, so that one theorem's slow cases overlap the others'.
std::vector<std::size_t> look_at(const RefCases& work,
                                 std::vector<std::size_t> pending, const CheckSettings& settings, unsigned look,
                                 std::vector<CaseOutcome>& outcomes, std::vector<LookMemory>& memory,
                                 DecidedCounter& counter) {
  const bool last_look = look >= settings.max_sample_doublings;
  const std::vector<CaseRef>& refs = work.refs;
  const auto& case_of = work.case_of;
  const auto& theorem_of = work.theorem_of;
  std::vector<std::size_t> undecided_statistical;
  std::mutex undecided_mutex;
  // A case is final for the run when it is final at this look and no further look is due.
  auto finish = [&](std::size_t k, DecidingRound round) {
    if (outcomes[k].verdict == Verdict::UndecidedStatistical && !last_look) {
      std::lock_guard<std::mutex> lock(undecided_mutex);
      undecided_statistical.push_back(k);
      return;
    }
    counter.decided(refs[k].theorem, round);
  };

  if (settings.binary64_tier) {
    std::vector<char> settled(refs.size(), 0);
    parallel_for_each(pending, settings.threads, [&](std::size_t k) {
      LookMemory& m = memory[k];
      TierOutcome t = binary64_outcome(theorem_of(k), case_of(k), refs[k].index, settings, look);
      const bool kept = t.settled || (m.binary64_suffices && t.outcome.verdict == Verdict::UndecidedStatistical);
      if (!kept) {
        m.binary64_width = t.slack_width;
        return;
      }
      outcomes[k] = std::move(t.outcome);
      settled[k] = 1;
      finish(k, {Tier::Binary64, kBinary64TierBits});
    });
    std::erase_if(pending, [&](std::size_t k) { return settled[k] != 0; });
  }
  parallel_for_each(pending, settings.threads, [&](std::size_t k) {
    TierOutcome t = mpfi_ladder(theorem_of(k), case_of(k), refs[k].index, settings, look);
    LookMemory& m = memory[k];
    m.binary64_suffices =
        t.outcome.verdict == Verdict::UndecidedStatistical && !(t.slack_width < m.binary64_width / 2);
    CaseOutcome& out = outcomes[k];
    out = std::move(t.outcome);
    finish(k, {out.exact.empty() ? Tier::Mpfi : Tier::Exact, out.precision_bits});
  });
  std::sort(undecided_statistical.begin(), undecided_statistical.end());
  return undecided_statistical;
}

}  // namespace

CaseOutcome mpfi_ladder_outcome(const Theorem& theorem, const Case& c, std::size_t index,
                                const CheckSettings& settings, unsigned look) {
  return mpfi_ladder(theorem, c, index, settings, look).outcome;
}

double look_confidence(double confidence, unsigned look, unsigned max_doublings) {
  const double alpha = 1 - confidence;
  return 1 - std::ldexp(alpha, -static_cast<int>(std::min(look + 1, max_doublings)));
}

std::uint64_t case_seed(std::uint64_t run_seed, std::uint64_t index) {
  return splitmix64(run_seed ^ splitmix64(index + 0x6e6f726d626f756eULL));
}

std::vector<CaseRef> case_refs(const std::vector<TheoremCaseList>& work) {
  std::vector<CaseRef> refs;
  for (std::size_t t = 0; t < work.size(); ++t)
    for (std::size_t i = 0; i < work[t].cases->size(); ++i) refs.push_back({t, i});
  return refs;
}

namespace {

// evaluate_case_refs and evaluate_built_cases: refuses the cases that break their theorem's
// assumptions, then looks at the others until none is due another look.
std::vector<CaseOutcome> evaluate_ref_cases(const RefCases& work, std::size_t theorems, const CheckSettings& settings,
                                            const TheoremProgressFn& progress) {
  std::vector<CaseOutcome> outcomes(work.refs.size());
  std::vector<LookMemory> memory(work.refs.size());
  DecidedCounter counter(theorems, work.refs, progress);
  std::vector<std::size_t> pending;
  for (std::size_t k = 0; k < work.refs.size(); ++k) {
    try {
      work.theorem_of(k).check_assumptions(work.case_of(k));
      pending.push_back(k);
    } catch (const InputError& e) {
      outcomes[k] = refused_outcome(work.case_of(k), work.refs[k].index, e.what());
      counter.decided(work.refs[k].theorem, {Tier::Binary64, kBinary64TierBits});
    }
  }
  for (unsigned look = 0; !pending.empty(); ++look)
    pending = look_at(work, std::move(pending), settings, look, outcomes, memory, counter);
  return outcomes;
}

}  // namespace

std::vector<CaseOutcome> evaluate_case_refs(const std::vector<TheoremCaseList>& work, const std::vector<CaseRef>& refs,
                                            const CheckSettings& settings, const TheoremProgressFn& progress) {
  const RefCases cases{refs, [&](std::size_t k) -> const Case& { return (*work[refs[k].theorem].cases)[refs[k].index]; },
                       [&](std::size_t k) -> const Theorem& { return *work[refs[k].theorem].theorem; }};
  return evaluate_ref_cases(cases, work.size(), settings, progress);
}

std::vector<CaseOutcome> evaluate_built_cases(const std::vector<const Theorem*>& theorems,
                                              const std::vector<CaseRef>& refs, const std::vector<Case>& cases,
                                              const CheckSettings& settings, const TheoremProgressFn& progress) {
  const RefCases built{refs, [&](std::size_t k) -> const Case& { return cases[k]; },
                       [&](std::size_t k) -> const Theorem& { return *theorems[refs[k].theorem]; }};
  return evaluate_ref_cases(built, theorems.size(), settings, progress);
}

std::vector<std::vector<CaseOutcome>> evaluate_theorems(const std::vector<TheoremCaseList>& work,
                                                     const CheckSettings& settings,
                                                     const TheoremProgressFn& progress) {
  const std::vector<CaseRef> refs = case_refs(work);
  std::vector<CaseOutcome> flat = evaluate_case_refs(work, refs, settings, progress);
  std::vector<std::vector<CaseOutcome>> outcomes(work.size());
  for (std::size_t k = 0; k < refs.size(); ++k) outcomes[refs[k].theorem].push_back(std::move(flat[k]));
  return outcomes;
}

std::vector<CaseOutcome> evaluate_cases(const Theorem& theorem, const std::vector<Case>& cases,
                                        const CheckSettings& settings, const ProgressFn& progress) {
  const TheoremProgressFn each = [&](std::size_t, std::size_t done, std::size_t total, DecidingRound round) {
    if (progress) progress(done, total, round);
  };
  return std::move(evaluate_theorems({{&theorem, &cases}}, settings, each).front());
}

}  // namespace nb
