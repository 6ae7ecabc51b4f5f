#pragma once
// What a report says about one theorem beyond its recorded result: its tightness figures and the
// cases it shows in full. Computed once and shared by every format.
#include <cstddef>

#include "reports/flagged_cases.hpp"
#include "reports/tightness.hpp"
#include "verify/results/results.hpp"

namespace nb::reports {

struct TheoremReport {
  const TheoremResult* result = nullptr;
  Tightness tightness;
  FlaggedCases flagged;
};

// The report of `theorem`, showing at most `top` NEAR-TIGHT/TIGHT cases. Refers into `theorem`.
TheoremReport theorem_report(const TheoremResult& theorem, std::size_t top);

}  // namespace nb::reports
