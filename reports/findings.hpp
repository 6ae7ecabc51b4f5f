#pragma once
// The findings: one paragraph per theorem, generated from the results, saying whether the
// statement holds on every case, is violated (with its minimal witness) or is left undecided, and
// whether and where it is tight. Theorems that hold on every case come first, then those with
// undecided cases, then the violated ones; within a group, results order.
#include <vector>

#include "reports/rich_text.hpp"
#include "reports/theorem_report.hpp"
#include "verify/results.hpp"

namespace nb::reports {

std::vector<RichText> findings_of(const RunSettingsRecord& settings, const std::vector<TheoremReport>& theorems);

}  // namespace nb::reports
