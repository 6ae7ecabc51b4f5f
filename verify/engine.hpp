#pragma once
// The verdict engine: evaluates a theorem on cases in interval arithmetic, escalating precision
// Ziv-style for undecided cases, and classifies each case.
#include <cstdint>
#include <functional>
#include <vector>

#include "verify/outcome.hpp"
#include "verify/theorem.hpp"

namespace nb {

struct CheckSettings {
  unsigned precision = 128;      // first working precision, bits
  unsigned max_precision = 2048; // escalation cap, bits (>= precision)
  VerdictPolicy policy;
  unsigned threads = 1;
  double confidence = 0.999;
  std::uint64_t seed = 0;
  ExactBudget exact;  // for claims TIGHT at max_precision (verify/exact_decision.hpp); 0 units: off
};

// Called after each case is decided at a precision round, from any worker thread, serialized by
// the engine: (cases decided so far, total cases, current round's precision in bits).
using ProgressFn = std::function<void(std::size_t, std::size_t, unsigned)>;

// Evaluates `theorem` on every case. Round r evaluates the still-undecided cases at precision
// min(precision * 2^r, max_precision), all cases of a round in parallel on `threads` threads;
// a case leaves the loop once its verdict is not Inconclusive or the round was at max_precision.
// Claims TIGHT at max_precision are then decided in exact arithmetic where possible.
// The outcome of case i depends only on the case, i and the settings (not on `threads`).
// Throws InputError (naming the case) if a case breaks the theorem's assumptions; rethrows the
// first exception of any evaluation.
std::vector<CaseOutcome> evaluate_cases(const Theorem& theorem, const std::vector<Case>& cases,
                                        const CheckSettings& settings, const ProgressFn& progress = {});

// The seed an evaluation of case `index` receives (a SplitMix64 mix of the run seed and index).
std::uint64_t case_seed(std::uint64_t run_seed, std::uint64_t index);

}  // namespace nb
