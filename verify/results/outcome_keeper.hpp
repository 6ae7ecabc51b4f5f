#pragma once
// A theorem's outcomes folded into bounded results as they are decided, none held beyond what
// bounded results keep (kept_outcomes.hpp): the counts of every verdict and the summary statistics
// per (layer, head), the looseness, the worst case and the violations summarize would give, the
// first kKeptFlaggedCases flagged cases and the kKeptTightestPerHead tightest proven cases of
// each head. What it keeps depends on the outcomes alone, not on their order: keepers of parts of
// a run (the chunks of MPI ranks) merge into the keeper of the whole run. The medians over every
// case (of the tightness ratios per head and per theorem, of the relative slacks) are exact and
// their values are spooled to a temporary file beyond a bound (verify/results/spooled_medians.hpp),
// so memory does not grow with the cases.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "verify/engine/outcome.hpp"
#include "verify/engine/process_bytes.hpp"
#include "verify/results/results.hpp"
#include "verify/results/spooled_medians.hpp"

namespace nb {

// A case a reader needs in full: not PROVEN, NEAR-TIGHT or HOLDS (statistical) (so VIOLATED,
// TIGHT, INCONCLUSIVE, EQUAL (exact) and the other statistical verdicts), or with a NaN end in
// its slack or relative slack.
bool is_flagged_outcome(const CaseOutcome& o);

class OutcomeKeeper {
 public:
  void add(const CaseOutcome& o);
  // Adds what `other` kept: the keeper then holds what one keeper given both's outcomes would.
  void merge(const OutcomeKeeper& other);

  std::size_t cases() const { return cases_; }

  // Every field as exact bytes (an MPI rank's chunk, verify/engine/process_bytes.hpp).
  void write(ByteWriter& w) const;
  static OutcomeKeeper read(ByteReader& r);

  // The theorem's bounded results: counts, expectation, worst case and violations (the first
  // kKeptViolations in full) as summarize gives them from every outcome; `outcomes` the kept cases
  // in case order; `kept` the per-head summaries and the looseness. case_at(i) builds case i, for
  // the worst case and the violations.
  TheoremResult result(const TheoremInfo& info, const std::function<Case(std::size_t)>& case_at, CaseOrigin origin) const;

  // The cases result() builds in full (case_at): the worst case and the kept violations, by index.
  std::vector<std::size_t> cases_shown() const;

  // The spread of the log10 tightness ratios (verify/results/tightness_ratio.hpp) over every case
  // that has one, the median exact; nothing when none has one.
  std::optional<Log10RatioSpread> ratio_spread() const;

 private:
  struct Head {
    HeadSummary summary;
    std::uint32_t ratios = 0;  // the group of its cases' log10 tightness ratios in medians_
    std::map<std::pair<double, std::size_t>, CaseOutcome> tightest;  // (relative slack, index)
  };
  // Group 0 of medians_ holds the log10 relative slacks of the PROVEN and NEAR-TIGHT cases.
  static constexpr std::uint32_t kRelativeSlacks = 0;
  Head& head_of(const std::pair<int, int>& key);
  void add_to_head(Head& head, const CaseOutcome& o);
  void keep_worst(const CaseOutcome& o);
  void keep_violation(const CaseOutcome& o);
  void keep_flagged(const CaseOutcome& o);

  std::size_t cases_ = 0, flagged_ = 0, violations_total_ = 0;
  VerdictCounts counts_{};
  std::map<std::pair<int, int>, Head> heads_;
  SpooledMedians medians_;
  std::map<std::size_t, CaseOutcome> flagged_kept_;                          // by index
  std::map<std::pair<std::size_t, std::size_t>, CaseOutcome> violations_;  // by (size, index)
  std::optional<CaseOutcome> worst_;
};

}  // namespace nb
