#pragma once
// What bounded results keep of a theorem's cases (TheoremResult::kept) when a run does not hold
// every outcome: the counts and summary statistics of every case per (layer, head), the cases a
// reader needs in full, and how many flagged cases were left out. A run over every row of a model
// keeps this much whatever the number of rows (verify/results/outcome_keeper.hpp).
#include <array>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "verify/engine/verdict.hpp"
#include "verify/results/looseness.hpp"

namespace nb {

// Flagged cases (is_flagged_outcome) kept in full per theorem: the first ones by case index.
inline constexpr std::size_t kKeptFlaggedCases = 1000;
// Certified violations kept in full per theorem, fewest input values first (as summarize keeps).
inline constexpr std::size_t kKeptViolations = 50;
// PROVEN and NEAR-TIGHT cases kept in full per (layer, head): the smallest relative slacks.
inline constexpr std::size_t kKeptTightestPerHead = 3;

// The cases of one (layer, head) of a source; layer and head are -1 where the cases carry none
// (then one summary holds every case).
struct HeadSummary {
  int layer = -1, head = -1;
  std::size_t cases = 0;
  std::array<std::size_t, kVerdictCount> counts{};
  // Over the cases with a certified verdict (PROVEN, NEAR-TIGHT, EQUAL (exact), TIGHT, VIOLATED):
  // the smallest slack and relative slack, as the midpoints of their enclosures (a description,
  // never a verdict), and the case of the smallest relative slack. Infinite when there is none.
  double min_slack = std::numeric_limits<double>::infinity();
  double min_relative_slack = std::numeric_limits<double>::infinity();
  std::size_t tightest_index = 0;
};

struct KeptOutcomes {
  std::size_t flagged = 0;       // flagged cases decided
  std::size_t flagged_kept = 0;  // of those, kept in full (the first kKeptFlaggedCases by index)
  std::vector<HeadSummary> heads;  // by layer, then head
  // The median log10 relative slack of the PROVEN and NEAR-TIGHT cases with a positive one, and
  // their number (what a report's tightness summary computes from every outcome).
  std::size_t median_cases = 0;
  std::optional<double> median_log10_relative_slack;
  // The looseness of the theorem over every case (source_looseness.hpp), when a case has a
  // tightness ratio: what looseness_of computes from all outcomes.
  std::optional<TheoremLooseness> looseness;
};

}  // namespace nb
