#pragma once
// The findings: an overview sentence counting the theorems of each kind, then one paragraph per
// theorem, generated from the results: what is false (certified counterexamples, the witness with
// the fewest input values to 6 significant digits, and the valid form the theorem data name), what
// is violated statistically, what is sharp (attained, or within the near-tight threshold), what is loose, and
// what the run left undecided, in that order; within a kind, results order. Only certified
// verdicts count as holding or as counterexamples.
#include <vector>

#include "reports/rich_text.hpp"
#include "reports/theorem_report.hpp"
#include "verify/results/results.hpp"

namespace nb::reports {

std::vector<RichText> findings_of(const RunSettingsRecord& settings, const std::vector<TheoremReport>& theorems);

}  // namespace nb::reports
