#pragma once
// The verdict engine: evaluates a theorem on cases in interval arithmetic and classifies each
// case. A case goes through tiers, as a filtered predicate does: first binary64 intervals
// (DoubleInterval), whose verdict is kept when it is settled (is_settled); otherwise MPFI at
// rising precision (Ziv). A statistical case still undecided gets more samples (sequential looks).
#include <compare>
#include <cstdint>
#include <functional>
#include <vector>

#include "verify/engine/outcome.hpp"
#include "verify/engine/theorem.hpp"

namespace nb {

struct CheckSettings {
  bool binary64_tier = true;     // try DoubleInterval before MPFI
  unsigned precision = 128;      // first MPFI working precision, bits
  unsigned max_precision = 2048; // escalation cap, bits (>= precision)
  VerdictPolicy policy;
  unsigned threads = 1;
  double confidence = 0.999;     // overall level of a statistical verdict, over all its looks
  unsigned max_sample_doublings = 4;  // looks after the first: up to 2^4 = 16 times the samples
                                      // (at most kMaxSampleDoublings)
  std::uint64_t seed = 0;
  ExactBudget exact;  // for claims TIGHT at max_precision (verify/engine/exact_decision.hpp); 0 units: off
  // CPU seconds each case's exact decision may take (verify/engine/exact_decision_in_child.hpp); beyond
  // them its claims stay TIGHT, with the reason kExactOverTimeLimit.
  double exact_time_limit = 5;
};

// The level of the confidence intervals at look k (k = 0 first) when a case may be looked at up
// to max_doublings + 1 times: alpha spending with alpha_k = alpha 2^-(k+1) for k < max_doublings
// and alpha_max = alpha 2^-max_doublings, whose sum is alpha = 1 - confidence. By the union bound,
// the verdict reached at any look is wrong with probability at most alpha.
double look_confidence(double confidence, unsigned look, unsigned max_doublings);

// The precision of outcomes decided by the binary64 tier (precision_bits of a CaseOutcome).
inline constexpr unsigned kBinary64TierBits = 53;

// The round of the tiers that decided a case: the binary64 interval tier, MPFI at `bits`, or MPFI at
// the cap followed by the exact (Calcium) evaluation of its TIGHT claims.
enum class Tier { Binary64, Mpfi, Exact };
struct DecidingRound {
  Tier tier = Tier::Binary64;
  unsigned bits = kBinary64TierBits;  // the outcome's precision_bits
};

// Called after each case is decided, from any worker thread, serialized by the engine: (cases
// decided so far, total cases, the round that decided it).
using ProgressFn = std::function<void(std::size_t, std::size_t, DecidingRound)>;

// Evaluates `theorem` on every case, cases in parallel on `threads` threads:
//  1. (binary64_tier) every case in DoubleInterval; a case whose claims are all settled keeps
//     that outcome (precision_bits = kBinary64TierBits);
//  2. each remaining case climbs its own ladder in MPFI (mpfi_ladder_outcome): from precision
//     bits, doubling up to max_precision (the worker thread's precision, verify/numbers/numbers.hpp), or
//     straight to max_precision once every Inconclusive claim is within resolution (the width at
//     which classify would call it Tight at the cap), until its verdict is not Inconclusive or the
//     round was at max_precision;
//  3. a case still UNDECIDED (statistical) is evaluated again from step 1 with twice the samples
//     (EvalContext::sample_doublings), at most max_sample_doublings times, each look at the level
//     look_confidence. A case that MPFI left UNDECIDED (statistical) with a confidence interval
//     at least half as wide as binary64's keeps binary64's UNDECIDED (statistical) at later looks
//     (more precision did not help; only certain verdicts ever need it).
//  4. claims TIGHT at max_precision are decided in exact arithmetic where possible
//     (verify/engine/exact_decision.hpp), each case's attempt within exact_time_limit seconds of CPU time
//     (verify/engine/exact_decision_in_child.hpp).
// The outcome of case i depends only on the case, i and the settings (not on `threads`).
// A case that breaks the theorem's assumptions (check_assumptions throws InputError) is not
// evaluated: its outcome is REFUSED, the reason in `exact`. Rethrows the first exception of any
// evaluation.
std::vector<CaseOutcome> evaluate_cases(const Theorem& theorem, const std::vector<Case>& cases,
                                        const CheckSettings& settings, const ProgressFn& progress = {});

// Step 2 of evaluate_cases for case `c` (position `index`) at look `look` (0: the first), on the
// calling thread, with step 4 at its end: the outcome of its last MPFI round. The calling
// thread's working precision is left at that round's.
CaseOutcome mpfi_ladder_outcome(const Theorem& theorem, const Case& c, std::size_t index,
                                const CheckSettings& settings, unsigned look);

// A theorem and the cases to evaluate it on (both outlive the call).
struct TheoremCaseList {
  const Theorem* theorem = nullptr;
  const std::vector<Case>* cases = nullptr;
};

// Called like ProgressFn, with the position of the case's theorem in the list first.
using TheoremProgressFn = std::function<void(std::size_t, std::size_t, std::size_t, DecidingRound)>;

// evaluate_cases for several theorems at once: outcomes[t][i] is exactly evaluate_cases(work[t])[i]
// (the same tiers, guarantees and independence of `threads`), but the cases of all theorems share
// one pool of threads per tier, so that a slow case of one theorem does not leave threads idle
// while the others wait. Checks every case's assumptions (refusing those that break them) before
// evaluating any.
std::vector<std::vector<CaseOutcome>> evaluate_theorems(const std::vector<TheoremCaseList>& work,
                                                     const CheckSettings& settings,
                                                     const TheoremProgressFn& progress = {});

// Case `index` of theorem `theorem` (positions in the list given to evaluate_theorems).
struct CaseRef {
  std::size_t theorem = 0, index = 0;
  friend auto operator<=>(const CaseRef&, const CaseRef&) = default;
};

// The cases of evaluate_theorems(work) in its order: theorem by theorem, each in case order.
std::vector<CaseRef> case_refs(const std::vector<TheoremCaseList>& work);

// evaluate_theorems for the cases `refs` of `work` alone (outcomes in the order of `refs`): each
// outcome is exactly evaluate_theorems(work)'s, so a run may split its cases among processes.
// Checks (and refuses on) only the assumptions of `refs`; progress counts, per theorem, its cases among `refs`.
std::vector<CaseOutcome> evaluate_case_refs(const std::vector<TheoremCaseList>& work, const std::vector<CaseRef>& refs,
                                            const CheckSettings& settings, const TheoremProgressFn& progress = {});

// evaluate_case_refs on cases given beside their refs, for cases built when asked (CaseList):
// cases[k] is case refs[k].index of theorems[refs[k].theorem]. Each outcome is exactly what
// evaluate_case_refs gives that case at that index (its position in its theorem's whole list,
// which seeds it), so a run may build and decide its cases a chunk at a time.
std::vector<CaseOutcome> evaluate_built_cases(const std::vector<const Theorem*>& theorems,
                                              const std::vector<CaseRef>& refs, const std::vector<Case>& cases,
                                              const CheckSettings& settings, const TheoremProgressFn& progress = {});

// The seed an evaluation of case `index` receives (a SplitMix64 mix of the run seed and index).
std::uint64_t case_seed(std::uint64_t run_seed, std::uint64_t index);

}  // namespace nb
